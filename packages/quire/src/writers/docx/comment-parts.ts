import type { XmlElement } from '@rgrove/parse-xml';
import type { ReviewComment } from '../../model/review/document-review.js';
import type { PackageEdit } from '../../package/edit-package.js';
import type { Relationship } from '../../package/relationships.js';
import { attributeNamed, childElements, elementLocalName, openingTag } from '../../xml/elements.js';
import { escapeXmlAttribute, escapeXmlText, removeInvalidXmlCharacters } from '../../xml/escape-xml.js';
import type { XmlPart } from '../../xml/parse-xml-part.js';
import { serializeXmlPart } from '../../xml/serialize-xml-part.js';
import { applyTextEdits, type TextEdit } from '../../xml/text-edits.js';
import { WORDPROCESSINGML_NAMESPACE, XML_DECLARATION } from './ooxml-names.js';

const W14 = 'http://schemas.microsoft.com/office/word/2010/wordml';
const W15 = 'http://schemas.microsoft.com/office/word/2012/wordml';
const W16CID = 'http://schemas.microsoft.com/office/word/2016/wordml/cid';
const MC = 'http://schemas.openxmlformats.org/markup-compatibility/2006';

// The review parts (ECMA-376 Part 1, 17.13.4; MS-DOCX 2.3.x), their relationship types, content types and roots.
const PARTS = {
  comments: {
    name: '/word/comments.xml',
    type: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/comments',
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.comments+xml',
    root: `<w:comments xmlns:w="${WORDPROCESSINGML_NAMESPACE}" xmlns:w14="${W14}" xmlns:mc="${MC}" mc:Ignorable="w14">`,
    close: '</w:comments>',
  },
  commentsExtended: {
    name: '/word/commentsExtended.xml',
    type: 'http://schemas.microsoft.com/office/2011/relationships/commentsExtended',
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.commentsExtended+xml',
    root: `<w15:commentsEx xmlns:w15="${W15}" xmlns:mc="${MC}" mc:Ignorable="w15">`,
    close: '</w15:commentsEx>',
  },
  commentsIds: {
    name: '/word/commentsIds.xml',
    type: 'http://schemas.microsoft.com/office/2016/09/relationships/commentsIds',
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.commentsIds+xml',
    root: `<w16cid:commentsIds xmlns:w16cid="${W16CID}" xmlns:mc="${MC}" mc:Ignorable="w16cid">`,
    close: '</w16cid:commentsIds>',
  },
  people: {
    name: '/word/people.xml',
    type: 'http://schemas.microsoft.com/office/2011/relationships/people',
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.people+xml',
    root: `<w15:people xmlns:w15="${W15}" xmlns:mc="${MC}" mc:Ignorable="w15">`,
    close: '</w15:people>',
  },
} as const;

type PartKind = keyof typeof PARTS;

/** What {@link writeCommentParts} compares and where it writes. */
export interface CommentPartsInput {
  /** The main document part, whose relationships name the review parts. */
  readonly mainPartName: string;
  readonly relationships: readonly Relationship[];
  /** The comments as read (`doc.attrs.comments` of the document read) and as they are now. */
  readonly read: readonly ReviewComment[];
  readonly now: readonly ReviewComment[];
  /** The style ids the styles part defines: `CommentText` and `CommentReference` are used where present. */
  readonly styles: ReadonlySet<string>;
  /** Text of the parts whose `w14:paraId`s a new one must not meet (the main part's). */
  readonly paraIdText: string;
}

/**
 * Writes what changed in the comments into the review parts, each rewritten only where it must
 * be: a new comment gets its `w:comment` in `comments.xml` (with a fresh `w14:paraId`), its
 * `w15:commentEx` (thread parent, `w15:done`) in `commentsExtended.xml`, its `w16cid:commentId`
 * (fresh durable id) in `commentsIds.xml`, and its author a `w15:person` in `people.xml`; an
 * edited comment its paragraphs (keeping its start tag and last `w14:paraId`), a resolved or
 * reopened one its `w15:done`; a removed one loses its entries in every part. A part the file
 * lacks is created, with its content type and relationship. Untouched entries stay byte for byte.
 */
