// File names are cut to this many characters before the extension; most file systems allow 255 bytes.
const MAX_BASE_LENGTH = 120;

/**
 * Returns the `Content-Disposition` of a converted file (RFC 6266): `attachment` with the input's
 * base name and the output's extension (`report.docx` → `report.pdf`; `document` when the input
 * had no usable name). Control characters and path separators are dropped; a name that is not
 * plain ASCII also gets `filename*` in UTF-8 (RFC 8187) after an ASCII `filename` fallback.
 */
export function buildContentDisposition(inputName: string | undefined, extension: string): string {
  const name = `${readBaseName(inputName)}.${extension}`;
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  if (fallback === name) return `attachment; filename="${name}"`;
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeExtValue(name)}`;
}

function readBaseName(inputName: string | undefined): string {
  const last = (inputName ?? '').split(/[/\\]/).pop() ?? '';
  const dot = last.lastIndexOf('.');
  const stem = dot > 0 ? last.slice(0, dot) : last;
  const clean = Array.from(stem, cleanCharacter).join('').replace(/^[\s.]+|\s+$/g, '');
  const cut = Array.from(clean).slice(0, MAX_BASE_LENGTH).join('').trimEnd();
  return cut === '' ? 'document' : cut;
}

// Drops C0 and C1 controls; a lone surrogate cannot be encoded as UTF-8, so it becomes U+FFFD.
function cleanCharacter(char: string): string {
  const code = char.codePointAt(0) ?? 0;
  if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return '';
  return code >= 0xd800 && code <= 0xdfff ? '\ufffd' : char;
}

// RFC 8187 §3.2.1: attr-char is ALPHA / DIGIT / "!#$&+-.^_`|~"; everything else is percent-encoded.
function encodeExtValue(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}
