import type { Token } from 'markdown-it';
import type { Mark } from 'prosemirror-model';
import type { DocumentBuilder } from '../../model/document-builder.js';
import type { WarningLog } from '../../model/read-result.js';
import { schema } from '../../model/schema.js';
import { addImage, addImageSource } from '../html/add-image.js';
import { DROPPED_ELEMENTS, MARK_ELEMENTS, WARN_WHEN_DROPPED } from '../html/html-elements.js';
import type { HtmlParser } from '../html/html-parser.js';
import { readInlineStyle } from '../html/inline-css.js';
import { readSafeHref } from '../html/safe-href.js';
import { footnoteId } from './footnote-id.js';
import { readAttr } from './read-attr.js';

interface OpenMark {
  /** `md:` plus the token type for Markdown syntax, the tag name for inline HTML. */
  readonly name: string;
  /** The marks this entry adds. */
  readonly own: readonly Mark[];
  /** All marks in effect inside it. */
  readonly marks: readonly Mark[];
}

const MARKDOWN_MARKS: Readonly<Record<string, string>> = { em_open: 'italic', strong_open: 'bold', s_open: 'strike' };
// Inline HTML tags left open past this many are ignored: the stack never grows with hostile input.
const MAX_OPEN_TAGS = 100;

/**
 * Adds the children of a markdown-it `inline` token to a builder. Inline raw HTML is read tag by
 * tag: formatting tags (`<b>`, `<sup>`, `<span style>`...) open and close marks, `<br>` breaks,
 * `<img>` goes through the image rules, and the text inside dropped elements (`<script>`) is skipped.
 */
export class InlineTokenSink {
  private readonly open: OpenMark[] = [];
  private droppedTag: string | null = null;

  /** `parseHtml` reads the attributes of inline HTML tags. */
  constructor(
    private readonly builder: DocumentBuilder,
    private readonly log: WarningLog,
    private readonly parseHtml: HtmlParser,
  ) {}

  /**
   * Reads one `inline` token's children, all with `baseMarks` (a definition term's bold); marks
   * left open by unbalanced HTML end with it.
   */
  read(children: readonly Token[], baseMarks: readonly Mark[] = []): void {
    this.open.length = 0;
    this.droppedTag = null;
    // A name no Markdown token or HTML tag has: nothing inside the text closes it.
    if (baseMarks.length > 0) this.push(' base', baseMarks);
    for (const token of children) this.readToken(token);
  }

  private get marks(): readonly Mark[] {
    return this.open[this.open.length - 1]?.marks ?? [];
  }

  private readToken(token: Token): void {
    if (this.droppedTag !== null && token.type !== 'html_inline') return;
    const markName = MARKDOWN_MARKS[token.type];
    if (markName) return this.push(`md:${token.type}`, [schema.marks[markName]!.create()]);
    switch (token.type) {
      case 'text':
        return this.builder.addText(token.content, this.marks);
      case 'softbreak':
        return this.builder.addText(' ', this.marks);
      case 'hardbreak':
        return this.builder.addInline(schema.nodes['hard_break']!.create(null, null, this.marks));
      case 'code_inline':
        return this.builder.addText(token.content, schema.marks['code']!.create().addToSet(this.marks));
      case 'em_close':
      case 'strong_close':
      case 's_close':
      case 'link_close':
        return this.popMarkdown();
      case 'link_open':
        return this.openLink(readAttr(token, 'href') ?? '', readAttr(token, 'title'));
      case 'image':
        return addImageSource(this.builder, this.log, { src: readAttr(token, 'src') ?? '', alt: token.content, title: readAttr(token, 'title') ?? undefined }, this.marks);
      case 'html_inline':
        return this.readHtmlTag(token.content);
      case 'footnote_ref':
        return this.builder.addInline(schema.nodes['footnote_reference']!.create({ id: footnoteId(token) }));
      default:
        if (token.content) this.builder.addText(token.content, this.marks);
    }
  }

  private push(name: string, own: readonly Mark[]): void {
    this.open.push({ name, own, marks: own.reduce((set, mark) => mark.addToSet(set), this.marks) });
  }

  private popMarkdown(): void {
    for (let index = this.open.length - 1; index >= 0; index--) {
      if (this.open[index]!.name.startsWith('md:')) {
        this.removeAt(index);
        return;
      }
    }
  }

  // Removes one entry and recomputes the entries opened after it, whose sets included its marks.
  private removeAt(index: number): void {
    const later = this.open.splice(index).slice(1);
    for (const entry of later) this.push(entry.name, entry.own);
  }

  private openLink(href: string, title: string | null): void {
    const safe = readSafeHref(href);
    if (!safe && href.trim() !== '') this.log.warn('READER_UNSAFE_LINK', 'A link with an unsafe or unknown scheme was dropped; its text was kept.');
    this.push('md:link', safe ? [schema.marks['link']!.create({ href: safe, title })] : []);
  }

  private readHtmlTag(html: string): void {
    const tag = /^<(\/?)([a-zA-Z][a-zA-Z0-9-]*)/.exec(html);
    if (!tag) return;
    const name = tag[2]!.toLowerCase();
    if (tag[1]) return this.closeHtml(name);
    if (this.droppedTag !== null) return;
    const attributes = readTagAttributes(html, name, this.parseHtml);
    if (DROPPED_ELEMENTS.has(name)) {
      if (WARN_WHEN_DROPPED.has(name)) this.log.warn('READER_ELEMENT_DROPPED', `<${name}> elements are not converted; each was dropped with its content.`);
      if (!html.endsWith('/>') && name !== 'input') this.droppedTag = name;
      return;
    }
    if (name === 'br') return this.builder.addInline(schema.nodes['hard_break']!.create(null, null, this.marks));
    if (name === 'img') return addImage(this.builder, this.log, attributes, this.marks);
    if (this.open.length >= MAX_OPEN_TAGS || html.endsWith('/>')) return;
    this.push(name, readTagMarks(name, attributes, this.log));
  }

  private closeHtml(name: string): void {
    if (this.droppedTag !== null) {
      if (name === this.droppedTag) this.droppedTag = null;
      return;
    }
    for (let index = this.open.length - 1; index >= 0; index--) {
      if (this.open[index]!.name === name) {
        this.removeAt(index);
        return;
      }
    }
  }
}

function readTagMarks(name: string, attributes: Readonly<Record<string, string>>, log: WarningLog): Mark[] {
  const marks: Mark[] = [];
  const markName = MARK_ELEMENTS.get(name);
  if (markName) marks.push(schema.marks[markName]!.create());
  if (name === 'a' && attributes['href'] !== undefined) {
    const href = readSafeHref(attributes['href']);
    if (href) marks.push(schema.marks['link']!.create({ href, title: attributes['title'] ?? null }));
    else log.warn('READER_UNSAFE_LINK', 'A link with an unsafe or unknown scheme was dropped; its text was kept.');
  }
  marks.push(...readInlineStyle(attributes['style']).marks);
  return marks;
}

// The tag is parsed alone: markdown-it gives each inline tag its own token. The first element of
// that name is the tag (a DOM parser also reports the html, head and body it puts around it).
function readTagAttributes(html: string, name: string, parseHtml: HtmlParser): Record<string, string> {
  let attributes: Record<string, string> | undefined;
  parseHtml(html, { onopentag: (tag, attribs) => void (tag === name && (attributes ??= attribs)) });
  return attributes ?? {};
}
