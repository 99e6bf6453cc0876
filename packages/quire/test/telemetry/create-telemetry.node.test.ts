import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTelemetry } from '../../src/telemetry/create-telemetry.js';
import { QuireOptionsError } from '../../src/quire-options-error.js';
import { createCollector, watchUnhandledRejections } from './collector.js';

const ENDPOINT = 'https://collector.example.com/v1/collect';
const collector = createCollector([ENDPOINT]);
const event = { documentId: 'a1b2c3', documentCreatedAt: '2024-05-01T10:00:00Z' };
const now = (): Date => new Date(Date.UTC(2026, 1, 3, 4, 5, 6, 789));

describe('createTelemetry in Node, without a window', () => {
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
  });
  afterAll(() => collector.server.close());

  it('runs where there is no window, location or screen', () => {
    expect(typeof (globalThis as { window?: unknown }).window).toBe('undefined');
    expect(typeof (globalThis as { location?: unknown }).location).toBe('undefined');
    expect(() => createTelemetry({ now })).not.toThrow();
  });

  it('reports Node’s user agent if it has one and an empty page address and 0x0 screen', async () => {
    createTelemetry({ now, licenseKey: 'org-ssr', telemetry: { endpoint: ENDPOINT } }).reportOpen(event);
    const [request] = await collector.waitForRequests(1);
    expect(request?.headers.get('x-license-key')).toBe('org-ssr');
    const body = JSON.parse(request?.text ?? 'null') as { browserInfo: unknown; events: unknown };
    expect(body.browserInfo).toStrictEqual({
      userAgent: (globalThis as { navigator?: { userAgent?: string } }).navigator?.userAgent ?? '',
      currentUrl: '',
      hostname: '',
      screenSize: { width: 0, height: 0 },
    });
    expect(body.events).toStrictEqual([
      { timestamp: '2026-02-03T04:05:06.789Z', documentId: 'a1b2c3', documentCreatedAt: '2024-05-01T10:00:00Z' },
    ]);
  });

  it('reads the page from an injected environment', async () => {
    const environment = {
      navigator: { userAgent: 'Injected/1.0' },
      location: { href: 'https://docs.example.org/edit/42?draft=1', origin: 'https://docs.example.org', hostname: 'docs.example.org' },
      screen: { width: 1920, height: 1080 },
    };
    createTelemetry({ now, environment, telemetry: { endpoint: ENDPOINT } }).reportOpen(event);
    const [request] = await collector.waitForRequests(1);
    expect((JSON.parse(request?.text ?? 'null') as { browserInfo: unknown }).browserInfo).toStrictEqual({
      userAgent: 'Injected/1.0',
      currentUrl: 'https://docs.example.org',
      hostname: 'docs.example.org',
      screenSize: { width: 1920, height: 1080 },
    });
  });

  it('resolves a path endpoint against the base URL of an injected document', () => {
    const environment = { document: { baseURI: 'https://cdn.example.org/app/' }, location: { href: 'https://docs.example.org/x' } };
    const telemetry = createTelemetry({ environment, telemetry: { endpoint: './collect' } });
    expect(telemetry.endpoint).toBe('https://cdn.example.org/app/collect');
  });

  it('accepts a path endpoint during server-side rendering and fails silently when reporting', () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    try {
      const telemetry = createTelemetry({ now, telemetry: { endpoint: '/v1/collect' } });
      expect(telemetry.endpoint).toBe('/v1/collect');
      expect(() => telemetry.reportOpen(event)).not.toThrow();
      expect(fetchSpy).toHaveBeenCalledTimes(1);
    } finally {
      fetchSpy.mockRestore();
    }
  });

  it('exposes the resolved settings', () => {
    const telemetry = createTelemetry({ licenseKey: 'org-1', telemetry: { endpoint: ENDPOINT } });
    expect(telemetry).toMatchObject({ enabled: true, endpoint: ENDPOINT, licenseKey: 'org-1' });
    expect(Object.isFrozen(telemetry)).toBe(true);
  });

  it('makes no request when disabled', async () => {
    const fetch = vi.fn();
    createTelemetry({ fetch, telemetry: { enabled: false, endpoint: ENDPOINT } }).reportOpen(event);
    createTelemetry({ telemetry: { enabled: false, endpoint: ENDPOINT } }).reportOpen(event);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetch).not.toHaveBeenCalled();
    expect(collector.requests).toHaveLength(0);
  });

  describe('construction errors', () => {
    it.each([
      ['an endpoint that is not a URL', { telemetry: { endpoint: 'not a url' } }, 'telemetry.endpoint'],
      ['metadata holding a BigInt', { telemetry: { metadata: { seats: 3n } } }, 'telemetry.metadata'],
      ['enabled given as a string', { telemetry: { enabled: 'no' as unknown as boolean } }, 'telemetry.enabled'],
      ['an empty license key', { licenseKey: '' }, 'licenseKey'],
    ])('throws a QuireOptionsError for %s', (_label, options, option) => {
      expect(() => createTelemetry(options)).toThrow(QuireOptionsError);
      expect(() => createTelemetry(options)).toThrow(expect.objectContaining({ option, code: 'OPTIONS_INVALID' }));
    });

    it('throws a QuireOptionsError for circular metadata', () => {
      const metadata: Record<string, unknown> = {};
      metadata['self'] = metadata;
      expect(() => createTelemetry({ telemetry: { metadata } })).toThrow(expect.objectContaining({ option: 'telemetry.metadata' }));
    });
  });

  describe('never throws into the host', () => {
    it('when the clock returns an invalid date', () => {
      const fetch = vi.fn();
      const telemetry = createTelemetry({ fetch, now: () => new Date(Number.NaN), telemetry: { endpoint: ENDPOINT } });
      expect(() => telemetry.reportOpen(event)).not.toThrow();
      expect(fetch).not.toHaveBeenCalled();
    });

    it('when the environment throws on access', () => {
      const fetch = vi.fn();
      const environment = {
        get navigator(): never {
          throw new Error('denied');
        },
      };
      const telemetry = createTelemetry({ now, fetch, environment, telemetry: { endpoint: ENDPOINT } });
      expect(() => telemetry.reportOpen(event)).not.toThrow();
      expect(fetch).not.toHaveBeenCalled();
    });

    it('when the collector is unreachable', async () => {
      collector.respondWith(ENDPOINT, () => Response.error());
      const telemetry = createTelemetry({ now, telemetry: { endpoint: ENDPOINT } });
      expect(telemetry.reportOpen(event)).toBeUndefined();
      await collector.waitForRequests(1);
    });
  });
});
