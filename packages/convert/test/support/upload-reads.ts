// Counts the reads quire's package layer made of one input: zip directory reads and entry
// inflations of bytes equal to it (a copy counts too: the server reads the upload into bytes of
// its own), for tests that hold a conversion to one pass over its input.
import type { ZipEntry } from 'quire/package';

/** The zip directory reads and entry inflations of one input, by entry name. */
export interface UploadReads {
  /** How many times its zip directory was read. */
  directoryReads: number;
  /** The entries inflated, one name per inflation, in order. */
  inflatedEntries: string[];
}

/** Returns the reads of `input` among the recorded calls of spies on `readZipDirectory` and `readZipEntry`. */
export function readsOf(
  input: Uint8Array,
  directoryCalls: ReadonlyArray<readonly [Uint8Array, ...unknown[]]>,
  entryCalls: ReadonlyArray<readonly [Uint8Array, ZipEntry, ...unknown[]]>,
): UploadReads {
  const isInput = (bytes: Uint8Array) => bytes.byteLength === input.byteLength && Buffer.compare(bytes, input) === 0;
  return {
    directoryReads: directoryCalls.filter(([bytes]) => isInput(bytes)).length,
    inflatedEntries: entryCalls.filter(([bytes]) => isInput(bytes)).map(([, entry]) => entry.name),
  };
}
