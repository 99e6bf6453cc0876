import type { XmlElement } from '@rgrove/parse-xml';
import type { CommentRun, DocumentReview, ReviewComment, ReviewPerson } from '../../model/review/document-review.js';
import type { Relationship } from '../../package/relationships.js';
import { directText, type OoxmlNames } from './ooxml-names.js';
import { parseOnOff } from './ooxml-values.js';

/** The parsed roots of the parts that hold a document's comments and reviewers; any may be missing. */
export interface ReviewParts {
  readonly comments: XmlElement | undefined;
  /** The relationships of the comments part, which its links name. */
  readonly commentsLinks?: readonly Relationship[];
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
  const links = parts.commentsLinks ?? [];
  const read = entries(parts.comments, 'w:comment', names).map((comment) => readComment(comment, names, links));
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

function readComment(comment: XmlElement, names: OoxmlNames, links: readonly Relationship[]): Omit<ReviewComment, 'parentId' | 'done' | 'durableId'> {
  const paragraphs = commentParagraphs(comment, names);
  const last = paragraphs[paragraphs.length - 1];
  let budget = MAX_COMMENT_CHARACTERS;
  const runs = paragraphs.slice(0, MAX_COMMENT_PARAGRAPHS).map((paragraph) => {
    const kept = cutRuns(paragraphRuns(paragraph, names, links), budget);
    budget -= kept.reduce((length, run) => length + run.text.length, 0);
    return kept;
  });
  const formatted = runs.some((pieces) => pieces.some((run) => Object.keys(run).length > 1));
  return {
    id: names.attr(comment, 'w:id') ?? '',
    author: names.attr(comment, 'w:author') ?? '',
    initials: names.attr(comment, 'w:initials') ?? null,
    date: names.attr(comment, 'w:date') ?? null,
    paragraphs: runs.map((pieces) => pieces.map((run) => run.text).join('')),
    ...(formatted ? { runs } : {}),
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

// The runs a paragraph of a comment shows, with their direct formatting: their `w:t`, tabs and
// breaks, not deleted text; a link's runs carry its web or mail address. Runs of one formatting
// next to each other are joined.
function paragraphRuns(paragraph: XmlElement, names: OoxmlNames, links: readonly Relationship[]): CommentRun[] {
  const runs: CommentRun[] = [];
  const add = (text: string, format: Omit<CommentRun, 'text'>): void => {
    const previous = runs[runs.length - 1];
    if (previous && sameFormat(previous, format)) runs[runs.length - 1] = { ...previous, text: previous.text + text };
    else runs.push({ text, ...format });
  };
  const stack: { element: XmlElement; href: string | undefined }[] = [...names.children(paragraph)].reverse().map((element) => ({ element, href: undefined }));
  let visited = 0;
  while (stack.length > 0 && visited++ < 10_000) {
    const { element, href } = stack.pop()!;
    const name = names.name(element);
    if (name === 'w:r') {
      const format = { ...runFormat(names.child(element, 'w:rPr'), names), ...(href === undefined ? {} : { href }) };
      for (const child of names.children(element)) {
        const part = names.name(child);
        if (part === 'w:t') add(directText(child), format);
        else if (part === 'w:tab') add('\t', format);
        else if (part === 'w:br' || part === 'w:cr') add('\n', format);
      }
    } else if (name === 'w:hyperlink') {
      const target = links.find((link) => link.id === names.attr(element, 'r:id') && link.external)?.target;
      const web = target !== undefined && /^(?:https?|mailto):/iu.test(target) ? target : undefined;
      stack.push(...[...names.children(element)].reverse().map((child) => ({ element: child, href: web ?? href })));
    } else if (name !== 'w:del' && name !== 'w:moveFrom' && name !== 'w:pPr') {
      stack.push(...[...names.children(element)].reverse().map((child) => ({ element: child, href })));
    }
  }
  return runs;
}

// The direct formatting of a run that a card shows (ECMA-376 Part 1, 17.3.2).
function runFormat(rPr: XmlElement | undefined, names: OoxmlNames): Omit<CommentRun, 'text'> {
  if (!rPr) return {};
  const on = (name: string): boolean => {
    const element = names.child(rPr, name);
    return element !== undefined && parseOnOff(names.attr(element, 'w:val') ?? '1');
  };
  const underline = names.child(rPr, 'w:u');
  const underlined = underline !== undefined && (names.attr(underline, 'w:val') ?? 'single') !== 'none';
  return {
    ...(on('w:b') ? { bold: true } : {}),
    ...(on('w:i') ? { italic: true } : {}),
    ...(underlined ? { underline: true } : {}),
    ...(on('w:strike') || on('w:dstrike') ? { strike: true } : {}),
  };
}

function sameFormat(run: CommentRun, format: Omit<CommentRun, 'text'>): boolean {
  return run.bold === format.bold && run.italic === format.italic && run.underline === format.underline && run.strike === format.strike && run.href === format.href;
}

// The runs of `runs` that fit in `budget` characters, the last one cut.
function cutRuns(runs: readonly CommentRun[], budget: number): CommentRun[] {
  const kept: CommentRun[] = [];
  let left = Math.max(0, budget);
  for (const run of runs) {
    if (left === 0) break;
    const text = run.text.slice(0, left);
    kept.push(text === run.text ? run : { ...run, text });
    left -= text.length;
  }
  return kept;
}
