import type { XmlElement } from '@rgrove/parse-xml';
import type { Fragment, Mark, Node } from 'prosemirror-model';
import { childElements, elementLocalName } from '../../xml/elements.js';
import { escapeXmlAttribute } from '../../xml/escape-xml.js';
import type { StructureChange, TrackedChangeAttrs } from '../../model/marks/review-marks.js';
import type { PatchContext } from './patch-context.js';

/** The comments whose range markers are written anew: those whose start, or end, the caller took out of the part. */
export interface CommentMarkers {
  readonly starts: ReadonlySet<string>;
  readonly ends: ReadonlySet<string>;
  /** Comments made in the editor, whose `w:commentReference` run follows their range's end. */
  readonly references?: ReadonlySet<string>;
}

/** No comment range markers to write. */
export const NO_COMMENTS: CommentMarkers = { starts: new Set(), ends: new Set() };

/**
 * Writes the review markup around the runs of inline content as Word does (ECMA-376 Part 1,
 * 17.13.5): runs whose text is inserted or deleted in a `w:ins` or `w:del` (`w:moveTo` and
 * `w:moveFrom` for a move) with the change's `w:id`, `w:author` and `w:date`, and the
 * `w:commentRangeStart` before the first and `w:commentRangeEnd` after the last node of each
 * comment of `comments`. A change keeps its id the first time it is written (see `AnnotationIds`).
 */
export class ReviewWriter {
  private change: Mark | null = null;
  private index = -1;
  /** Comments whose end this writer writes, once their last node is written. */
  private readonly open = new Set<string>();
  /** The index of the first and the last node of each comment of `comments` in the content. */
  private readonly first = new Map<string, number>();
  private readonly last = new Map<string, number>();

  constructor(
    private readonly context: PatchContext,
    content: Fragment,
    private readonly comments: CommentMarkers,
  ) {
    if (comments.starts.size === 0 && comments.ends.size === 0) return;
    content.forEach((node, _offset, index) => {
      for (const mark of node.marks) {
        if (mark.type.name !== 'comment') continue;
        const id = String(mark.attrs['id']);
        if (!this.first.has(id)) this.first.set(id, index);
        this.last.set(id, index);
      }
    });
  }

  /** The markup that goes before the next node's run: the end of the change before it, comment markers, the start of its change. */
  before(node: Node): string {
    const index = ++this.index;
    let markers = '';
    for (const id of this.open) {
      if (this.last.get(id) !== index - 1) continue;
      markers += this.rangeEnd(id);
      this.open.delete(id);
    }
    for (const [id, at] of this.first) {
      if (at !== index) continue;
      if (this.comments.starts.has(id)) markers += `<w:commentRangeStart w:id="${escapeXmlAttribute(id)}"/>`;
      if (this.comments.ends.has(id)) this.open.add(id);
    }
    const change = node.marks.find((mark) => mark.type.name === 'insertion' || mark.type.name === 'deletion') ?? null;
    const same = change === this.change || (change !== null && this.change !== null && change.eq(this.change));
    if (same && markers === '') return '';
    let out = this.closeChange() + markers;
    if (change) {
      this.change = change;
      out += `<w:${elementOf(change)}${this.attributes(change)}>`;
    }
    return out;
  }

  /** Closes the open change, if any. */
  closeChange(): string {
    if (!this.change) return '';
    const out = `</w:${elementOf(this.change)}>`;
    this.change = null;
    return out;
  }

  /** The comment range ends still due after the last run. */
  end(): string {
    let out = '';
    for (const id of this.open) out += this.rangeEnd(id);
    this.open.clear();
    return out;
  }

  // A range's end, and for a new comment the run of its reference mark (ECMA-376 Part 1, 17.13.4.5), as Word writes it.
  private rangeEnd(id: string): string {
    const end = `<w:commentRangeEnd w:id="${escapeXmlAttribute(id)}"/>`;
    if (!this.comments.references?.has(id)) return end;
    const style = this.context.definesStyle('CommentReference') ? '<w:rPr><w:rStyle w:val="CommentReference"/></w:rPr>' : '';
    return `${end}<w:r>${style}<w:commentReference w:id="${escapeXmlAttribute(id)}"/></w:r>`;
  }

  private attributes(change: Mark): string {
    return changeAttributes(this.context, change.attrs as TrackedChangeAttrs);
  }
}

/** The `w:ins` or `w:del` of a paragraph mark's change (ECMA-376 Part 1, 17.13.5.15, 17.13.5.13), for its `w:pPr/w:rPr`. */
export function writeMarkChange(context: PatchContext, change: StructureChange): string {
  return `<w:${change.kind === 'insertion' ? 'ins' : 'del'}${changeAttributes(context, change)}/>`;
}

/**
 * The `w:pPr/w:rPr` of a paragraph read as `rPr` whose mark's change is now `change`: its run
 * properties kept as written, its `w:ins`/`w:del` replaced (they come first in CT_ParaRPr,
 * ECMA-376 Part 1, 17.3.1.29); null when nothing is left to write.
 */
export function rewriteMarkChange(context: PatchContext, rPr: XmlElement | undefined, change: StructureChange | null): string | null {
  const kept = rPr ? childElements(rPr).filter((child) => !['ins', 'del'].includes(elementLocalName(child))).map((child) => context.text.slice(child.start, child.end)) : [];
  const markup = (change ? writeMarkChange(context, change) : '') + kept.join('');
  return markup === '' ? null : `<w:rPr>${markup}</w:rPr>`;
}

// `w:id` (see `AnnotationIds`), `w:author` and `w:date` of a change.
function changeAttributes(context: PatchContext, change: Pick<TrackedChangeAttrs, 'id' | 'author' | 'date'>): string {
  const date = change.date === null ? '' : ` w:date="${escapeXmlAttribute(change.date)}"`;
  return ` w:id="${context.annotationId(change.id)}" w:author="${escapeXmlAttribute(change.author)}"${date}`;
}

function elementOf(change: Mark): string {
  const moved = change.attrs['move'] !== null;
  if (change.type.name === 'insertion') return moved ? 'moveTo' : 'ins';
  return moved ? 'moveFrom' : 'del';
}
