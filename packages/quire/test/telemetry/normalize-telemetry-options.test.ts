import { afterEach, describe, expect, it, vi } from 'vitest';
import { normalizeTelemetryOptions } from '../../src/telemetry/normalize-telemetry-options.js';
import { QuireOptionsError } from '../../src/quire-options-error.js';
import type { TelemetryConfig } from '../../src/telemetry/types.js';
import { MAX_METADATA_BYTES } from '../../src/telemetry/metadata-bounds.js';
import { metadataOfBytes } from '../../../../test/support/metadata-of-bytes.js';

const silent = (): void => {};

function captureError(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}

describe('normalizeTelemetryOptions', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('enables telemetry with the community key and the reserved .invalid endpoint when nothing is configured', () => {
    const normalized = normalizeTelemetryOptions({});
    expect(normalized).toEqual({
      enabled: true,
      endpoint: 'https://telemetry.quire.invalid/v1/collect',
      licenseKey: 'community-and-eval-agplv3',
    });
    expect('metadata' in normalized).toBe(false);
  });

  it('keeps telemetry disabled when enabled is false', () => {
    expect(normalizeTelemetryOptions({ telemetry: { enabled: false } }).enabled).toBe(false);
  });

  it('treats options explicitly set to undefined as not given', () => {
    const normalized = normalizeTelemetryOptions({
      licenseKey: undefined,
      telemetry: { enabled: undefined, endpoint: undefined, metadata: undefined },
    });
    expect(normalized).toEqual({
      enabled: true,
      endpoint: 'https://telemetry.quire.invalid/v1/collect',
      licenseKey: 'community-and-eval-agplv3',
    });
  });

  describe('license key', () => {
    it('uses the root licenseKey without any warning', () => {
      const warn = vi.fn();
      expect(normalizeTelemetryOptions({ licenseKey: 'org-123' }, { warn }).licenseKey).toBe('org-123');
      expect(warn).not.toHaveBeenCalled();
    });

    it('prefers the root licenseKey over the deprecated telemetry.licenseKey and warns exactly once', () => {
      const warn = vi.fn();
      const normalized = normalizeTelemetryOptions(
        { licenseKey: 'root-key', telemetry: { licenseKey: 'old-key' } },
        { warn },
      );
      expect(normalized.licenseKey).toBe('root-key');
      expect(warn).toHaveBeenCalledTimes(1);
      expect(warn.mock.calls[0]?.[0]).toMatch(/telemetry\.licenseKey.*deprecated/);
    });

    it('falls back to the deprecated telemetry.licenseKey with one deprecation warning', () => {
      const warn = vi.fn();
      const normalized = normalizeTelemetryOptions({ telemetry: { licenseKey: 'old-key' } }, { warn });
      expect(normalized.licenseKey).toBe('old-key');
      expect(warn).toHaveBeenCalledTimes(1);
      expect(warn.mock.calls[0]?.[0]).toMatch(/root `licenseKey`/);
    });

    it('warns through console.warn when no warn function is given', () => {
      const consoleWarn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      normalizeTelemetryOptions({ telemetry: { licenseKey: 'old-key' } });
      expect(consoleWarn).toHaveBeenCalledTimes(1);
    });

    it('drops white space around a pasted key', () => {
      expect(normalizeTelemetryOptions({ licenseKey: '  org-123\n' }).licenseKey).toBe('org-123');
    });
  });

  describe('endpoint', () => {
    it('accepts an absolute https URL', () => {
      const { endpoint } = normalizeTelemetryOptions({ telemetry: { endpoint: 'https://collector.example.com/v1/collect' } });
      expect(endpoint).toBe('https://collector.example.com/v1/collect');
    });

    it('accepts an http URL, as used for a local quire serve', () => {
      const { endpoint } = normalizeTelemetryOptions({ telemetry: { endpoint: 'http://localhost:8787/v1/collect' } });
      expect(endpoint).toBe('http://localhost:8787/v1/collect');
    });

    it('resolves a path against the page base URL', () => {
      const { endpoint } = normalizeTelemetryOptions(
        { telemetry: { endpoint: '/api/quire/collect' } },
        { baseUrl: 'https://app.example.com/editor/page?x=1' },
      );
      expect(endpoint).toBe('https://app.example.com/api/quire/collect');
    });

    it('resolves a dot-relative path against the page base URL', () => {
      const { endpoint } = normalizeTelemetryOptions(
        { telemetry: { endpoint: './collect' } },
        { baseUrl: 'https://app.example.com/editor/page' },
      );
      expect(endpoint).toBe('https://app.example.com/editor/collect');
    });

    it('keeps a path as written when there is no page to resolve it against', () => {
      const { endpoint } = normalizeTelemetryOptions({ telemetry: { endpoint: '/v1/collect' } });
      expect(endpoint).toBe('/v1/collect');
    });

    it('validates the endpoint even when telemetry is disabled', () => {
      expect(() => normalizeTelemetryOptions({ telemetry: { enabled: false, endpoint: 'ftp://example.com/' } }))
        .toThrow(QuireOptionsError);
    });
  });

  describe('metadata', () => {
    it('includes a JSON snapshot of the metadata', () => {
      const metadata = { plan: 'team', seats: 12, nested: { on: true }, at: new Date(Date.UTC(2026, 0, 2)) };
      expect(normalizeTelemetryOptions({ telemetry: { metadata } }).metadata).toEqual({
        plan: 'team',
        seats: 12,
        nested: { on: true },
        at: '2026-01-02T00:00:00.000Z',
      });
    });

    it('is not affected by later changes to the metadata object', () => {
      const metadata: Record<string, unknown> = { plan: 'team' };
      const normalized = normalizeTelemetryOptions({ telemetry: { metadata } });
      metadata['plan'] = 'changed';
      metadata['extra'] = 1n;
      expect(normalized.metadata).toEqual({ plan: 'team' });
    });

    it('accepts metadata of exactly 8 KiB as JSON and refuses one byte more, as the collector does', () => {
      expect(normalizeTelemetryOptions({ telemetry: { metadata: metadataOfBytes(MAX_METADATA_BYTES) } }).metadata).toEqual(metadataOfBytes(MAX_METADATA_BYTES));
      expect(() => normalizeTelemetryOptions({ telemetry: { metadata: metadataOfBytes(MAX_METADATA_BYTES + 1) } })).toThrow(
        /^Invalid option `telemetry.metadata`: is 8193 bytes as JSON/,
      );
    });

    it('refuses metadata nested deeper than the collector stores', () => {
      expect(() => normalizeTelemetryOptions({ telemetry: { metadata: { a: { b: { c: { d: { e: {} } } } } } } })).toThrow(
        'Invalid option `telemetry.metadata`: must nest at most 5 levels, without NUL, lone surrogates or NaN.',
      );
    });

    it('accepts an object without a prototype', () => {
      const metadata = Object.assign(Object.create(null) as Record<string, unknown>, { tenant: 't-1' });
      expect(normalizeTelemetryOptions({ telemetry: { metadata } }).metadata).toEqual({ tenant: 't-1' });
    });
  });

  describe('invalid options', () => {
    const circular: Record<string, unknown> = { name: 'loop' };
    circular['self'] = circular;
    class Settings {
      plan = 'team';
    }

    const cases: Array<[string, unknown, string]> = [
      ['enabled is a string', { telemetry: { enabled: 'false' } }, 'telemetry.enabled'],
      ['enabled is a number', { telemetry: { enabled: 0 } }, 'telemetry.enabled'],
      ['enabled is null', { telemetry: { enabled: null } }, 'telemetry.enabled'],
      ['telemetry is a boolean', { telemetry: false }, 'telemetry'],
      ['telemetry is null', { telemetry: null }, 'telemetry'],
      ['telemetry is an array', { telemetry: [] }, 'telemetry'],
      ['a telemetry key is misspelt', { telemetry: { enable: false } }, 'telemetry.enable'],
      ['licenseKey is a number', { licenseKey: 42 }, 'licenseKey'],
      ['licenseKey is empty', { licenseKey: '' }, 'licenseKey'],
      ['licenseKey is only white space', { licenseKey: '  \t' }, 'licenseKey'],
      ['licenseKey contains a line break', { licenseKey: 'org\nX-Evil: 1' }, 'licenseKey'],
      ['licenseKey is not ASCII', { licenseKey: 'clé-123' }, 'licenseKey'],
      ['telemetry.licenseKey is a number', { telemetry: { licenseKey: 7 } }, 'telemetry.licenseKey'],
      ['telemetry.licenseKey is empty', { licenseKey: 'ok', telemetry: { licenseKey: '' } }, 'telemetry.licenseKey'],
      ['endpoint is null', { telemetry: { endpoint: null } }, 'telemetry.endpoint'],
      ['endpoint is a number', { telemetry: { endpoint: 8080 } }, 'telemetry.endpoint'],
      ['endpoint is a URL object', { telemetry: { endpoint: new URL('https://example.com/') } }, 'telemetry.endpoint'],
      ['endpoint is empty', { telemetry: { endpoint: '' } }, 'telemetry.endpoint'],
      ['endpoint is not a URL', { telemetry: { endpoint: 'not a url' } }, 'telemetry.endpoint'],
      ['endpoint lacks its scheme', { telemetry: { endpoint: 'collector.example.com/v1/collect' } }, 'telemetry.endpoint'],
      ['endpoint is a bare scheme', { telemetry: { endpoint: 'https://' } }, 'telemetry.endpoint'],
      ['endpoint is ftp', { telemetry: { endpoint: 'ftp://example.com/collect' } }, 'telemetry.endpoint'],
      ['endpoint is javascript:', { telemetry: { endpoint: 'javascript:alert(1)' } }, 'telemetry.endpoint'],
      ['endpoint carries credentials', { telemetry: { endpoint: 'https://user:pw@example.com/' } }, 'telemetry.endpoint'],
      ['metadata is an array', { telemetry: { metadata: ['a'] } }, 'telemetry.metadata'],
      ['metadata is a string', { telemetry: { metadata: 'plan=team' } }, 'telemetry.metadata'],
      ['metadata is null', { telemetry: { metadata: null } }, 'telemetry.metadata'],
      ['metadata is a Map', { telemetry: { metadata: new Map([['a', 1]]) } }, 'telemetry.metadata'],
      ['metadata is a class instance', { telemetry: { metadata: new Settings() } }, 'telemetry.metadata'],
      ['metadata holds a BigInt', { telemetry: { metadata: { seats: 10n } } }, 'telemetry.metadata'],
      ['metadata is circular', { telemetry: { metadata: circular } }, 'telemetry.metadata'],
      ['metadata serialises to a non-object', { telemetry: { metadata: { toJSON: () => 5 } } }, 'telemetry.metadata'],
      ['the options are null', null, 'options'],
    ];

    it.each(cases)('throws a QuireOptionsError naming the option when %s', (_label, options, option) => {
      const error = captureError(() => normalizeTelemetryOptions(options as TelemetryConfig, { warn: silent }));
      expect(error).toBeInstanceOf(QuireOptionsError);
      expect(error).toMatchObject({ name: 'QuireOptionsError', code: 'OPTIONS_INVALID', option });
      expect((error as Error).message).toContain(`\`${option}\``);
    });
  });
});
