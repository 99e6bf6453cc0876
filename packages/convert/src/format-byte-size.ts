const KIB = 1024;
const MIB = 1024 * KIB;
const GIB = 1024 * MIB;

/**
 * Returns a byte count in the largest binary unit that fits, for messages people read:
 * `25 MiB`, `64 KiB`, `1.5 GiB`, `900 bytes` (one decimal when the unit does not divide it).
 */
export function formatByteSize(bytes: number): string {
  for (const [unit, size] of [['GiB', GIB], ['MiB', MIB], ['KiB', KIB]] as const) {
    if (bytes >= size) return `${Number((bytes / size).toFixed(1))} ${unit}`;
  }
  return bytes === 1 ? '1 byte' : `${bytes} bytes`;
}