export async function writeCommentParts(edit: PackageEdit, input: CommentPartsInput): Promise<void> {
  const { read, now } = input;
  if (sameComments(read, now)) return;
  const pkg = edit.package;
  const parts = new Map<PartKind, XmlPart>();
  for (const kind of Object.keys(PARTS) as PartKind[]) {
    const found = input.relationships.find((r) => !r.external && r.partName !== undefined && r.type.endsWith(`/${kind}`) && pkg.hasPart(r.partName));
    if (found) parts.set(kind, await pkg.readXmlPart(found.partName!));
  }
  const readById = new Map(read.map((comment) => [comment.id, comment]));
  const nowIds = new Set(now.map((comment) => comment.id));
  const removed = read.filter((comment) => !nowIds.has(comment.id));
  const changed = now.filter((comment) => !readById.has(comment.id) || !sameComment(readById.get(comment.id)!, comment));
  if (removed.length === 0 && changed.length === 0) return;

  // Fresh paraIds and durable ids, above every one the parts hold (Word's are random; these only need to be unique).
  const paraIds = new HexCounter(0x7fffffff, [input.paraIdText, ...[...parts.values()].map((part) => part.text)], /\b(?:w14|w15|w16cid):paraId(?:Parent)?="([0-9A-Fa-f]{1,8})"/g);
  const durableIds = new HexCounter(0x7ffffffe, parts.get('commentsIds') ? [parts.get('commentsIds')!.text] : [], /\bdurableId="([0-9A-Fa-f]{1,8})"/g);
  // A comment whose text or thread changes and that has no paraId gets one: the later parts key it by it.
  const paraIdOf = new Map(now.map((comment) => [comment.id, comment.paraId]));
  const rewritten = new Set<string>();
  for (const comment of changed) {
    const before = readById.get(comment.id);
    if (!before || before.paragraphs.join('\n') !== comment.paragraphs.join('\n') || comment.paraId === null) rewritten.add(comment.id);
    if (paraIdOf.get(comment.id) === null) paraIdOf.set(comment.id, paraIds.next());
  }
  const written = now.map((comment) => ({ ...comment, paraId: paraIdOf.get(comment.id)! }));
  const writtenById = new Map(written.map((comment) => [comment.id, comment]));
  const removedParaIds = new Set(removed.flatMap((comment) => (comment.paraId === null ? [] : [comment.paraId.toUpperCase()])));
  const added = written.filter((comment) => !readById.has(comment.id));
  const changedIds = new Set(changed.map((comment) => comment.id));

  // comments.xml
  const styles = input.styles;
  await patchPart(edit, input, parts.get('comments'), 'comments', (part) => {
    const edits: TextEdit[] = [];
    const present = new Set<string>();
    for (const element of part ? childElements(part.root).filter((child) => elementLocalName(child) === 'comment') : []) {
      const id = attributeNamed(element, 'id') ?? '';
      present.add(id);
      if (!nowIds.has(id)) edits.push({ start: element.start, end: element.end, text: '' });
      else if (rewritten.has(id)) edits.push({ start: element.start, end: element.end, text: commentElement(writtenById.get(id)!, styles, openingTag(part!.text, element)) });
    }
    const markup = written.filter((comment) => !present.has(comment.id) && (rewritten.has(comment.id) || !readById.has(comment.id))).map((comment) => commentElement(comment, styles)).join('');
    return { edits, markup, needed: markup !== '' || edits.length > 0 };
  });

  // commentsExtended.xml: an entry for each new comment, as Word writes one; parents and done kept in step.
  const extended = (comment: ReviewComment & { paraId: string }): string => {
    const parent = comment.parentId === null ? undefined : writtenById.get(comment.parentId)?.paraId;
    return `<w15:commentEx w15:paraId="${comment.paraId}"${parent ? ` w15:paraIdParent="${parent}"` : ''} w15:done="${comment.done ? 1 : 0}"/>`;
  };
  await patchPart(edit, input, parts.get('commentsExtended'), 'commentsExtended', (part) => {
    const edits: TextEdit[] = [];
    const present = new Set<string>();
    for (const element of part ? childElements(part.root) : []) {
      const paraId = attributeNamed(element, 'paraId')?.toUpperCase();
      if (paraId === undefined) continue;
      const comment = written.find((each) => each.paraId.toUpperCase() === paraId);
      if (!comment) {
        if (removedParaIds.has(paraId)) edits.push({ start: element.start, end: element.end, text: '' });
        continue;
      }
      present.add(comment.id);
      const before = readById.get(comment.id);
      if (before && before.done !== comment.done) edits.push({ start: element.start, end: element.end, text: withAttribute(part!.text.slice(element.start, element.end), 'w15:done', comment.done ? '1' : '0') });
    }
    // A comment read without an entry gets one once it is resolved or answers another.
    const wanted = (comment: (typeof written)[number]) => !readById.has(comment.id) || (changedIds.has(comment.id) && (comment.done || comment.parentId !== null));
    const markup = written.filter((comment) => !present.has(comment.id) && wanted(comment)).map(extended).join('');
    return { edits, markup, needed: markup !== '' || edits.length > 0 };
  });

  // commentsIds.xml: a durable id for each new comment.
  await patchPart(edit, input, parts.get('commentsIds'), 'commentsIds', (part) => {
    const edits: TextEdit[] = [];
    for (const element of part ? childElements(part.root) : []) {
      const paraId = attributeNamed(element, 'paraId')?.toUpperCase();
      if (paraId !== undefined && removedParaIds.has(paraId)) edits.push({ start: element.start, end: element.end, text: '' });
    }
    const markup = added.map((comment) => `<w16cid:commentId w16cid:paraId="${comment.paraId}" w16cid:durableId="${durableIds.next()}"/>`).join('');
    return { edits, markup, needed: markup !== '' || edits.length > 0 };
  });

  // people.xml: the authors of new comments it does not name yet.
  await patchPart(edit, input, parts.get('people'), 'people', (part) => {
    const named = new Set((part ? childElements(part.root) : []).map((person) => attributeNamed(person, 'author')));
    const authors = [...new Set(added.map((comment) => comment.author))].filter((author) => !named.has(author));
    const markup = authors
      .map((author) => `<w15:person w15:author="${escapeXmlAttribute(author)}"><w15:presenceInfo w15:providerId="None" w15:userId="${escapeXmlAttribute(author)}"/></w15:person>`)
      .join('');
    return { edits: [], markup, needed: markup !== '' };
  });
}

