import { describe, expect, it } from 'vitest';
import { readFontsOption } from '../../../src/editor/fonts/read-fonts-option.js';
import { isQuireOptionsError } from '../../../src/quire-options-error.js';

const PAGE = 'https://app.example/editor/page.html';

function refusal(value: unknown, page = PAGE): string {
  try {
    readFontsOption(value, page);
  } catch (error) {
    if (isQuireOptionsError(error)) return error.option;
    throw error;
  }
  throw new Error(`${JSON.stringify(value)} was accepted`);
}

describe('readFontsOption', () => {
  it('returns null for false: no fonts are loaded', () => {
    expect(readFontsOption(false, PAGE)).toBeNull();
  });

  it('resolves a path against the page and makes it a folder', () => {
    expect(readFontsOption('/assets/quire-fonts', PAGE)).toBe('https://app.example/assets/quire-fonts/');
    expect(readFontsOption('fonts/', PAGE)).toBe('https://app.example/editor/fonts/');
    expect(readFontsOption(new URL('https://cdn.example/quire/dist/fonts/?v=1#x'), PAGE)).toBe('https://cdn.example/quire/dist/fonts/');
  });

  it('accepts file URLs only on a page opened from a file', () => {
    expect(readFontsOption('../fonts/', 'file:///home/me/demo/index.html')).toBe('file:///home/me/fonts/');
    expect(refusal('file:///home/me/fonts/')).toBe('fonts');
  });

  it('refuses, naming `fonts`, what is not false or an http(s) folder URL', () => {
    for (const value of [42, null, {}, '', '  ', 'javascript:alert(1)', 'data:font/woff2;base64,AA', 'ftp://files.example/fonts/', 'https://user:secret@cdn.example/fonts/']) {
      expect(refusal(value)).toBe('fonts');
    }
  });

  it('loads no fonts by default when the package has been moved where its own folder is not served (run from sources here)', () => {
    expect(readFontsOption(undefined, PAGE)).toBeNull();
  });
});
