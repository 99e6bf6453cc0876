import type { Mark, Node, NodeType } from 'prosemirror-model';
import { collapseWhitespace } from './collapse-whitespace.js';
import { fitContainer } from './fit-content.js';
import type { WarningLog } from './read-result.js';
import { schema } from './schema.js';

/** Container nodes a reader can open; each counts towards the nesting depth. */
export type ContainerName =
  | 'blockquote'
  | 'bullet_list'
  | 'ordered_list'
  | 'list_item'
  | 'table'
  | 'table_row'
  | 'table_cell'
  | 'text_box';

/** Nodes that hold inline content. */
export type TextblockName = 'paragraph' | 'heading' | 'code_block';

/** Options of {@link DocumentBuilder}. */
export interface DocumentBuilderOptions {
  /** Containers deeper than this are flattened into their ancestor, with one warning. */
  readonly maxDepth: number;
  readonly log: WarningLog;
}

interface Frame {
  /** The container to build on close; `null` for a textblock or transparent frame. */
  readonly container: NodeType | null;
  attrs: Record<string, unknown> | null;
  /** How pending inline content becomes a block. */
  readonly textblock: NodeType;
  readonly textblockAttrs: Record<string, unknown> | null;
  readonly blocks: Node[];
  inline: Node[];
  /** Size of `inline` in ProseMirror positions (characters of text, one per leaf). */
  inlineSize: number;
}

/**
 * Builds a model document from a stream of open, add and close calls, so that readers never
 * recurse over their input. It wraps loose inline content in paragraphs, repairs content the
 * schema would reject (see `fitContainer`) and flattens containers nested deeper than `maxDepth`.
 */
export class DocumentBuilder {
  private readonly frames: Frame[];
  /** The footnotes built so far, which the document holds after its section. */
  private readonly footnotes: Node[] = [];
  /** Footnote ids in the order the text first refers to them, the order the document keeps its notes in. */
  private readonly referenceOrder = new Map<string, number>();
  private depth = 0;
  private flattened = false;
  private textblocks = 0;
  /** Text added as HTML text, whose white space collapses (outside code blocks). */
  private readonly collapsible = new WeakSet<Node>();

  /** Starts a document with one section. */
  constructor(private readonly options: DocumentBuilderOptions) {
    this.frames = [this.createFrame(schema.nodes['section']!, null)];
  }

  /**
   * Opens a container; loose text in it becomes paragraphs with `paragraphAttrs`. Past `maxDepth`
   * it opens a transparent frame instead, so the content is kept but flattened.
   */
  openContainer(
    name: ContainerName,
    attrs: Record<string, unknown> | null = null,
    paragraphAttrs: Record<string, unknown> | null = null,
  ): void {
    if (this.depth >= this.options.maxDepth) {
      if (!this.flattened) {
        this.flattened = true;
        this.options.log.warn(
          'READER_NESTING_FLATTENED',
          `Content nested deeper than ${this.options.maxDepth} levels was flattened into its ancestor.`,
        );
      }
      this.openTransparent(paragraphAttrs);
      return;
    }
    this.flushTop();
    this.depth++;
    this.frames.push(this.createFrame(schema.nodes[name]!, attrs, paragraphAttrs));
  }

  /**
   * Merges `attrs` into the attributes of the innermost open container when it is a `name` (for
   * facts a reader learns after opening it, like a task item's checkbox); returns whether it was.
   * Textblock and transparent frames are skipped; a flattened container is not found.
   */
  updateContainer(name: ContainerName, attrs: Record<string, unknown>): boolean {
    for (let index = this.frames.length - 1; index > 0; index--) {
      const frame = this.frames[index]!;
      if (!frame.container) continue;
      if (frame.container.name !== name) return false;
      frame.attrs = { ...frame.attrs, ...attrs };
      return true;
    }
    return false;
  }

  /**
   * Opens the footnote with `id`, which `footnote_reference` nodes with that id refer to; its
   * content goes to the end of the document, wherever the reader meets it, copied once under each
   * of `copyIds` (a note that the text refers to more than once). Counts as a container.
   */
  openFootnote(id: string, copyIds: readonly string[] = []): void {
    this.flushTop();
    this.depth++;
    this.frames.push(this.createFrame(schema.nodes['footnote']!, { id, copyIds }));
  }

  /** Opens a frame that builds no node (an HTML `div`); loose text in it becomes paragraphs with `paragraphAttrs`. */
  openTransparent(paragraphAttrs: Record<string, unknown> | null = null): void {
    this.flushTop();
    this.frames.push({ container: null, attrs: null, textblock: schema.nodes['paragraph']!, textblockAttrs: paragraphAttrs, blocks: [], inline: [], inlineSize: 0 });
  }

  /** Opens a paragraph, heading or code block; a container opened inside it splits it in two. */
  openTextblock(name: TextblockName, attrs: Record<string, unknown> | null = null): void {
    this.flushTop();
    this.frames.push({ container: null, attrs: null, textblock: schema.nodes[name]!, textblockAttrs: attrs, blocks: [], inline: [], inlineSize: 0 });
  }

