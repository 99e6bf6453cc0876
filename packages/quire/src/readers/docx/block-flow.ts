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
  /** The text before and after the number (ordered lists; see `ordered_list`). */
  readonly prefix: string;
  readonly suffix: string;
  /** The bullet character, `null` for the usual bullet of the level. */
  readonly marker: string | null;
  /** The number the paragraph shows (ordered lists). */
  readonly value: number;
  /** Task-list state from a check box bullet, `null` otherwise. */
  readonly checked: boolean | null;
  /** Left indent of the item's text: later paragraphs indented as far continue the item. */
  readonly textIndent: Twips;
  /** How far left of the text the number or bullet starts. */
  readonly hanging: Twips;
}

type Entry =
  | {
      readonly type: 'list';
      readonly level: number;
      readonly kind: 'bullet' | 'ordered';
      readonly format: ListNumberFormat;
      readonly prefix: string;
      readonly suffix: string;
      readonly textIndent: Twips;
      numId: string;
      lastValue: number;
      tasks: boolean;
    }
  | { readonly type: 'quote' };

// Each level of a block quote indents its content by this much (the DOCX writer's step, and Word's
// usual indent): a quoted paragraph's quote depth is its indent beyond its list item's text in steps.
const QUOTE_STEP: Twips = 720;

/**
 * Turns Word's flat sequence of paragraphs into the model's nested lists and quotes on a
 * `DocumentBuilder`: numbered paragraphs open lists, list items and deeper lists by level; an
 * unnumbered paragraph indented at least as far as an open item's text continues that item; any
 * other block closes what is open. Quoted paragraphs open as many quotes as their depth asks, inside
 * the item they continue; consecutive quoted paragraphs of one depth share one block quote.
 */
export class BlockFlow {
  private readonly stack: Entry[] = [];

  constructor(private readonly builder: DocumentBuilder) {}

  /**
   * Opens the list item of a numbered paragraph inside `quoteDepth` quotes in all (those around
   * its list and around the lists that hold it), closing, continuing or nesting lists and quotes
   * as its level and depth require.
   */
  startItem(item: ListItemPlacement, quoteDepth = 0): void {
    for (let top = this.top(); top; top = this.top()) {
      const quotes = this.quoteCount();
      const closes =
        quotes > quoteDepth ||
        (top.type === 'list' && (top.level > item.level || (top.level === item.level && quotes < quoteDepth))) ||
        (top.type === 'quote' && (this.listBelowTop()?.level ?? -1) >= item.level);
      if (!closes) break;
      this.closeTop();
    }
    while (this.quoteCount() < quoteDepth) this.openQuote();
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
    // Word's usual indent (half an inch per level, the marker a quarter inch before the text) is the model's default.
    const usual = item.textIndent === QUOTE_STEP * (item.level + 1) && item.hanging === QUOTE_STEP / 2;
    const numbering = { numId: item.numId, level: item.level, indent: usual ? null : { left: item.textIndent, hanging: item.hanging } };
    if (item.kind === 'bullet') this.builder.openContainer('bullet_list', { marker: item.marker, ...numbering });
    else this.builder.openContainer('ordered_list', { start: item.value, format: item.format, prefix: item.prefix, suffix: item.suffix, ...numbering });
    this.builder.openContainer('list_item', { checked: item.checked });
    this.stack.push({
      type: 'list',
      level: item.level,
      kind: item.kind,
      format: item.format,
      prefix: item.prefix,
      suffix: item.suffix,
      textIndent: item.textIndent,
      numId: item.numId,
      lastValue: item.value,
      tasks: item.checked !== null,
    });
  }

  /**
   * Places an unnumbered paragraph whose left indent is `indent` (twips). An unquoted one continues
   * the deepest open list item whose text indent it reaches, otherwise closes every list and quote.
   * A quoted one continues the deepest item it reaches by at least one quote step, and sits in as
   * many quotes inside that item (or outside all lists) as its further indent has steps, at least
   * one. Returns whether the paragraph is in a list.
   */
  placeParagraph(indent: Twips | undefined, quoted: boolean): boolean {
    const left = indent ?? 0;
    const step = quoted ? QUOTE_STEP : 0;
    const target = this.continuationTarget(left - step);
    if (!quoted) {
      while (this.stack.length - 1 > target) this.closeTop();
      return target !== -1;
    }
    const frame = target === -1 ? 0 : (this.stack[target] as Extract<Entry, { type: 'list' }>).textIndent;
    const depth = Math.max(1, Math.round((left - frame) / QUOTE_STEP));
    while (this.stack.length - 1 > target && (this.hasListAbove(target) || this.quoteCount(target + 1) > depth)) this.closeTop();
    while (this.quoteCount(target + 1) < depth) this.openQuote();
    return target !== -1;
  }

  /** Closes every list and quote this flow opened. */
  closeAll(): void {
    while (this.stack.length > 0) this.closeTop();
  }

  private continuationTarget(indent: Twips): number {
    if (indent <= 0) return -1;
    for (let index = this.stack.length - 1; index >= 0; index--) {
      const entry = this.stack[index]!;
      if (entry.type === 'list' && indent >= entry.textIndent) return index;
    }
    return -1;
  }

  // The quotes open from stack position `from` upwards.
  private quoteCount(from = 0): number {
    let count = 0;
    for (let index = from; index < this.stack.length; index++) if (this.stack[index]!.type === 'quote') count++;
    return count;
  }

  private hasListAbove(index: number): boolean {
    return this.stack.some((entry, at) => at > index && entry.type === 'list');
  }

  private listBelowTop(): Extract<Entry, { type: 'list' }> | undefined {
    for (let index = this.stack.length - 2; index >= 0; index--) {
      const entry = this.stack[index]!;
      if (entry.type === 'list') return entry;
    }
    return undefined;
  }

  private openQuote(): void {
    this.builder.openContainer('blockquote');
    this.stack.push({ type: 'quote' });
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
  return list.format === item.format && list.prefix === item.prefix && list.suffix === item.suffix && item.value === list.lastValue + 1;
}
