// The part of autocannon's programmatic API the server benchmark uses (the package ships no types).
declare module 'autocannon' {
  interface AutocannonRequest {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    setupRequest?: (request: AutocannonRequest) => AutocannonRequest;
  }
  interface AutocannonOptions {
    url: string;
    connections?: number;
    duration?: number;
    requests?: AutocannonRequest[];
  }
  interface AutocannonResult {
    requests: { average: number };
    latency: { p99: number; p50: number };
    non2xx: number;
    errors: number;
    timeouts: number;
  }
  export default function autocannon(options: AutocannonOptions): Promise<AutocannonResult>;
}
