// The start tags of tracked changes (ECMA-376 Part 1, 17.13.5), with their ids.
const CHANGE_ID = /<w:(?:ins|del|moveFrom|moveTo|cellIns|cellDel|cellMerge|[a-zA-Z]+Change)\b[^>]*?\bw:id="(\d{1,15})"/g;

/**
 * The `w:id`s of the tracked changes and comment ranges one export writes (ECMA-376 Part 1,
 * 17.13: each annotation's id is unique in the document; Word and LibreOffice match a range's
 * start and end by it). An id read from the file is kept for the first element written with it,
 * so an edited paragraph's changes keep their ids; any further element (a change split in two by
 * an edit, a new change) gets a number above every `w:id` of the parts written, bookmarks and
 * notes included, so that it collides with none.
 */
export class AnnotationIds {
  private last = -1;
  private readonly scanned = new Set<string>();
  private readonly written = new Set<string>();
  /** How many tracked changes of the scanned parts have each id: one read twice (as some producers write) is renumbered. */
  private readonly changeCount = new Map<string, number>();

  /** Notes the ids of a part's text, once per part name, before ids are given for it. */
  scan(partName: string, text: string): void {
    if (this.scanned.has(partName)) return;
    this.scanned.add(partName);
    for (const match of text.matchAll(/\bw:id="(\d{1,15})"/g)) this.last = Math.max(this.last, Number(match[1]));
    for (const match of text.matchAll(CHANGE_ID)) this.changeCount.set(match[1]!, (this.changeCount.get(match[1]!) ?? 0) + 1);
  }

  /** `id` the first time it is written in this export, when no two changes of the file had it; else a fresh one (always for an id made in the editor, which is not a number). */
  claim(id: string): string {
    if (/^\d{1,15}$/.test(id) && !this.written.has(id) && (this.changeCount.get(id) ?? 0) <= 1) {
      this.written.add(id);
      return id;
    }
    return this.next();
  }

  /** An id no element of the scanned parts has, nor any given before. */
  next(): string {
    const id = String(++this.last);
    this.written.add(id);
    return id;
  }
}