// Applies `patch`'s edits to part `kind` and appends its new entries, creating the part (with its
// content type and relationship) when the file has none and there is something to write.
async function patchPart(
  edit: PackageEdit,
  input: CommentPartsInput,
  part: XmlPart | undefined,
  kind: PartKind,
  patch: (part: XmlPart | undefined) => { edits: TextEdit[]; markup: string; needed: boolean },
): Promise<void> {
  const { edits, markup, needed } = patch(part);
  if (!needed) return;
  const spec = PARTS[kind];
  if (part) {
    const root = part.root;
    const selfClosing = part.text.slice(root.start, root.end).endsWith('/>');
    const close = selfClosing ? root.end : part.text.lastIndexOf('</', root.end);
    const all: TextEdit[] = [...edits];
    if (selfClosing) all.push({ start: root.start, end: root.end, text: `${openingTag(part.text, root)}${markup}</${root.name}>` });
    else if (markup !== '') all.push({ start: close, end: close, text: markup });
    const declared = declareNamespaces(part.text, root, markup);
    if (declared) all.push(declared);
    edit.setPart(part.partName, serializeXmlPart(part, applyTextEdits(part.text, all)));
    return;
  }
  const partName = await edit.freePartName(spec.name, spec.contentType);
  edit.setPart(partName, new TextEncoder().encode(`${XML_DECLARATION}${spec.root}${markup}${spec.close}`));
  await edit.ensureContentType(partName, spec.contentType);
  await edit.addRelationship(input.mainPartName, spec.type, partName);
}

// The prefixes the written entries use, declared on an existing part's root when it lacks them
// (and made ignorable, ECMA-376 Part 3, for readers that do not know Word's later namespaces).
const PREFIXES: Readonly<Record<string, string>> = { w: WORDPROCESSINGML_NAMESPACE, w14: W14, w15: W15, w16cid: W16CID };
function declareNamespaces(text: string, root: XmlElement, markup: string): TextEdit | undefined {
  const tag = openingTag(text, root);
  const missing = Object.entries(PREFIXES).filter(([prefix]) => markup.includes(`${prefix}:`) && !tag.includes(`xmlns:${prefix}=`));
  if (missing.length === 0) return undefined;
  let added = missing.map(([prefix, uri]) => ` xmlns:${prefix}="${uri}"`).join('');
  const ignorable = missing.map(([prefix]) => prefix).filter((prefix) => prefix !== 'w');
  const mcPrefix = /\bxmlns:([\w.-]+)="http:\/\/schemas\.openxmlformats\.org\/markup-compatibility\/2006"/.exec(tag)?.[1];
  let rewritten = tag;
  if (ignorable.length > 0) {
    const existing = mcPrefix ? new RegExp(`\\b${mcPrefix}:Ignorable="([^"]*)"`).exec(tag) : null;
    if (existing) rewritten = rewritten.replace(existing[0], `${mcPrefix}:Ignorable="${[existing[1], ...ignorable].join(' ').trim()}"`);
    else added += `${mcPrefix ? '' : ` xmlns:mc="${MC}"`} ${mcPrefix ?? 'mc'}:Ignorable="${ignorable.join(' ')}"`;
  }
  const end = rewritten.length - 1;
  rewritten = rewritten.slice(0, end) + added + rewritten.slice(end);
  const original = text.slice(root.start, root.start + tag.length);
  // A self-closing root is rewritten whole by `patchPart`; its opening tag is not in the text as such.
  if (original !== tag) return undefined;
  return { start: root.start, end: root.start + tag.length, text: rewritten };
}

