/** Image types that a DOCX can embed and that readers therefore accept from `data:` URIs. */
export type EmbeddableImageType = 'png' | 'jpg' | 'gif' | 'bmp';

const MEDIA_TYPE_OF: Readonly<Record<EmbeddableImageType, string>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  bmp: 'image/bmp',
};

const MEDIA_TYPES: Readonly<Record<string, EmbeddableImageType>> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/jpg': 'jpg',
  'image/gif': 'gif',
  'image/bmp': 'bmp',
};

// RFC 2397: data:[<mediatype>][;base64],<data>; only base64 is accepted for binary images.
const DATA_URI = /^data:([a-z0-9.+-]+\/[a-z0-9.+-]+)((?:;[a-z0-9-]+=[^;,]*)*);base64,/i;

/** A decoded `data:` image. */
export interface DataImage {
  readonly type: EmbeddableImageType;
  readonly bytes: Uint8Array;
}

/** Returns whether `src` is a `data:` URI at all (of any media type). */
export function isDataUri(src: string): boolean {
  return /^\s*data:/i.test(src);
}

/** Returns the embeddable image type of a base64 `data:` URI, or `undefined` for any other `src`. */
export function readDataUriImageType(src: string): EmbeddableImageType | undefined {
  const match = DATA_URI.exec(src.trim());
  return match ? MEDIA_TYPES[match[1]!.toLowerCase()] : undefined;
}

/**
 * Decodes a base64 `data:` URI of an embeddable image type. Returns `undefined` when `src` is not
 * one or its payload is not valid base64.
 */
export function decodeDataUriImage(src: string): DataImage | undefined {
  const trimmed = src.trim();
  const match = DATA_URI.exec(trimmed);
  const type = match ? MEDIA_TYPES[match[1]!.toLowerCase()] : undefined;
  if (!match || !type) return undefined;
  const payload = trimmed.slice(match[0].length).replace(/\s+/g, '');
  const bytes = decodeBase64(decodeURIComponentSafe(payload));
  return bytes ? { type, bytes } : undefined;
}

function decodeURIComponentSafe(text: string): string {
  if (!text.includes('%')) return text;
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function decodeBase64(text: string): Uint8Array | undefined {
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(text)) return undefined;
  const normalized = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(normalized.padEnd(Math.ceil(normalized.length / 4) * 4, '='));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Returns a base64 `data:` URI of embeddable image bytes. */
export function toDataUri(type: EmbeddableImageType, bytes: Uint8Array): string {
  return `data:${MEDIA_TYPE_OF[type]};base64,${encodeBase64(bytes)}`;
}

// btoa exists in browsers and Node alike; it takes a binary string, built in slices to keep the
// argument lists of fromCharCode short.
function encodeBase64(bytes: Uint8Array): string {
  const parts: string[] = [];
  for (let offset = 0; offset < bytes.length; offset += 0x8000) {
    parts.push(String.fromCharCode(...bytes.subarray(offset, offset + 0x8000)));
  }
  return btoa(parts.join(''));
}
