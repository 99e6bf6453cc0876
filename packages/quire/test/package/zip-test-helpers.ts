// Helpers to damage zips on purpose: locate central directory records and rewrite fields.

/** Returns the offset of the end of central directory record. */
export function endRecordOffset(zip: Uint8Array): number {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  for (let p = zip.length - 22; p >= 0; p--) if (view.getUint32(p, true) === 0x06054b50) return p;
  throw new Error('no end record');
}

/** Returns the offsets of the central directory records, in order. */
export function centralRecordOffsets(zip: Uint8Array): number[] {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const end = endRecordOffset(zip);
  const offsets: number[] = [];
  let p = view.getUint32(end + 16, true);
  for (let i = 0; i < view.getUint16(end + 10, true); i++) {
    offsets.push(p);
    p += 46 + view.getUint16(p + 28, true) + view.getUint16(p + 30, true) + view.getUint16(p + 32, true);
  }
  return offsets;
}

/** Returns a copy of `zip` with `edit` applied to a DataView of the copy. */
export function patched(zip: Uint8Array, edit: (view: DataView, zip: Uint8Array) => void): Uint8Array {
  const copy = zip.slice();
  edit(new DataView(copy.buffer), copy);
  return copy;
}

/** Returns the DocumentError code thrown by `fn`, or 'no error'. */
export function codeOf(fn: () => unknown): string {
  try {
    fn();
    return 'no error';
  } catch (error) {
    return (error as { code?: string }).code ?? `not a DocumentError: ${String(error)}`;
  }
}

/** Returns the DocumentError code `promise` rejects with, or 'no error'. */
export async function asyncCodeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'no error';
  } catch (error) {
    return (error as { code?: string }).code ?? `not a DocumentError: ${String(error)}`;
  }
}
