import { DOMParser, Fragment, Slice, type Mark, type MarkType, type Node, type ParseOptions, type ResolvedPos, type Schema } from 'prosemirror-model';
import { parseHtmlWithDom } from '../../readers/html/parse-html-with-dom.js';
import { readHtmlWithParser } from '../../readers/html/read-html-with-parser.js';
import { readSafeHref } from '../../readers/html/safe-href.js';

/**
 * Parses pasted and dropped HTML. HTML from outside goes through Quire's HTML reader, as an
 * imported file would (parsed by the browser, see `parseHtmlWithDom`): scripts, styles, remote
 * images and unsafe links are dropped, and what stays is the model's own content. A slice copied from a ProseMirror editor (`data-pm-slice`) is
 * parsed with the schema, so that its structure survives, and its links are checked the same way.
 */
export class SanitizingClipboardParser extends DOMParser {
  constructor(schema: Schema) {
    super(schema, DOMParser.fromSchema(schema).rules);
  }

  override parseSlice(dom: globalThis.Node, options: ParseOptions = {}): Slice {
    const element = dom as HTMLElement;
    const fromEditor = typeof element.querySelector === 'function' && (element.matches?.('[data-pm-slice]') || element.querySelector('[data-pm-slice]') !== null);
    if (fromEditor) return withSafeLinks(super.parseSlice(dom, options));
    const read = readHtmlWithParser(typeof element.innerHTML === 'string' ? element.innerHTML : (dom.textContent ?? ''), parseHtmlWithDom);
    const blocks: Node[] = [];
    read.value.forEach((section) => {
      if (section.type.name === 'section') section.forEach((block) => void (block.type.name !== 'header_footer' && blocks.push(block)));
    });
    return Slice.maxOpen(Fragment.from(blocks));
  }
}

/**
 * Pasted plain text: one paragraph per line, with the marks at the cursor, white space kept.
 * (ProseMirror's default would build HTML from it and run it through the HTML parser.)
 */
export function parsePlainText(text: string, $context: ResolvedPos, schema: Schema): Slice {
  const marks = $context.marks();
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const paragraph = schema.nodes['paragraph']!;
  const blocks = lines.map((line) => paragraph.create(null, line === '' ? null : schema.text(line, marks)));
  return Slice.maxOpen(Fragment.from(blocks));
}

function withSafeLinks(slice: Slice): Slice {
  const map = (fragment: Fragment): Fragment => {
    const children: Node[] = [];
    fragment.forEach((child) => {
      if (child.isText) children.push(child.mark(child.marks.filter(isSafeMark)));
      else children.push(child.copy(map(child.content)).mark(child.marks.filter(isSafeMark)));
    });
    return Fragment.from(children);
  };
  return new Slice(map(slice.content), slice.openStart, slice.openEnd);
}

function isSafeMark(mark: Mark): boolean {
  return mark.type.name !== 'link' || readSafeHref(String(mark.attrs['href'])) !== undefined;
}

/**
 * A copied slice as the document reads: the text of tracked deletions left out, as the pages, the
 * PDF and `simple` markup leave it, or, in `original` markup, the text of insertions. In `all`
 * markup too, though deletions show there: no review mark is read back from the clipboard, so
 * deleted text pasted would be live text. `markup` is the editor's `data-markup`.
 */
export function copiedAsShown(slice: Slice, markup: string | undefined): Slice {
  const hidden = slice.content.size === 0 ? undefined : markup === 'original' ? 'insertion' : 'deletion';
  const type = hidden === undefined ? undefined : (slice.content.firstChild?.type.schema.marks[hidden] ?? undefined);
  if (!type) return slice;
  let found = false;
  slice.content.descendants((node) => void (found ||= node.isText && type.isInSet(node.marks) !== undefined));
  return found ? new Slice(withoutMarkedText(slice.content, type), slice.openStart, slice.openEnd) : slice;
}

function withoutMarkedText(fragment: Fragment, type: MarkType): Fragment {
  const kept: Node[] = [];
  fragment.forEach((child) => {
    if (child.isText) {
      if (!type.isInSet(child.marks)) kept.push(child);
    } else {
      kept.push(child.isLeaf ? child : child.copy(withoutMarkedText(child.content, type)));
    }
  });
  return Fragment.from(kept);
}
