import { describe, expect, it } from 'vitest';
import { buildWarningHeaders, MAX_WARNING_CHARS, MAX_WARNINGS_HEADER_BYTES } from '../../src/convert/warning-headers.js';

describe('buildWarningHeaders', () => {
  it('sends a zero count and no list for a clean conversion', () => {
    expect(buildWarningHeaders([])).toEqual({ 'x-quire-warnings-count': '0' });
  });

  it('lists the warnings as a JSON array that reads back to the same strings', () => {
    const warnings = ['The image "https://example.com/a.png" was not fetched.', '<script> elements are not converted.'];
    const headers = buildWarningHeaders(warnings);
    expect(headers['x-quire-warnings-count']).toBe('2');
    expect(JSON.parse(headers['x-quire-warnings'] ?? '')).toEqual(warnings);
  });

  it('escapes characters beyond ASCII so the value is a valid header', () => {
    const headers = buildWarningHeaders(['Schriftart „Größe“ fehlt\nneue Zeile']);
    const value = headers['x-quire-warnings'] ?? '';
    expect(value).toMatch(/^[\x20-\x7e]+$/);
    expect(JSON.parse(value)).toEqual(['Schriftart „Größe“ fehlt\nneue Zeile']);
    expect(() => new Headers({ 'x-quire-warnings': value })).not.toThrow();
  });

  it('cuts a long warning and leaves out what does not fit, while counting them all', () => {
    const warnings = Array.from({ length: 100 }, (_, index) => `warning ${index} ${'x'.repeat(MAX_WARNING_CHARS)}`);
    const headers = buildWarningHeaders(warnings);
    const listed = JSON.parse(headers['x-quire-warnings'] ?? '') as string[];
    expect(headers['x-quire-warnings-count']).toBe('100');
    expect(headers['x-quire-warnings']?.length).toBeLessThanOrEqual(MAX_WARNINGS_HEADER_BYTES);
    expect(listed.length).toBeGreaterThan(5);
    expect(listed.length).toBeLessThan(100);
    expect(listed[0]).toHaveLength(MAX_WARNING_CHARS);
    expect(listed[0]?.endsWith('…')).toBe(true);
    expect(listed.map((warning) => warning.split(' ')[1])).toEqual(listed.map((_, index) => String(index)));
  });
});
