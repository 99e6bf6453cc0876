import { http, HttpResponse } from 'msw';
import type { HttpResponseResolver } from 'msw';
import { setupServer } from 'msw/node';
import type { SetupServer } from 'msw/node';

/** A request seen by the in-process collector, with its body already read. */
export interface CollectedRequest {
  readonly url: string;
  readonly method: string;
  readonly headers: Headers;
  readonly credentials: RequestCredentials;
  readonly text: string;
}

/** An msw server that answers every POST to the given URLs with 202 and records the requests. */
export interface Collector {
  readonly server: SetupServer;
  readonly requests: CollectedRequest[];
  /** Resolves once `count` requests have been recorded. */
  waitForRequests(count: number): Promise<CollectedRequest[]>;
  /** Answers POSTs to `url` with `resolver` instead of 202 (until `server.resetHandlers()`). */
  respondWith(url: string, resolver: HttpResponseResolver): void;
}

/** Builds a {@link Collector}; call `server.listen({ onUnhandledRequest: 'error' })` in `beforeAll`. */
export function createCollector(urls: readonly string[]): Collector {
  const requests: CollectedRequest[] = [];
  const waiters: Array<() => void> = [];
  const record = async (request: Request): Promise<void> => {
    requests.push({
      url: request.url,
      method: request.method,
      headers: request.headers,
      credentials: request.credentials,
      text: await request.clone().text(),
    });
    for (const wake of waiters.splice(0)) wake();
  };
  const server = setupServer(
    ...urls.map((url) => http.post(url, async ({ request }) => {
      await record(request);
      return new HttpResponse(null, { status: 202 });
    })),
  );
  return {
    server,
    requests,
    async waitForRequests(count) {
      while (requests.length < count) await new Promise<void>((resolve) => waiters.push(resolve));
      return requests.slice(0, count);
    },
    respondWith(url, resolver) {
      server.use(http.post(url, async (info) => {
        await record(info.request);
        return resolver(info);
      }));
    },
  };
}

/**
 * Records unhandled promise rejections while a test runs. `settle()` waits long enough for a
 * fire-and-forget request to fail and returns what was recorded.
 */
export function watchUnhandledRejections(): { settle(): Promise<unknown[]>; stop(): void } {
  const seen: unknown[] = [];
  const listener = (reason: unknown): void => {
    seen.push(reason);
  };
  process.on('unhandledRejection', listener);
  return {
    async settle() {
      await new Promise((resolve) => setTimeout(resolve, 50));
      return seen;
    },
    stop() {
      process.off('unhandledRejection', listener);
    },
  };
}
