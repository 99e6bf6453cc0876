import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';

/**
 * Installs, for the calling test file, an msw server that fails every network request and records
 * its URL; returns the list, emptied after each test (mocks are restored then too).
 */
export function recordNetworkRequests(): string[] {
  const requests: string[] = [];
  const server = setupServer();
  server.events.on('request:start', ({ request }) => {
    requests.push(request.url);
  });
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    requests.length = 0;
    vi.restoreAllMocks();
  });
  afterAll(() => server.close());
  return requests;
}
