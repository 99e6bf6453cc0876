// How a part name is written into a package; reading names lives in part-names.ts, which the
// open path loads without these.

/** Returns the zip entry name of a part name (ECMA-376 Part 2 Annex A: the name without its leading slash). */
export function entryNameFromPartName(partName: string): string {
  return partName.replace(/^\/+/, '');
}

/** Returns the target to write in a relationship from `source` to `partName`: relative when below the source's folder. */
export function relativeTarget(source: string, partName: string): string {
  const base = source.slice(0, source.lastIndexOf('/') + 1);
  return partName.startsWith(base) ? partName.slice(base.length) : partName;
}
