import type { Node } from 'prosemirror-model';
import type { Decoration, NodeView } from 'prosemirror-view';
import { estimateLines } from '../block-lines.js';
import { applyDeclarations, clampLevel, paragraphDeclarations } from '../paragraph-style.js';
import type { RenderContext } from '../render-context.js';

/**
 * Paragraphs and headings: `<p>` and `<h1>`..`<h6>` whose paragraph style, alignment,
 * indentation, spacing and direction are set through the CSSOM (a strict CSP blocks the style
 * attributes that the schema's `toDOM` would write).
 */
export class TextblockView implements NodeView {
  readonly dom: HTMLElement;
  readonly contentDOM: HTMLElement;

  private laidOut: LaidOutBox | null;

  /** `isQuoted`: whether the paragraph stands in a block quote (asked only for styles with a left indent). */
  constructor(
    private node: Node,
    private readonly context: RenderContext,
    private readonly isQuoted: () => boolean = () => false,
    decorations: readonly Decoration[] = [],
  ) {
    this.dom = this.contentDOM = context.page.createElement(tagOf(node));
    this.laidOut = laidOutBox(decorations);
    this.render(true);
  }

  update(node: Node, decorations: readonly Decoration[]): boolean {
    if (node.type !== this.node.type || tagOf(node) !== this.dom.tagName.toLowerCase()) return false;
    const laidOut = laidOutBox(decorations);
    const changed = !node.sameMarkup(this.node) || !sameBox(laidOut, this.laidOut);
    const contentChanged = node.content !== this.node.content;
    this.node = node;
    this.laidOut = laidOut;
    if (changed) this.render(false);
    else if (contentChanged) this.markFloats();
    return true;
  }

  private render(fresh: boolean): void {
    const { attrs } = this.node;
    const declarations = paragraphDeclarations(this.node, this.context, this.isQuoted);
    const lines = estimateLines(this.node, this.context);
    if (lines > 1) declarations.set('--quire-lines', String(lines));
    // On pages, the space around the paragraph and its line height are the layout's (style.css).
    if (this.laidOut) {
      declarations.set('--quire-laid-before', `${this.laidOut.before}px`);
      declarations.set('--quire-laid-after', `${this.laidOut.after}px`);
      declarations.set('--quire-laid-line', `${this.laidOut.line}px`);
      declarations.set('--quire-laid-lines', String(this.laidOut.lines));
      this.dom.dataset['laidLines'] = String(this.laidOut.lines);
    } else if (!fresh) {
      delete this.dom.dataset['laidLines'];
    }
    this.dom.classList.toggle('quire-laid-out', this.laidOut !== null);
    if (!fresh || declarations.size > 0) applyDeclarations(this.dom, declarations);
    const direction = attrs['direction'];
    if (direction === 'rtl' || direction === 'ltr') this.dom.dir = direction;
    else if (!fresh) this.dom.removeAttribute('dir');
    this.dom.classList.toggle('quire-page-break-before', attrs['pageBreakBefore'] === true);
    // A numbered heading's number is shown by style.css, outside the editable text.
    if (typeof attrs['number'] === 'string') this.dom.dataset['number'] = attrs['number'];
    else if (!fresh) delete this.dom.dataset['number'];
    this.markFloats();
  }

  // Paragraphs holding a floating picture are never skipped while off screen (style.css): containment would clip the float.
  private markFloats(): void {
    let float = false;
    this.node.forEach((child) => {
      if (child.type.name === 'image' && child.attrs['float'] !== null) float = true;
    });
    if (float !== this.dom.classList.contains('quire-has-float')) this.dom.classList.toggle('quire-has-float', float);
  }
}

function tagOf(node: Node): string {
  return node.type.name === 'heading' ? `h${clampLevel(node.attrs['level'])}` : 'p';
}

/**
 * The room a textblock takes on the editor's pages, in CSS pixels, as the page layout placed it:
 * given by a node decoration whose spec carries it as `laidOut` (see editor/pages/paged-view.ts).
 */
export interface LaidOutBox {
  readonly before: number;
  readonly after: number;
  readonly line: number;
  /** How many lines the layout broke the text into, which the browser should too. */
  readonly lines: number;
}

function laidOutBox(decorations: readonly Decoration[]): LaidOutBox | null {
  for (const decoration of decorations) {
    const box = (decoration.spec as { laidOut?: LaidOutBox }).laidOut;
    if (box) return box;
  }
  return null;
}

function sameBox(a: LaidOutBox | null, b: LaidOutBox | null): boolean {
  return a === b || (a !== null && b !== null && a.before === b.before && a.after === b.after && a.line === b.line && a.lines === b.lines);
}
