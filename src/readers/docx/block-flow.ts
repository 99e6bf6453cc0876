import type { DocumentBuilder } from '../../model/document-builder.js';
import type { ListNumberFormat } from '../../model/nodes/list-nodes.js';
import type { Twips } from '../../model/units.js';

/** Where a numbered paragraph goes: its level, its list's kind and the number it shows. */
export interface ListItemPlacement {
  /** `w:ilvl`, 0 to 8. */
  readonly level: number;
  readonly numId: string;
  readonly kind: 'bullet' | 'ordered';
  readonly format: ListNumberFormat;
  /** The bullet character, `null` for the usual bullet of the level. */
  readonly marker: string | null;
  /** The number the paragraph shows (ordered lists). */
  readonly value: number;
  /** Task-list state from a check box bullet, `null` otherwise. */
  readonly checked: boolean | null;
  /** Left indent of the item's text: later paragraphs indented as far continue the item. */
  readonly textIndent: Twips;
}

type Entry =
  | {
      readonly type: 'list';
      readonly level: number;
      readonly kind: 'bullet' | 'ordered';
      readonly format: ListNumberFormat;
      readonly textIndent: Twips;
      numId: string;
      lastValue: number;
      tasks: boolean;
    }
  | { readonly type: 'quote' };

/**
 * Turns Word's flat sequence of paragraphs into the model's nested lists and quotes on a
 * `DocumentBuilder`: numbered paragraphs open lists, list items and deeper lists by level; an
 * unnumbered paragraph indented at least as far as an open item's text continues that item; any
 * other block closes what is open. Consecutive quote paragraphs share one block quote.
 */
export class BlockFlow {
  private readonly stack: Entry[] = [];

  constructor(private readonly builder: DocumentBuilder) {}

  /** Opens the list item of a numbered paragraph, closing, continuing or nesting lists as its level requires. */
  startItem(item: ListItemPlacement): void {
    while (this.top()?.type === 'quote') this.closeTop();
    while (this.topList() && this.topList()!.level > item.level) this.closeTop();
    const top = this.topList();
    if (top && top.level === item.level) {
      if (continuesList(top, item)) {
        this.builder.close();
        this.builder.openContainer('list_item', { checked: item.checked });
        top.numId = item.numId;
        top.lastValue = item.value;
        top.tasks ||= item.checked !== null;
        return;
      }
      this.closeTop();
    }
    if (item.kind === 'bullet') this.builder.openContainer('bullet_list', { marker: item.marker });
    else this.builder.openContainer('ordered_list', { start: item.value, format: item.format });
    this.builder.openContainer('list_item', { checked: item.checked });
    this.stack.push({
      type: 'list',
      level: item.level,
      kind: item.kind,
      format: item.format,
      textIndent: item.textIndent,
      numId: item.numId,
      lastValue: item.value,
      tasks: item.checked !== null,
    });
  }

  /**
   * Places an unnumbered paragraph: it continues the deepest open list item whose text indent it
   * reaches (`indent`, twips), otherwise closes every list. A quote paragraph joins the open quote
   * or opens one; anything else closes an open quote. Returns whether the paragraph is in a list.
   */
  placeParagraph(role: 'quote' | 'plain', indent: Twips | undefined): boolean {
    const target = this.continuationTarget(indent);
    while (this.stack.length - 1 > target) {
      if (role === 'quote' && this.top()?.type === 'quote' && this.stack.length - 2 === target) break;
      this.closeTop();
    }
    if (role === 'quote' && this.top()?.type !== 'quote') {
      this.builder.openContainer('blockquote');
      this.stack.push({ type: 'quote' });
    }
    return target !== -1;
  }

  /** Closes every list and quote this flow opened. */
  closeAll(): void {
    while (this.stack.length > 0) this.closeTop();
  }

  private continuationTarget(indent: Twips | undefined): number {
    if (indent === undefined || indent <= 0) return -1;
    for (let index = this.stack.length - 1; index >= 0; index--) {
      const entry = this.stack[index]!;
      if (entry.type === 'list' && indent >= entry.textIndent) return index;
    }
    return -1;
  }

  private top(): Entry | undefined {
    return this.stack[this.stack.length - 1];
  }

  private topList(): Extract<Entry, { type: 'list' }> | undefined {
    const top = this.top();
    return top?.type === 'list' ? top : undefined;
  }

  private closeTop(): void {
    const entry = this.stack.pop();
    if (!entry) return;
    this.builder.close();
    if (entry.type === 'list') this.builder.close();
  }
}

// Bullets continue a list of the same instance, and task items (which Word's check-box bullets
// put in instances of their own) mix with plain ones;
// numbers continue a list of the same format when they count on from it (a restart, or another
// list's numbering, starts a new model list).
function continuesList(list: Extract<Entry, { type: 'list' }>, item: ListItemPlacement): boolean {
  if (list.kind !== item.kind) return false;
  if (item.kind === 'bullet') return list.numId === item.numId || list.tasks || item.checked !== null;
  return list.format === item.format && item.value === list.lastValue + 1;
}
