import { describe, expect, it } from 'vitest';
import { buildTelemetryReport } from '../../src/telemetry/build-report.js';
import type { TelemetryEnvironment } from '../../src/telemetry/types.js';

const browser: TelemetryEnvironment = {
  navigator: { userAgent: 'Mozilla/5.0 (TestOS) TestBrowser/1.0' },
  location: {
    href: 'https://app.example.com:8443/clients/jane.doe/report.docx?token=secret#page=2',
    origin: 'https://app.example.com:8443',
    hostname: 'app.example.com',
  },
  screen: { width: 2560, height: 1440 },
};

const open = {
  openedAt: new Date(Date.UTC(2026, 0, 31, 9, 15, 0, 7)),
  documentId: '3f4a1c0e9b8d7a6f5e4d3c2b1a09f8e7d6c5b4a39281706f5e4d3c2b1a09f8e7',
  documentCreatedAt: '2024-05-01T10:00:00Z',
};

describe('buildTelemetryReport', () => {
  it('produces exactly the fields of the interface report', () => {
    const report = buildTelemetryReport({
      libraryVersion: '1.2.3',
      environment: browser,
      metadata: { tenant: 'acme', seats: 5 },
      opens: [open],
    });
    expect(report).toStrictEqual({
      libraryVersion: '1.2.3',
      browserInfo: {
        userAgent: 'Mozilla/5.0 (TestOS) TestBrowser/1.0',
        currentUrl: 'https://app.example.com:8443',
        hostname: 'app.example.com',
        screenSize: { width: 2560, height: 1440 },
      },
      metadata: { tenant: 'acme', seats: 5 },
      events: [{
        timestamp: '2026-01-31T09:15:00.007Z',
        documentId: '3f4a1c0e9b8d7a6f5e4d3c2b1a09f8e7d6c5b4a39281706f5e4d3c2b1a09f8e7',
        documentCreatedAt: '2024-05-01T10:00:00Z',
      }],
    });
  });

  it('omits the metadata key when no metadata is configured', () => {
    const report = buildTelemetryReport({ libraryVersion: '1.2.3', environment: browser, opens: [open] });
    expect(Object.keys(report)).toEqual(['libraryVersion', 'browserInfo', 'events']);
    expect(JSON.stringify(report)).not.toContain('metadata');
  });

  it('never carries the path, query or fragment of the page', () => {
    const report = buildTelemetryReport({ libraryVersion: '1.2.3', environment: browser, opens: [open] });
    const json = JSON.stringify(report);
    for (const fragment of ['clients', 'jane.doe', 'token', 'secret', 'page=2']) expect(json).not.toContain(fragment);
  });

  it('derives the origin and host name from the page address when the location gives only href', () => {
    const report = buildTelemetryReport({
      libraryVersion: '1.2.3',
      environment: { location: { href: 'http://intranet.local:3000/a/b?c=d#e' } },
      opens: [open],
    });
    expect(report.browserInfo.currentUrl).toBe('http://intranet.local:3000');
    expect(report.browserInfo.hostname).toBe('intranet.local');
  });

  it('sends an empty address for a page with an opaque origin such as file:', () => {
    const report = buildTelemetryReport({
      libraryVersion: '1.2.3',
      environment: { location: { href: 'file:///home/jane/secret-contract.html', origin: 'null', hostname: '' } },
      opens: [open],
    });
    expect(report.browserInfo.currentUrl).toBe('');
    expect(JSON.stringify(report)).not.toContain('jane');
  });

  it('uses empty strings and a 0x0 screen outside a browser', () => {
    const report = buildTelemetryReport({ libraryVersion: '1.2.3', environment: {}, opens: [open] });
    expect(report.browserInfo).toStrictEqual({
      userAgent: '',
      currentUrl: '',
      hostname: '',
      screenSize: { width: 0, height: 0 },
    });
  });

  it('replaces a non-numeric or non-finite screen size with 0', () => {
    const report = buildTelemetryReport({
      libraryVersion: '1.2.3',
      environment: { screen: { width: Number.NaN, height: '768' as unknown as number } },
      opens: [open],
    });
    expect(report.browserInfo.screenSize).toStrictEqual({ width: 0, height: 0 });
  });

  it('stamps each open in UTC with milliseconds whatever the time zone offset of the date', () => {
    const report = buildTelemetryReport({
      libraryVersion: '1.2.3',
      environment: {},
      opens: [{ ...open, openedAt: new Date('2026-03-01T01:30:45.120+02:00') }],
    });
    expect(report.events[0]?.timestamp).toBe('2026-02-28T23:30:45.120Z');
  });

  it('throws a RangeError for an invalid open date', () => {
    expect(() => buildTelemetryReport({
      libraryVersion: '1.2.3',
      environment: {},
      opens: [{ ...open, openedAt: new Date(Number.NaN) }],
    })).toThrow(RangeError);
  });
});
