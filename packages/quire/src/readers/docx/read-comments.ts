import type { XmlElement } from '@rgrove/parse-xml';
import type { DocumentReview, ReviewComment, ReviewPerson } from '../../model/review/document-review.js';
import { directText, type OoxmlNames } from './ooxml-names.js';
import { parseOnOff } from './ooxml-values.js';

/** The parsed roots of the parts that hold a document's comments and reviewers; any may be missing. */
export interface ReviewParts {
  readonly comments: XmlElement | undefined;
  readonly commentsExtended: XmlElement | undefined;
  readonly commentsIds: XmlElement | undefined;
  readonly people: XmlElement | undefined;
}

/** Bounds on what a hostile file can make the reader keep. */
const MAX_COMMENTS = 10_000;
const MAX_PEOPLE = 1_000;
const MAX_COMMENT_PARAGRAPHS = 100;
const MAX_COMMENT_CHARACTERS = 100_000;

/**
 * Reads the comments (`w:comments`, ECMA-376 Part 1, 17.13.4) and reviewers of a document into
 * plain data: each comment's author, initials, date and paragraphs of text, its parent and
 * resolved state from `commentsExtended.xml` (`w15:commentEx`, keyed by the `w14:paraId` of the
 * comment's last paragraph), its durable id from `commentsIds.xml`, and the people of `people.xml`.
 * At most `MAX_COMMENTS` comments are kept.
 */
export function readReview(parts: ReviewParts, names: OoxmlNames): DocumentReview {
  const extended = new Map<string, { parent: string | null; done: boolean }>();
  for (const entry of entries(parts.commentsExtended, 'w15:commentEx', names)) {
    const paraId = names.attr(entry, 'w15:paraId');
    if (paraId !== undefined) extended.set(paraId.toUpperCase(), { parent: names.attr(entry, 'w15:paraIdParent')?.toUpperCase() ?? null, done: parseOnOff(names.attr(entry, 'w15:done') ?? '0') });
  }
  const durable = new Map<string, string>();
  for (const entry of entries(parts.commentsIds, 'w16cid:commentId', names)) {
    const paraId = names.attr(entry, 'w16cid:paraId');
    const id = names.attr(entry, 'w16cid:durableId');
    if (paraId !== undefined && id !== undefined) durable.set(paraId.toUpperCase(), id);
  }
  const read = entries(parts.comments, 'w:comment', names).map((comment) => readComment(comment, names));
  const idByParaId = new Map(read.flatMap((comment) => (comment.paraId === null ? [] : [[comment.paraId.toUpperCase(), comment.id] as const])));
  const comments: ReviewComment[] = read.map((comment) => {
    const key = comment.paraId?.toUpperCase();
    const thread = key === undefined ? undefined : extended.get(key);
    const parentId = thread?.parent ? (idByParaId.get(thread.parent) ?? null) : null;
    return { ...comment, parentId, done: thread?.done ?? false, durableId: (key && durable.get(key)) ?? null };
  });
  const people: ReviewPerson[] = entries(parts.people, 'w15:person', names, MAX_PEOPLE).map((person) => {
    const presence = names.child(person, 'w15:presenceInfo');
    return {
      author: names.attr(person, 'w15:author') ?? '',
      providerId: (presence && names.attr(presence, 'w15:providerId')) ?? null,
      userId: (presence && names.attr(presence, 'w15:userId')) ?? null,
    };
  });
  return { comments, people };
}

// The first `limit` children named `name` of a part's root; none without the part.
function entries(root: XmlElement | undefined, name: string, names: OoxmlNames, limit = MAX_COMMENTS): XmlElement[] {
  return root ? names.childrenNamed(root, name).slice(0, limit) : [];
}

function readComment(comment: XmlElement, names: OoxmlNames): Omit<ReviewComment, 'parentId' | 'done' | 'durableId'> {
  const paragraphs = commentParagraphs(comment, names);
  const last = paragraphs[paragraphs.length - 1];
  let budget = MAX_COMMENT_CHARACTERS;
  const texts = paragraphs.slice(0, MAX_COMMENT_PARAGRAPHS).map((paragraph) => {
    const text = paragraphText(paragraph, names).slice(0, Math.max(0, budget));
    budget -= text.length;
    return text;
  });
  return {
    id: names.attr(comment, 'w:id') ?? '',
    author: names.attr(comment, 'w:author') ?? '',
    initials: names.attr(comment, 'w:initials') ?? null,
    date: names.attr(comment, 'w:date') ?? null,
    paragraphs: texts,
    paraId: (last && names.attr(last, 'w14:paraId')) ?? null,
  };
}

// A comment's paragraphs, also those in its tables and content controls, in order.
function commentParagraphs(comment: XmlElement, names: OoxmlNames): XmlElement[] {
  const found: XmlElement[] = [];
  const stack = [...names.children(comment)].reverse();
  let visited = 0;
  while (stack.length > 0 && visited++ < 10_000) {
    const element = stack.pop()!;
    if (names.name(element) === 'w:p') found.push(element);
    else stack.push(...[...names.children(element)].reverse());
  }
  return found;
}

// The text a paragraph of a comment shows: its `w:t`, tabs and breaks, not deleted text.
function paragraphText(paragraph: XmlElement, names: OoxmlNames): string {
  let text = '';
  const stack = [...names.children(paragraph)].reverse();
  let visited = 0;
  while (stack.length > 0 && visited++ < 10_000) {
    const element = stack.pop()!;
    const name = names.name(element);
    if (name === 'w:t') text += directText(element);
    else if (name === 'w:tab') text += '\t';
    else if (name === 'w:br' || name === 'w:cr') text += '\n';
    else if (name !== 'w:del' && name !== 'w:moveFrom' && name !== 'w:rPr' && name !== 'w:pPr') stack.push(...[...names.children(element)].reverse());
  }
  return text;
}
