import { expect } from 'vitest';
import { TEST_ADMIN_TOKEN, type ServerHarness } from '../server-harness.js';

/** Reads `GET /metrics` with the admin token, as Prometheus would, and returns its text. */
export async function scrape(harness: ServerHarness): Promise<string> {
  const response = await harness.request('/metrics', { headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` } });
  expect(response.status).toBe(200);
  return response.text();
}

const sampleLine = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/;
const labelPair = /(\w+)="((?:[^"\\]|\\.)*)"/g;

/**
 * Returns the value of the sample `name` whose labels are exactly `labels` in a Prometheus text
 * exposition, or undefined when there is none.
 */
export function readSample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels).sort().join(';');
  for (const line of text.split('\n')) {
    const match = sampleLine.exec(line);
    if (match === null || match[1] !== name) continue;
    const found = [...(match[2] ?? '').matchAll(labelPair)].map((pair) => [pair[1], pair[2]]).sort().join(';');
    if (found === wanted) return Number(match[3]);
  }
  return undefined;
}
