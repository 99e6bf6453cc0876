import { Fragment, Node } from 'prosemirror-model';
import type { Mark } from 'prosemirror-model';
import { toBlocks } from './fit-content.js';
import { schema } from './schema.js';

/**
 * Small builders for documents of the model, mainly for tests: `doc(p('Hello ', b('world')))`.
 * Each takes an optional attributes object first; strings become text; inline content given to a
 * container that holds blocks is wrapped in a paragraph. Every built node is checked against the
 * schema, so a builder throws on content the model does not allow.
 */
export type Child = Node | string | readonly Child[];

/** Attributes given to a builder. */
export type Attrs = Record<string, unknown>;

type Args = readonly (Attrs | Child)[];

function isAttrs(value: unknown): value is Attrs {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Node);
}

function splitArgs(args: Args): { attrs: Attrs | null; children: Node[] } {
  const [first, ...rest] = args;
  if (isAttrs(first)) return { attrs: first, children: flatten(rest as Child[]) };
  return { attrs: null, children: flatten(args as Child[]) };
}

function flatten(children: readonly Child[]): Node[] {
  const out: Node[] = [];
  for (const child of children) {
    if (typeof child === 'string') {
      if (child !== '') out.push(schema.text(child));
    } else if (Array.isArray(child)) {
      out.push(...flatten(child as readonly Child[]));
    } else {
      out.push(child as Node);
    }
  }
  return out;
}

function build(name: string, attrs: Attrs | null, content: readonly Node[]): Node {
  const node = schema.nodes[name]!.create(attrs, Fragment.fromArray([...content]));
  node.check();
  return node;
}

function asBlocks(children: readonly Node[]): Node[] {
  return toBlocks(children, (inline) => build('paragraph', null, inline));
}

function blockBuilder(name: string): (...args: Args) => Node {
  return (...args) => {
    const { attrs, children } = splitArgs(args);
    return build(name, attrs, asBlocks(children));
  };
}

function inlineBuilder(name: string): (...args: Args) => Node {
  return (...args) => {
    const { attrs, children } = splitArgs(args);
    return build(name, attrs, children);
  };
}

/**
 * Builds a `doc`. Sections and footnotes given are used as they are; any other blocks (or inline
 * content) go into one section with default attributes.
 */
export function doc(...args: Args): Node {
  const { attrs, children } = splitArgs(args);
  const sections = children.filter((child) => child.type.name === 'section');
  const footnotes = children.filter((child) => child.type.name === 'footnote');
  const body = children.filter((child) => child.type.name !== 'section' && child.type.name !== 'footnote');
  if (body.length > 0) sections.push(build('section', null, asBlocks(body)));
  return build('doc', attrs, [...sections, ...footnotes]);
}

/** Builds a `section`; `header_footer` children stay in front of its blocks. */
export function section(...args: Args): Node {
  const { attrs, children } = splitArgs(args);
  const parts = children.filter((child) => child.type.name === 'header_footer');
  const body = asBlocks(children.filter((child) => child.type.name !== 'header_footer'));
  return build('section', attrs, [...parts, ...body]);
}

/** Builds a header for `variant` pages (`default`, `first` or `even`). */
export function header(variant: string, ...children: Child[]): Node {
  return build('header_footer', { kind: 'header', variant }, asBlocks(flatten(children)));
}

/** Builds a footer for `variant` pages (`default`, `first` or `even`). */
export function footer(variant: string, ...children: Child[]): Node {
  return build('header_footer', { kind: 'footer', variant }, asBlocks(flatten(children)));
}

/** Builds the footnote with `id`, which `footnoteRef(id)` refers to. */
export function footnote(id: string, ...children: Child[]): Node {
  return build('footnote', { id }, asBlocks(flatten(children)));
}

/** Builds a paragraph. */
export const p = inlineBuilder('paragraph');

/** Builds a heading of `level` (1 to 6). */
export function heading(level: number, ...args: Args): Node {
  const { attrs, children } = splitArgs(args);
  return build('heading', { ...attrs, level }, children);
}

/** Builds a code block from its text. */
export function codeBlock(...args: Args): Node {
  const { attrs, children } = splitArgs(args);
  return build('code_block', attrs, children);
}

