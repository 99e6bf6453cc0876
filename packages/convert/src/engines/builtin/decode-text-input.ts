// The HTML standard's encoding prescan looks at the first 1024 bytes only (WHATWG HTML §13.2.3.2).
const PRESCAN_BYTES = 1024;
const META_CHARSET = /<meta\s[^>]*?charset\s*=\s*["']?\s*([a-z0-9_:.-]+)/i;

/**
 * Returns the text of a Markdown or HTML input. Markdown is UTF-8; HTML is UTF-8 unless a byte
 * order mark is absent and a `<meta charset>` in its first 1024 bytes names another encoding
 * (legacy pages in windows-1252). Invalid bytes become U+FFFD; never throws.
 */
export function decodeTextInput(bytes: Uint8Array, format: 'md' | 'html'): string {
  const hasUtf8Bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  const label = format === 'html' && !hasUtf8Bom ? sniffHtmlCharset(bytes) : undefined;
  return decode(bytes, label ?? 'utf-8');
}

function sniffHtmlCharset(bytes: Uint8Array): string | undefined {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, PRESCAN_BYTES));
  const label = META_CHARSET.exec(head)?.[1]?.toLowerCase();
  // A page that says UTF-16 in ASCII bytes is not UTF-16 (WHATWG HTML §13.2.3.3).
  if (label === undefined || label.startsWith('utf-16') || label === 'unicode') return undefined;
  return label;
}

function decode(bytes: Uint8Array, label: string): string {
  try {
    return new TextDecoder(label).decode(bytes);
  } catch {
    // An encoding label the platform does not know: read the page as UTF-8.
    return new TextDecoder('utf-8').decode(bytes);
  }
}
