// @vitest-environment happy-dom
// @vitest-environment-options {"url": "https://app.example.com/clients/jane.doe/contract?token=secret#page=2"}
import { readFileSync } from 'node:fs';
import { URL as NodeUrl } from 'node:url';
import { HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTelemetry } from '../../src/telemetry/create-telemetry.js';
import { QuireOptionsError } from '../../src/quire-options-error.js';
import { createCollector, watchUnhandledRejections } from './collector.js';

const DEFAULT_ENDPOINT = 'https://telemetry.quire.invalid/v1/collect';
const CUSTOM_ENDPOINT = 'https://collector.example.com/v1/collect';
const PAGE_RELATIVE_ENDPOINT = 'https://app.example.com/api/quire/collect';
const collector = createCollector([DEFAULT_ENDPOINT, CUSTOM_ENDPOINT, PAGE_RELATIVE_ENDPOINT]);

// happy-dom replaces the global URL, which readFileSync does not accept.
const packageVersion = (JSON.parse(readFileSync(new NodeUrl('../../package.json', import.meta.url), 'utf8')) as {
  version: string;
}).version;

const openedAt = new Date(Date.UTC(2026, 0, 31, 9, 15, 0, 250));
const now = (): Date => openedAt;
const event = { documentId: 'a1b2c3', documentCreatedAt: '2024-05-01T10:00:00Z' };

function parseBody(text: string | undefined): unknown {
  return JSON.parse(text ?? 'null');
}

