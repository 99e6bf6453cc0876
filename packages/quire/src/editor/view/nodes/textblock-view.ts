import type { Node } from 'prosemirror-model';
import type { NodeView, ViewMutationRecord } from 'prosemirror-view';
import { isLeftOutInMarkup } from '../../../model/review/review-markup.js';
import { CHANGED_CLASS, holdsTrackedChange } from '../../review/change-bars.js';
import { estimateLines } from '../block-lines.js';
import { applyDeclarations, clampLevel, paragraphDeclarations } from '../paragraph-style.js';
import type { RenderContext } from '../render-context.js';
import type { RoomedView, TextblockRoom } from '../textblock-rooms.js';

/**
 * Paragraphs and headings: `<p>` and `<h1>`..`<h6>` whose paragraph style, alignment,
 * indentation, spacing and direction are set through the CSSOM (a strict CSP blocks the style
 * attributes that the schema's `toDOM` would write).
 */
export class TextblockView implements NodeView, RoomedView {
  readonly dom: HTMLElement;
  readonly contentDOM: HTMLElement;
  private room: TextblockRoom | null;

  /** `isQuoted`: whether the paragraph stands in a block quote (asked only for styles with a left indent). */
  constructor(
    public node: Node,
    private readonly context: RenderContext,
    private readonly isQuoted: () => boolean = () => false,
  ) {
    this.dom = this.contentDOM = context.page.createElement(tagOf(node));
    this.room = context.rooms.roomOf(node);
    context.rooms.add(this);
    this.render(true);
  }

  update(node: Node): boolean {
    if (node.type !== this.node.type || tagOf(node) !== this.dom.tagName.toLowerCase()) return false;
    const laidOut = this.context.rooms.roomOf(node);
    const roomChanged = laidOut !== null && !sameRoom(laidOut, this.room);
    if (roomChanged) this.room = laidOut;
    const changed = !node.sameMarkup(this.node) || roomChanged;
    const contentChanged = node.content !== this.node.content;
    this.node = node;
    if (changed) this.render(false);
    else if (contentChanged) this.markContent();
    return true;
  }

  /** Shows the room the page layout gave the paragraph (style.css), or none (the flow layout). */
  setRoom(room: TextblockRoom | null): void {
    if (sameRoom(room, this.room)) return;
    this.room = room;
    this.render(false);
  }

  destroy(): void {
    this.context.rooms.delete(this);
  }

  // The paragraph element's attributes are the view's own: a room given by a new layout sets them
  // outside ProseMirror's update, which must not take that for an edit of the document (it would
  // read the paragraph back and put the selection where the DOM has it).
  ignoreMutation(mutation: ViewMutationRecord): boolean {
    return mutation.type === 'attributes' && mutation.target === this.dom;
  }

  private render(fresh: boolean): void {
    const { attrs } = this.node;
    const declarations = paragraphDeclarations(this.node, this.context, this.isQuoted);
    const lines = estimateLines(this.node, this.context);
    if (lines > 1) declarations.set('--quire-lines', String(lines));
    // On pages, the space around the paragraph and its line height are the layout's (style.css).
    const { room } = this;
    if (room) {
      declarations.set('--quire-laid-before', `${room.before}px`);
      declarations.set('--quire-laid-after', `${room.after}px`);
      declarations.set('--quire-laid-line', `${room.line}px`);
      declarations.set('--quire-laid-lines', String(room.lines));
      this.dom.dataset['laidLines'] = String(room.lines);
    } else if (!fresh) {
      delete this.dom.dataset['laidLines'];
    }
    this.dom.classList.toggle('quire-laid-out', room !== null);
    this.dom.classList.toggle('quire-laid-barred', room?.afterInBar === true);
    if (!fresh || declarations.size > 0) applyDeclarations(this.dom, declarations);
    const direction = attrs['direction'];
    if (direction === 'rtl' || direction === 'ltr') this.dom.dir = direction;
    else if (!fresh) this.dom.removeAttribute('dir');
    this.dom.classList.toggle('quire-page-break-before', attrs['pageBreakBefore'] === true);
    // A numbered heading's number is shown by style.css, outside the editable text.
    if (typeof attrs['number'] === 'string') this.dom.dataset['number'] = attrs['number'];
    else if (!fresh) delete this.dom.dataset['number'];
    this.markContent();
  }

  // Paragraphs holding a floating picture are never skipped while off screen (style.css):
  // containment would clip the float. On pages, a paragraph is skipped at the layout's height only
  // when that is its height: not with a picture, a text box or a page turn in it.
  private markContent(): void {
    let float = false;
    let picture = false;
    this.node.forEach((child) => {
      if (child.type.name === 'image' || child.type.name === 'text_box') picture = true;
      if (child.type.name === 'image' && child.attrs['float'] !== null) float = true;
    });
    const skippable = this.room !== null && !this.room.holdsTurn && !picture;
    if (float !== this.dom.classList.contains('quire-has-float')) this.dom.classList.toggle('quire-has-float', float);
    if (skippable !== this.dom.classList.contains('quire-laid-skippable')) this.dom.classList.toggle('quire-laid-skippable', skippable);
    // A paragraph that accepting (or rejecting) its mark's change takes away whole is not shown in that markup, as the layout leaves it out (style.css).
    const changed = this.node.attrs['markChange'] != null;
    this.dom.classList.toggle('quire-gone-accepted', changed && isLeftOutInMarkup(this.node, 'none'));
    this.dom.classList.toggle('quire-gone-rejected', changed && isLeftOutInMarkup(this.node, 'original'));
    // Word's changed lines: the bar beside a paragraph holding a tracked change (style.css).
    const barred = holdsTrackedChange(this.node);
    if (barred !== this.dom.classList.contains(CHANGED_CLASS)) this.dom.classList.toggle(CHANGED_CLASS, barred);
  }
}

function tagOf(node: Node): string {
  return node.type.name === 'heading' ? `h${clampLevel(node.attrs['level'])}` : 'p';
}

function sameRoom(a: TextblockRoom | null, b: TextblockRoom | null): boolean {
  return (
    a === b ||
    (a !== null && b !== null && a.before === b.before && a.after === b.after && a.line === b.line && a.lines === b.lines && a.afterInBar === b.afterInBar && a.holdsTurn === b.holdsTurn)
  );
}
