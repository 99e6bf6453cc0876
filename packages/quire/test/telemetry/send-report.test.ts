import { delay, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { sendReport } from '../../src/telemetry/send-report.js';
import type { TelemetryReport } from '../../src/telemetry/types.js';
import { createCollector, watchUnhandledRejections } from './collector.js';

const ENDPOINT = 'https://collector.example.com/v1/collect';
const collector = createCollector([ENDPOINT]);

const report: TelemetryReport = {
  libraryVersion: '1.2.3',
  browserInfo: {
    userAgent: 'TestBrowser/1.0',
    currentUrl: 'https://app.example.com',
    hostname: 'app.example.com',
    screenSize: { width: 1280, height: 800 },
  },
  events: [{ timestamp: '2026-01-31T09:15:00.000Z', documentId: 'abc123', documentCreatedAt: '2024-05-01T10:00:00Z' }],
};

describe('sendReport', () => {
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
  });
  afterAll(() => collector.server.close());

  it('POSTs the report as JSON with the license key header', async () => {
    sendReport(report, { endpoint: ENDPOINT, licenseKey: 'org-123' });
    const [request] = await collector.waitForRequests(1);
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe(ENDPOINT);
    expect(request?.headers.get('content-type')).toBe('application/json');
    expect(request?.headers.get('x-license-key')).toBe('org-123');
    expect(JSON.parse(request?.text ?? '')).toStrictEqual(report);
  });

  it('sends without credentials, in cors mode and with keepalive', () => {
    const fetch = vi.fn(() => Promise.resolve(new Response(null, { status: 202 })));
    sendReport(report, { endpoint: ENDPOINT, licenseKey: 'org-123', fetch });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledWith(ENDPOINT, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-License-Key': 'org-123' },
      body: JSON.stringify(report),
      credentials: 'omit',
      mode: 'cors',
      keepalive: true,
    });
  });

  it('drops keepalive but still sends a body larger than the 64 KiB keepalive quota', () => {
    const fetch = vi.fn((_url: string, _init: RequestInit) => Promise.resolve(new Response(null, { status: 202 })));
    const large = { ...report, metadata: { notes: 'é'.repeat(40_000) } };
    sendReport(large, { endpoint: ENDPOINT, licenseKey: 'org-123', fetch });
    const init = fetch.mock.calls[0]?.[1];
    expect(new TextEncoder().encode(String(init?.body)).byteLength).toBeGreaterThan(64 * 1024);
    expect(init?.keepalive).toBe(false);
  });

  it('keeps keepalive for a body of exactly 64 KiB', () => {
    const fetch = vi.fn((_url: string, _init: RequestInit) => Promise.resolve(new Response(null, { status: 202 })));
    const overhead = JSON.stringify({ ...report, metadata: { notes: '' } }).length;
    const exact = { ...report, metadata: { notes: 'x'.repeat(64 * 1024 - overhead) } };
    sendReport(exact, { endpoint: ENDPOINT, licenseKey: 'org-123', fetch });
    const init = fetch.mock.calls[0]?.[1];
    expect(String(init?.body).length).toBe(64 * 1024);
    expect(init?.keepalive).toBe(true);
  });

  it('looks up the global fetch at call time', async () => {
    const late = vi.fn(() => Promise.resolve(new Response(null, { status: 202 })));
    vi.stubGlobal('fetch', late);
    sendReport(report, { endpoint: ENDPOINT, licenseKey: 'org-123' });
    expect(late).toHaveBeenCalledTimes(1);
  });

  it('calls fetch as a plain function, not as a method of its options', () => {
    const receivers: unknown[] = [];
    const fetch = vi.fn(function (this: unknown) {
      receivers.push(this);
      return Promise.resolve(new Response(null, { status: 202 }));
    });
    sendReport(report, { endpoint: ENDPOINT, licenseKey: 'org-123', fetch });
    expect(receivers).toEqual([undefined]);
  });

  it('reads the small answer to its end instead of cancelling it, so the request completes', async () => {
    const cancel = vi.fn();
    let reachedEnd!: () => void;
    const ended = new Promise<void>((resolve) => (reachedEnd = resolve));
    const chunks = [new TextEncoder().encode('{"accepted"'), new TextEncoder().encode(':1}')];
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        const chunk = chunks.shift();
        if (chunk === undefined) {
          controller.close();
          reachedEnd();
        } else {
          controller.enqueue(chunk);
        }
      },
      cancel,
    });
    const fetch = vi.fn(() => Promise.resolve(new Response(body, { status: 202 })));
    sendReport(report, { endpoint: ENDPOINT, licenseKey: 'org-123', fetch });
    await ended;
    expect(chunks).toEqual([]);
    expect(cancel).not.toHaveBeenCalled();
  });

  it('cancels the body of a response object that cannot be read', async () => {
    const cancel = vi.fn(() => Promise.resolve());
    const fetch = vi.fn(() => Promise.resolve({ status: 202, body: { cancel } }));
    sendReport(report, { endpoint: ENDPOINT, licenseKey: 'org-123', fetch });
    await vi.waitFor(() => expect(cancel).toHaveBeenCalledTimes(1));
  });

  describe('never throws and never rejects', () => {
    it('when there is no global fetch', () => {
      vi.stubGlobal('fetch', undefined);
      expect(() => sendReport(report, { endpoint: ENDPOINT, licenseKey: 'k' })).not.toThrow();
    });

    it('when fetch throws synchronously', () => {
      const fetch = vi.fn(() => {
        throw new TypeError('Failed to construct Request');
      });
      expect(() => sendReport(report, { endpoint: ENDPOINT, licenseKey: 'k', fetch })).not.toThrow();
      expect(fetch).toHaveBeenCalledTimes(1);
    });

    it('when the network fails', async () => {
      collector.respondWith(ENDPOINT, () => HttpResponse.error());
      expect(sendReport(report, { endpoint: ENDPOINT, licenseKey: 'k' })).toBeUndefined();
      await collector.waitForRequests(1);
    });

    it.each([400, 401, 413, 500, 503])('when the collector answers %i', async (status) => {
      collector.respondWith(ENDPOINT, () => HttpResponse.json({ code: 'X' }, { status }));
      expect(() => sendReport(report, { endpoint: ENDPOINT, licenseKey: 'k' })).not.toThrow();
      await collector.waitForRequests(1);
    });

    it('when the response never arrives, returning before the request completes', async () => {
      collector.respondWith(ENDPOINT, async () => {
        await delay('infinite');
        return new HttpResponse(null, { status: 202 });
      });
      const returned = sendReport(report, { endpoint: ENDPOINT, licenseKey: 'k' });
      expect(returned).toBeUndefined();
      expect(collector.requests).toHaveLength(0);
      await collector.waitForRequests(1);
    });

    it('when the fetch promise never settles', () => {
      const fetch = vi.fn(() => new Promise<never>(() => {}));
      expect(sendReport(report, { endpoint: ENDPOINT, licenseKey: 'k', fetch })).toBeUndefined();
      expect(fetch).toHaveBeenCalledTimes(1);
    });

    it('when the report holds a BigInt, without sending anything', () => {
      const fetch = vi.fn();
      const bad = { ...report, metadata: { seats: 10n } };
      expect(() => sendReport(bad, { endpoint: ENDPOINT, licenseKey: 'k', fetch })).not.toThrow();
      expect(fetch).not.toHaveBeenCalled();
    });

    it('when the report is circular, without sending anything', () => {
      const fetch = vi.fn();
      const metadata: Record<string, unknown> = {};
      metadata['self'] = metadata;
      expect(() => sendReport({ ...report, metadata }, { endpoint: ENDPOINT, licenseKey: 'k', fetch })).not.toThrow();
      expect(fetch).not.toHaveBeenCalled();
    });

    it.each(['not a url', '/v1/collect', 'https://user:pw@example.com/', 'http://[::1'])(
      'when the real fetch is given the bad endpoint %j',
      (endpoint) => {
        expect(() => sendReport(report, { endpoint, licenseKey: 'k' })).not.toThrow();
      },
    );

    it('when the license key is not a valid header value', () => {
      expect(() => sendReport(report, { endpoint: ENDPOINT, licenseKey: 'bad\nkey' })).not.toThrow();
    });

    it('when an injected fetch returns something that is not a promise', () => {
      const fetch = vi.fn(() => 'nonsense');
      expect(() => sendReport(report, { endpoint: ENDPOINT, licenseKey: 'k', fetch })).not.toThrow();
    });
  });
});