describe('createTelemetry in a browser', () => {
  let rejections: ReturnType<typeof watchUnhandledRejections>;

  beforeAll(() => collector.server.listen({ onUnhandledRequest: 'error' }));
  beforeEach(() => {
    rejections = watchUnhandledRejections();
  });
  afterEach(async () => {
    expect(await rejections.settle()).toEqual([]);
    rejections.stop();
    collector.server.resetHandlers();
    collector.requests.length = 0;
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
  afterAll(() => collector.server.close());

  it('sends one report per open to the default endpoint with the community key', async () => {
    const telemetry = createTelemetry({ now });
    telemetry.reportOpen(event);
    const [request] = await collector.waitForRequests(1);
    expect(request?.url).toBe(DEFAULT_ENDPOINT);
    expect(request?.method).toBe('POST');
    expect(request?.headers.get('content-type')).toBe('application/json');
    expect(request?.headers.get('x-license-key')).toBe('community-and-eval-agplv3');
    expect(request?.credentials).toBe('omit');
    expect(parseBody(request?.text)).toStrictEqual({
      libraryVersion: packageVersion,
      browserInfo: {
        userAgent: navigator.userAgent,
        currentUrl: 'https://app.example.com',
        hostname: 'app.example.com',
        screenSize: { width: screen.width, height: screen.height },
      },
      events: [{ timestamp: '2026-01-31T09:15:00.250Z', documentId: 'a1b2c3', documentCreatedAt: '2024-05-01T10:00:00Z' }],
    });
  });

  it('never sends the path, query or fragment of the page', async () => {
    createTelemetry({ now }).reportOpen(event);
    const [request] = await collector.waitForRequests(1);
    for (const fragment of ['clients', 'jane.doe', 'token', 'secret', 'page=2']) {
      expect(request?.text).not.toContain(fragment);
    }
  });

  it('sends a separate request with a single event for each open', async () => {
    const telemetry = createTelemetry({ now });
    telemetry.reportOpen({ documentId: 'first', documentCreatedAt: '2024-01-01T00:00:00Z' });
    telemetry.reportOpen({ documentId: 'second', documentCreatedAt: '2024-02-01T00:00:00Z' });
    const requests = await collector.waitForRequests(2);
    const events = requests.map((request) => (parseBody(request.text) as { events: Array<{ documentId: string }> }).events);
    expect(events.map((list) => list.length)).toEqual([1, 1]);
    expect(events.map((list) => list[0]?.documentId).sort()).toEqual(['first', 'second']);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(collector.requests).toHaveLength(2);
  });

  it('sends the same payload to a custom endpoint', async () => {
    createTelemetry({ now, telemetry: { endpoint: CUSTOM_ENDPOINT } }).reportOpen(event);
    createTelemetry({ now }).reportOpen(event);
    const requests = await collector.waitForRequests(2);
    const custom = requests.find((request) => request.url === CUSTOM_ENDPOINT);
    const standard = requests.find((request) => request.url === DEFAULT_ENDPOINT);
    expect(custom).toBeDefined();
    expect(parseBody(custom?.text)).toStrictEqual(parseBody(standard?.text));
    expect(custom?.headers.get('x-license-key')).toBe(standard?.headers.get('x-license-key'));
  });

  it('resolves a path endpoint against the page, for integrators routing through their own server', async () => {
    const telemetry = createTelemetry({ now, telemetry: { endpoint: '/api/quire/collect' } });
    expect(telemetry.endpoint).toBe(PAGE_RELATIVE_ENDPOINT);
    telemetry.reportOpen(event);
    const [request] = await collector.waitForRequests(1);
    expect(request?.url).toBe(PAGE_RELATIVE_ENDPOINT);
  });

  it('includes the configured metadata in every report', async () => {
    const telemetry = createTelemetry({ now, telemetry: { metadata: { tenant: 'acme', tier: { name: 'gold' } } } });
    telemetry.reportOpen(event);
    telemetry.reportOpen(event);
    const requests = await collector.waitForRequests(2);
    for (const request of requests) {
      expect((parseBody(request.text) as { metadata: unknown }).metadata).toStrictEqual({ tenant: 'acme', tier: { name: 'gold' } });
    }
  });

  it('omits metadata when none is configured', async () => {
    createTelemetry({ now }).reportOpen(event);
    const [request] = await collector.waitForRequests(1);
    expect(Object.keys(parseBody(request?.text) as object)).toEqual(['libraryVersion', 'browserInfo', 'events']);
  });

  it('sends the root licenseKey rather than the deprecated one, warning once', async () => {
    const warn = vi.fn();
    const telemetry = createTelemetry({ now, warn, licenseKey: 'org-root', telemetry: { licenseKey: 'org-old' } });
    telemetry.reportOpen(event);
    telemetry.reportOpen(event);
    const requests = await collector.waitForRequests(2);
    expect(requests.map((request) => request.headers.get('x-license-key'))).toEqual(['org-root', 'org-root']);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('sends the deprecated telemetry.licenseKey when it is the only key', async () => {
    const warn = vi.fn();
    createTelemetry({ now, warn, telemetry: { licenseKey: 'org-old' } }).reportOpen(event);
    const [request] = await collector.waitForRequests(1);
    expect(request?.headers.get('x-license-key')).toBe('org-old');
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('passes credentials omit, cors mode and keepalive to fetch', () => {
    const fetch = vi.fn((_url: string, _init: RequestInit) => Promise.resolve(new Response(null, { status: 202 })));
    createTelemetry({ now, fetch, licenseKey: 'org-123' }).reportOpen(event);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]?.[1]).toMatchObject({ method: 'POST', credentials: 'omit', mode: 'cors', keepalive: true });
  });

  it('makes no request and does not even look up fetch when disabled', async () => {
    const original = globalThis.fetch;
    const lookups = vi.fn(() => original);
    Object.defineProperty(globalThis, 'fetch', { get: lookups, configurable: true });
    try {
      const injected = vi.fn();
      const telemetry = createTelemetry({ now, telemetry: { enabled: false } });
      const injectedTelemetry = createTelemetry({ now, fetch: injected, telemetry: { enabled: false } });
      telemetry.reportOpen(event);
      injectedTelemetry.reportOpen(event);
      expect(telemetry.enabled).toBe(false);
      expect(lookups).not.toHaveBeenCalled();
      expect(injected).not.toHaveBeenCalled();
    } finally {
      Object.defineProperty(globalThis, 'fetch', { value: original, configurable: true, writable: true });
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(collector.requests).toHaveLength(0);
  });

  it('throws a QuireOptionsError at construction for an endpoint that is not a URL', () => {
    expect(() => createTelemetry({ telemetry: { endpoint: 'collector.example.com/collect' } })).toThrow(QuireOptionsError);
  });

  describe('never throws into the host and never waits', () => {
    it('when the network fails', async () => {
      collector.respondWith(CUSTOM_ENDPOINT, () => HttpResponse.error());
      const telemetry = createTelemetry({ now, telemetry: { endpoint: CUSTOM_ENDPOINT } });
      expect(telemetry.reportOpen(event)).toBeUndefined();
      await collector.waitForRequests(1);
    });

    it.each([404, 500])('when the collector answers %i', async (status) => {
      collector.respondWith(CUSTOM_ENDPOINT, () => new HttpResponse('nope', { status }));
      const telemetry = createTelemetry({ now, telemetry: { endpoint: CUSTOM_ENDPOINT } });
      expect(() => telemetry.reportOpen(event)).not.toThrow();
      await collector.waitForRequests(1);
    });

    it('when fetch never settles, returning synchronously', () => {
      const order: string[] = [];
      const fetch = vi.fn(() => {
        order.push('fetch called');
        return new Promise<never>(() => {});
      });
      const result = createTelemetry({ now, fetch }).reportOpen(event);
      order.push('reportOpen returned');
      expect(result).toBeUndefined();
      expect(order).toEqual(['fetch called', 'reportOpen returned']);
    });

    it('when the global fetch has been deleted', () => {
      const original = globalThis.fetch;
      Reflect.deleteProperty(globalThis, 'fetch');
      try {
        expect(typeof (globalThis as { fetch?: unknown }).fetch).toBe('undefined');
        expect(() => createTelemetry({ now }).reportOpen(event)).not.toThrow();
      } finally {
        globalThis.fetch = original;
      }
    });

    it('when the clock throws', () => {
      const fetch = vi.fn();
      const telemetry = createTelemetry({ fetch, now: () => { throw new Error('clock broken'); } });
      expect(() => telemetry.reportOpen(event)).not.toThrow();
      expect(fetch).not.toHaveBeenCalled();
    });

    it('when the event is malformed', () => {
      const telemetry = createTelemetry({ now, fetch: vi.fn() });
      expect(() => telemetry.reportOpen(null as unknown as typeof event)).not.toThrow();
    });
  });
});
