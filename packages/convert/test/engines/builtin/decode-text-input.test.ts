import { describe, expect, it } from 'vitest';
import { decodeTextInput } from '../../../src/engines/builtin/decode-text-input.js';

const latin1 = (text: string) => Uint8Array.from(text, (char) => char.charCodeAt(0));

describe('decodeTextInput', () => {
  it('reads Markdown as UTF-8 without its byte order mark, whatever it declares', () => {
    expect(decodeTextInput(Uint8Array.from([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('# Café')]), 'md')).toBe('# Café');
    expect(decodeTextInput(latin1('<meta charset="windows-1252">Caf\xe9'), 'md')).toBe('<meta charset="windows-1252">Caf\ufffd');
  });

  it('reads HTML in the legacy encoding its meta tag names, in either meta form', () => {
    expect(decodeTextInput(latin1('<meta charset="windows-1252"><p>Caf\xe9</p>'), 'html')).toContain('Café');
    expect(decodeTextInput(latin1('<meta http-equiv="Content-Type" content="text/html; charset=ISO-8859-1"><p>\xfcber</p>'), 'html')).toContain('über');
  });

  it('keeps UTF-8 when a BOM is present, the label is unknown, or it claims UTF-16 in ASCII bytes', () => {
    const cafe = new TextEncoder().encode('<p>Café</p>');
    expect(decodeTextInput(Uint8Array.from([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('<meta charset="windows-1252">'), ...cafe]), 'html')).toContain('Café');
    expect(decodeTextInput(Uint8Array.from([...new TextEncoder().encode('<meta charset="x-martian">'), ...cafe]), 'html')).toContain('Café');
    expect(decodeTextInput(Uint8Array.from([...new TextEncoder().encode('<meta charset="utf-16">'), ...cafe]), 'html')).toContain('Café');
  });

  it('only looks for the meta tag in the first 1024 bytes', () => {
    const late = latin1(`${' '.repeat(1100)}<meta charset="windows-1252"><p>Caf\xe9</p>`);
    expect(decodeTextInput(late, 'html')).toContain('Caf\ufffd');
  });
});
