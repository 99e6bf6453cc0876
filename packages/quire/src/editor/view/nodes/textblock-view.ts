import type { Node } from 'prosemirror-model';
import type { NodeView } from 'prosemirror-view';
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

  /** `isQuoted`: whether the paragraph stands in a block quote (asked only for styles with a left indent). */
  constructor(
    private node: Node,
    private readonly context: RenderContext,
    private readonly isQuoted: () => boolean = () => false,
  ) {
    this.dom = this.contentDOM = context.page.createElement(tagOf(node));
    this.render(true);
  }

  update(node: Node): boolean {
    if (node.type !== this.node.type || tagOf(node) !== this.dom.tagName.toLowerCase()) return false;
    const changed = !node.sameMarkup(this.node);
    const contentChanged = node.content !== this.node.content;
    this.node = node;
    if (changed) this.render(false);
    else if (contentChanged) this.markFloats();
    return true;
  }

  private render(fresh: boolean): void {
    const { attrs } = this.node;
    const declarations = paragraphDeclarations(this.node, this.context, this.isQuoted);
    const lines = estimateLines(this.node, this.context);
    if (lines > 1) declarations.set('--quire-lines', String(lines));
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