/** Builds a block quote. */
export const blockquote = blockBuilder('blockquote');
/** Builds a bullet list of `li` items. */
export const ul = inlineBuilder('bullet_list');
/** Builds an ordered list of `li` items (`{ start, format }`). */
export const ol = inlineBuilder('ordered_list');
/** Builds a list item (`{ checked }` for task lists). */
export const li = blockBuilder('list_item');
/** Builds an anchored text box (`{ float, width, height, inset }`). */
export const textBox = blockBuilder('text_box');
/** Builds a table of `tr` rows. */
export const table = inlineBuilder('table');
/** Builds a table row (`{ header: true }` for a header row). */
export const tr = inlineBuilder('table_row');
/** Builds a table cell (`{ colspan, rowspan, background }`). */
export const td = blockBuilder('table_cell');

/** Builds a horizontal rule. */
export function hr(): Node {
  return build('horizontal_rule', null, []);
}

/** Builds a page break. */
export function pageBreak(): Node {
  return build('page_break', null, []);
}

/** Builds a hard line break. */
export function br(): Node {
  return build('hard_break', null, []);
}

/** Builds an image (`{ src, alt, width, height }`). */
export function img(attrs: Attrs): Node {
  return build('image', attrs, []);
}

/**
 * Builds a page field (`PAGE`, `NUMPAGES`, `SECTIONPAGES`, `PAGEREF`) showing `text` until a writer
 * computes it; `attrs` gives its `code`, `bookmark` and `format`.
 */
export function field(name: 'PAGE' | 'NUMPAGES' | 'SECTIONPAGES' | 'PAGEREF', text = '', attrs: Attrs = {}): Node {
  return build('field', { ...attrs, name, text }, []);
}

/** Builds a reference to the footnote with `id`. */
export function footnoteRef(id: string): Node {
  return build('footnote_reference', { id }, []);
}

/** Builds an opaque block (`{ format, source, text }`). */
export function opaqueBlock(attrs: Attrs): Node {
  return build('opaque_block', attrs, []);
}

/** Builds an opaque inline node (`{ format, source, text }`). */
export function opaqueInline(attrs: Attrs): Node {
  return build('opaque_inline', attrs, []);
}

function markBuilder(name: string): (...args: Args) => Node[] {
  return (...args) => {
    const { attrs, children } = splitArgs(args);
    return addMark(schema.marks[name]!.create(attrs), children);
  };
}

function addMark(mark: Mark, nodes: readonly Node[]): Node[] {
  return nodes.map((node) => (node.isInline ? node.mark(mark.addToSet(node.marks)) : node));
}

/** Marks its content bold. */
export const b = markBuilder('bold');
/** Marks its content italic. */
export const i = markBuilder('italic');
/** Marks its content underlined (`{ style }`, default `single`). */
export const u = markBuilder('underline');
/** Marks its content struck through. */
export const s = markBuilder('strike');
/** Marks its content as code. */
export const code = markBuilder('code');
/** Marks its content superscript. */
export const sup = markBuilder('superscript');
/** Marks its content subscript. */
export const sub = markBuilder('subscript');
/** Marks its content as a tracked insertion (`{ id, author, date, move }`). */
export const ins = markBuilder('insertion');
/** Marks its content as a tracked deletion (`{ id, author, date, move }`). */
export const del = markBuilder('deletion');
/** Marks its content as the range of comment `{ id }`. */
export const commented = markBuilder('comment');

/** Links its content to `href` (a string, or `{ href, title }`). */
export function a(href: string | { href: string; title?: string | null }, ...children: Child[]): Node[] {
  return addMark(schema.marks['link']!.create(typeof href === 'string' ? { href } : href), flatten(children));
}

/** Shows its content in capitals (`all`) or small capitals (`small`). */
export function caps(variant: 'all' | 'small', ...children: Child[]): Node[] {
  return addMark(schema.marks['caps']!.create({ variant }), flatten(children));
}

/** Colours its content (`RRGGBB`). */
export function color(hex: string, ...children: Child[]): Node[] {
  return addMark(schema.marks['color']!.create({ color: hex }), flatten(children));
}

/** Highlights its content (`RRGGBB`). */
export function highlight(hex: string, ...children: Child[]): Node[] {
  return addMark(schema.marks['highlight']!.create({ color: hex }), flatten(children));
}

/** Sets the font of its content (`{ family, size }`). */
export function font(attrs: Attrs, ...children: Child[]): Node[] {
  return addMark(schema.marks['font']!.create(attrs), flatten(children));
}