  /** Closes the innermost open frame. Throws when only the document's section is left (a reader bug). */
  close(): void {
    if (this.frames.length <= 1) throw new Error('DocumentBuilder.close: nothing is open.');
    const frame = this.frames.pop()!;
    this.flush(frame);
    if (frame.container) this.depth--;
    if (frame.container?.name === 'footnote') return this.closeFootnote(frame);
    const nodes = frame.container ? fitContainer(frame.container, frame.attrs, frame.blocks) : frame.blocks;
    this.top().blocks.push(...nodes);
  }

  /** Number of frames open above the document's section. */
  get openFrames(): number {
    return this.frames.length - 1;
  }

  /** Whether the innermost frame is a code block, whose text keeps its white space and no marks. */
  get inCodeBlock(): boolean {
    return this.top().textblock.name === 'code_block' && this.top().container === null;
  }

  /**
   * Adds text with `marks`; empty text is ignored. With `collapse`, its white space collapses as
   * HTML's does when its paragraph is built (see `collapseWhitespace`).
   */
  addText(text: string, marks: readonly Mark[] = [], collapse = false): void {
    if (text === '') return;
    const node = schema.text(text, marks);
    if (collapse) this.collapsible.add(node);
    this.pushInline(node);
  }

  /** Adds an inline node (image, hard break, footnote reference, opaque inline). */
  addInline(node: Node): void {
    const id = String(node.attrs['id']);
    if (node.type.name === 'footnote_reference' && !this.referenceOrder.has(id)) this.referenceOrder.set(id, this.referenceOrder.size);
    this.pushInline(node);
  }

  /** The position, inside the textblock being built, where the next inline content goes. */
  get inlinePosition(): number {
    return this.top().inlineSize;
  }

  /** How many textblocks were built so far: a reader tells by it whether a textblock was split. */
  get textblockCount(): number {
    return this.textblocks;
  }

  /** Adds a block leaf (rule, page break, opaque block) after the pending inline content. */
  addBlock(node: Node): void {
    this.flushTop();
    this.top().blocks.push(node);
  }

  /**
   * Closes everything still open and returns the document, checked against the schema: its
   * section, then its footnotes in order of first reference (notes no text refers to last).
   */
  finish(docAttrs: Record<string, unknown> | null = null): Node {
    while (this.frames.length > 1) this.close();
    const root = this.frames[0]!;
    this.flush(root);
    const sections = fitContainer(schema.nodes['section']!, root.attrs, root.blocks);
    // As the DOCX reader does, notes follow the order of their first reference: LibreOffice pairs
    // the notes of a DOCX with their references in order, whatever their ids say.
    const rank = (note: Node): number => this.referenceOrder.get(String(note.attrs['id'])) ?? Number.MAX_SAFE_INTEGER;
    const footnotes = [...this.footnotes].sort((a, b) => rank(a) - rank(b));
    const doc = schema.nodes['doc']!.create(docAttrs, [...sections, ...footnotes]);
    doc.check();
    return doc;
  }

  private closeFootnote(frame: Frame): void {
    const { id, copyIds } = frame.attrs as { id: string; copyIds: readonly string[] };
    const [note] = fitContainer(frame.container!, { id }, frame.blocks);
    this.footnotes.push(note!, ...copyIds.map((copyId) => note!.type.create({ id: copyId }, note!.content)));
  }

  private createFrame(
    container: NodeType,
    attrs: Record<string, unknown> | null,
    textblockAttrs: Record<string, unknown> | null = null,
  ): Frame {
    return { container, attrs, textblock: schema.nodes['paragraph']!, textblockAttrs, blocks: [], inline: [], inlineSize: 0 };
  }

  private top(): Frame {
    return this.frames[this.frames.length - 1]!;
  }

  private flushTop(): void {
    this.flush(this.top());
  }

  private pushInline(node: Node): void {
    const top = this.top();
    top.inline.push(node);
    top.inlineSize += node.nodeSize;
  }

  private flush(frame: Frame): void {
    if (frame.inline.length === 0) return;
    frame.inlineSize = 0;
    this.textblocks++;
    const isCode = frame.textblock.name === 'code_block';
    const inline = isCode ? toCodeText(frame.inline) : collapseWhitespace(frame.inline, (node) => this.collapsible.has(node));
    frame.inline = [];
    if (inline.length > 0) frame.blocks.push(frame.textblock.create(frame.textblockAttrs, inline));
  }
}

// A code block holds unmarked text only (its spec has `marks: ''`): breaks become line feeds and
// other leaves their text. The line feed that ends the last line is not content: Markdown fences
// and `<pre>` blocks both end with one.
function toCodeText(inline: readonly Node[]): Node[] {
  const text = inline
    .map((node) => (node.isText ? (node.text ?? '') : node.type.name === 'hard_break' ? '\n' : node.textContent))
    .join('')
    .replace(/\r?\n$/, '');
  return text === '' ? [] : [schema.text(text)];
}