// A `w:comment` as Word writes one: each paragraph in the CommentText style, the first starting with
// the annotation reference mark, the last carrying the comment's `w14:paraId`.
function commentElement(comment: ReviewComment & { paraId: string | null }, styles: ReadonlySet<string>, startTag?: string): string {
  const start =
    startTag ??
    `<w:comment w:id="${escapeXmlAttribute(comment.id)}" w:author="${escapeXmlAttribute(comment.author)}"${comment.date ? ` w:date="${escapeXmlAttribute(comment.date)}"` : ''}${comment.initials ? ` w:initials="${escapeXmlAttribute(comment.initials)}"` : ''}>`;
  const pPr = styles.has('CommentText') ? '<w:pPr><w:pStyle w:val="CommentText"/></w:pPr>' : '';
  const reference = `<w:r>${styles.has('CommentReference') ? '<w:rPr><w:rStyle w:val="CommentReference"/></w:rPr>' : ''}<w:annotationRef/></w:r>`;
  const paragraphs = comment.paragraphs.length > 0 ? comment.paragraphs : [''];
  const body = paragraphs
    .map((text, index) => {
      const last = index === paragraphs.length - 1;
      const id = last && comment.paraId ? ` w14:paraId="${comment.paraId}" w14:textId="77777777"` : '';
      return `<w:p${id}>${pPr}${index === 0 ? reference : ''}${textRuns(text)}</w:p>`;
    })
    .join('');
  return `${start}${body}</w:comment>`;
}

// A paragraph's text as runs, tabs as `w:tab`.
function textRuns(text: string): string {
  const clean = removeInvalidXmlCharacters(text);
  if (clean === '') return '';
  const pieces = clean.split('\t').map((piece) => (piece === '' ? '' : `<w:t xml:space="preserve">${escapeXmlText(piece)}</w:t>`));
  return `<w:r>${pieces.join('<w:tab/>')}</w:r>`;
}

// The start tag `element` (a self-closing entry) with attribute `name` set to `value`.
function withAttribute(element: string, name: string, value: string): string {
  const pattern = new RegExp(`\\s${name.replace(':', '\\:')}="[^"]*"`);
  if (pattern.test(element)) return element.replace(pattern, ` ${name}="${value}"`);
  return element.replace(/\s*(\/?>)$/, ` ${name}="${value}"$1`);
}

function sameComments(a: readonly ReviewComment[], b: readonly ReviewComment[]): boolean {
  return a === b || (a.length === b.length && a.every((comment, index) => sameComment(comment, b[index]!)));
}

function sameComment(a: ReviewComment, b: ReviewComment): boolean {
  return a === b || (a.id === b.id && a.done === b.done && a.parentId === b.parentId && a.paragraphs.length === b.paragraphs.length && a.paragraphs.every((text, index) => text === b.paragraphs[index]));
}

// Gives 8-digit hex ids above every one matched by `pattern` in `texts`, up to `limit` (Word's bound).
class HexCounter {
  private last: number;

  constructor(
    private readonly limit: number,
    texts: readonly string[],
    pattern: RegExp,
  ) {
    let last = 0;
    for (const text of texts) for (const match of text.matchAll(pattern)) last = Math.max(last, Number.parseInt(match[1]!, 16));
    this.last = last;
  }

  next(): string {
    this.last = this.last >= this.limit ? 1 : this.last + 1;
    return this.last.toString(16).toUpperCase().padStart(8, '0');
  }
}
