import { readFileSync } from 'node:fs';
import { strFromU8, strToU8, unzipSync, zipSync, type Zippable } from 'fflate';
import { commentParts, REVIEWERS } from './review-docx-comments.js';
import { BENCH_REVIEW, planReview, type PlannedThread, type ReviewCounts, type ReviewPlan, type SlotChange } from './review-plan.js';

// Words per slot: a change or a comment boundary takes a few words, as an edit in a contract does.
const SLOT_WORDS = 6;
// Change ids start above the comment ids, so no two annotations share a `w:id`.
const CHANGE_ID_BASE = 10_000;
// The zip entries' time, so that the same counts always give the same bytes.
const MTIME = new Date('2026-01-01T00:00:00Z');

// A paragraph of the fixtures this reads: one run of plain text (the SuperDoc long documents are made so).
const ONE_RUN = /^<w:p(?<pAttrs>[^>]*)>(?<pPr><w:pPr>.*?<\/w:pPr>)?<w:r(?: [^>]*)?>(?<rPr><w:rPr>.*?<\/w:rPr>|<w:rPr\/>)?<w:t(?: [^>]*)?>(?<text>[^<]*)<\/w:t><\/w:r><\/w:p>$/s;

/** A paragraph of the body, as read for the rewrite. */
interface BodyParagraph {
  readonly xml: string;
  /** Its parts when it is one run of text; null for any other paragraph, kept as it is. */
  readonly run: { pAttrs: string; pPr: string; rPr: string; words: string[] } | null;
}

/**
 * Returns `fixture` (a DOCX of `test/fixtures/docx` whose paragraphs are each one run of text, as
 * the SuperDoc long documents are) with `counts` comments and tracked changes written in as Word
 * writes them: `w:ins`, `w:del`, moves with their named ranges, paragraph marks in `w:pPr/w:rPr`,
 * comment ranges and references, `comments.xml`, `commentsExtended.xml` (replies, `w15:done`) and
 * `people.xml`. Accepting every change gives the fixture's text again, and the pages show the same
 * text but for the deleted paragraphs' empty lines (the pages show a paragraph whose mark is
 * deleted on its own). Deterministic: the same counts give the same bytes.
 */
export function reviewDocx(fixture = 'superdoc-300-pages.docx', counts: ReviewCounts = BENCH_REVIEW): Uint8Array {
  const files: Zippable = unzipSync(new Uint8Array(readFileSync(new URL(`../../test/fixtures/docx/${fixture}`, import.meta.url))));
  const part = files['word/document.xml'];
  if (!(part instanceof Uint8Array)) throw new Error(`${fixture} has no word/document.xml`);
  const xml = strFromU8(part);
  const bodyStart = xml.indexOf('<w:body>') + '<w:body>'.length;
  const sectionStart = xml.lastIndexOf('<w:sectPr');
  const paragraphs = readParagraphs(xml.slice(bodyStart, sectionStart));
  const plan = planReview(paragraphs.map((paragraph) => slotCount(paragraph.run?.words.length ?? 0)), counts);
  const body = writeBody(paragraphs, plan);
  files['word/document.xml'] = strToU8(xml.slice(0, bodyStart) + body + xml.slice(sectionStart));
  Object.assign(files, commentParts(plan.threads));
  files['word/_rels/document.xml.rels'] = strToU8(withRelationships(strFromU8(files['word/_rels/document.xml.rels'] as Uint8Array)));
  files['[Content_Types].xml'] = strToU8(withContentTypes(strFromU8(files['[Content_Types].xml'] as Uint8Array)));
  const entries: Zippable = {};
  for (const [name, data] of Object.entries(files)) entries[name] = [data as Uint8Array, { mtime: MTIME }];
  return zipSync(entries, { level: 6 });
}

function readParagraphs(body: string): BodyParagraph[] {
  const found = body.match(/<w:p[ >].*?<\/w:p>/gs) ?? [];
  if (found.join('') !== body) throw new Error('the body holds more than paragraphs; the review bench needs the one-run paragraphs of the SuperDoc long documents');
  return found.map((xml) => {
    const groups = ONE_RUN.exec(xml)?.groups;
    const words = groups?.['text']?.match(/\S+\s*/g) ?? [];
    return { xml, run: groups && words.length > 0 ? { pAttrs: groups['pAttrs'] ?? '', pPr: groups['pPr'] ?? '', rPr: groups['rPr'] ?? '', words } : null };
  });
}

const slotCount = (words: number) => Math.floor(words / SLOT_WORDS);

function writeBody(paragraphs: readonly BodyParagraph[], plan: ReviewPlan): string {
  const moved = movedWords(paragraphs, plan);
  const starts = new Map<string, PlannedThread[]>();
  const ends = new Map<string, PlannedThread[]>();
  const at = (map: Map<string, PlannedThread[]>, key: string, thread: PlannedThread) => map.set(key, [...(map.get(key) ?? []), thread]);
  for (const thread of plan.threads) {
    at(starts, `${thread.start.paragraph}:${thread.start.slot}`, thread);
    at(ends, `${thread.end.paragraph}:${thread.end.slot}`, thread);
  }
  return paragraphs.map((paragraph, index) => {
    const deleted = plan.deletedBefore.get(index);
    const before = deleted === undefined || !paragraph.run ? '' : deletedParagraph(paragraph.run, deleted, index);
    const { run } = paragraph;
    if (!run) return before + paragraph.xml;
    const slots = slotCount(run.words.length);
    const changes = plan.slots.get(index);
    let content = '';
    // Text with nothing in between stays one run, as Word keeps it: runs split only where a change or a comment marker stands.
    let plain = '';
    const flush = () => {
      if (plain !== '') content += slotXml(run.rPr, plain, undefined, moved);
      plain = '';
    };
    for (let slot = 0; slot < Math.max(slots, 1); slot++) {
      const opening = starts.get(`${index}:${slot}`) ?? [];
      if (opening.length > 0) flush();
      for (const thread of opening) for (const id of commentIds(thread)) content += `<w:commentRangeStart w:id="${id}"/>`;
      const words = run.words.slice(slot * SLOT_WORDS, slot === slots - 1 ? undefined : (slot + 1) * SLOT_WORDS).join('');
      const change = changes?.get(slot);
      if (change) {
        flush();
        content += slotXml(run.rPr, words, change, moved);
      } else {
        plain += words;
      }
      const closing = ends.get(`${index}:${slot}`) ?? [];
      if (closing.length > 0) flush();
      for (const thread of closing) {
        for (const id of commentIds(thread)) content += `<w:commentRangeEnd w:id="${id}"/><w:r>${run.rPr}<w:commentReference w:id="${id}"/></w:r>`;
      }
    }
    flush();
    const mark = plan.insertedMarks.get(index);
    const pPr = mark === undefined ? run.pPr : withMarkChange(run.pPr, 'ins', mark);
    return `${before}<w:p${run.pAttrs}>${pPr}${content}</w:p>`;
  }).join('');
}

// The words each move takes to its destination, by change: its source repeats them as deleted text.
function movedWords(paragraphs: readonly BodyParagraph[], plan: ReviewPlan): Map<number, string> {
  const moved = new Map<number, string>();
  for (const [index, changes] of plan.slots) {
    const words = paragraphs[index]!.run!.words;
    const slots = slotCount(words.length);
    for (const [slot, change] of changes) {
      if (change.kind === 'move-to') moved.set(change.change, words.slice(slot * SLOT_WORDS, slot === slots - 1 ? undefined : (slot + 1) * SLOT_WORDS).join(''));
    }
  }
  return moved;
}

const commentIds = (thread: PlannedThread) => [thread.comment, ...thread.replies];

function slotXml(rPr: string, words: string, change: SlotChange | undefined, moved: ReadonlyMap<number, string>): string {
  const run = `<w:r>${rPr}<w:t xml:space="preserve">${words}</w:t></w:r>`;
  if (!change) return run;
  const name = `move${change.change}`;
  switch (change.kind) {
    case 'insertion':
      return `<w:ins ${changeAttrs(change.change)}>${run}</w:ins>`;
    case 'deletion':
      return `<w:del ${changeAttrs(change.change)}>${deletedRun(rPr, change.text)}</w:del>${run}`;
    case 'move-to':
      return `<w:moveToRangeStart w:id="${id(change.change)}" w:name="${name}" ${authorAttrs(change.change)}/><w:moveTo ${changeAttrs(change.change)}>${run}</w:moveTo><w:moveToRangeEnd w:id="${id(change.change)}"/>`;
    case 'move-from':
      return `<w:moveFromRangeStart w:id="${id(change.change)}" w:name="${name}" ${authorAttrs(change.change)}/><w:moveFrom ${changeAttrs(change.change)}>${deletedRun(rPr, moved.get(change.change) ?? '')}</w:moveFrom><w:moveFromRangeEnd w:id="${id(change.change)}"/>${run}`;
  }
}

function deletedParagraph(run: NonNullable<BodyParagraph['run']>, change: number, index: number): string {
  const text = `This paragraph ${index} was struck out in review and is not in the document. `;
  return `<w:p>${withMarkChange(run.pPr, 'del', change + 1)}<w:del ${changeAttrs(change)}>${deletedRun(run.rPr, text)}</w:del></w:p>`;
}

const deletedRun = (rPr: string, text: string) => `<w:r>${rPr}<w:delText xml:space="preserve">${text}</w:delText></w:r>`;

// A paragraph mark's change is the first child of the mark's run properties (ECMA-376 Part 1, 17.3.1.29).
function withMarkChange(pPr: string, kind: 'ins' | 'del', change: number): string {
  const element = `<w:${kind} ${changeAttrs(change)}/>`;
  if (pPr === '') return `<w:pPr><w:rPr>${element}</w:rPr></w:pPr>`;
  if (pPr.includes('<w:rPr/>')) return pPr.replace('<w:rPr/>', `<w:rPr>${element}</w:rPr>`);
  if (pPr.includes('<w:rPr>')) return pPr.replace('<w:rPr>', `<w:rPr>${element}`);
  return pPr.replace('</w:pPr>', `<w:rPr>${element}</w:rPr></w:pPr>`);
}

const id = (change: number) => CHANGE_ID_BASE + change;

function authorAttrs(change: number): string {
  const day = String(1 + (change % 28)).padStart(2, '0');
  return `w:author="${REVIEWERS[change % REVIEWERS.length]!.name}" w:date="2026-03-${day}T10:${String(change % 60).padStart(2, '0')}:00Z"`;
}

const changeAttrs = (change: number) => `w:id="${id(change)}" ${authorAttrs(change)}`;

const RELATIONSHIPS = [
  ['comments', 'comments.xml', 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/comments'],
  ['commentsExtended', 'commentsExtended.xml', 'http://schemas.microsoft.com/office/2011/relationships/commentsExtended'],
  ['people', 'people.xml', 'http://schemas.microsoft.com/office/2011/relationships/people'],
] as const;

function withRelationships(xml: string): string {
  const added = RELATIONSHIPS.map(([kind, target, type]) => `<Relationship Id="rIdReview${kind}" Type="${type}" Target="${target}"/>`).join('');
  return xml.replace('</Relationships>', `${added}</Relationships>`);
}

const CONTENT_TYPES: Record<string, string> = {
  'comments.xml': 'application/vnd.openxmlformats-officedocument.wordprocessingml.comments+xml',
  'commentsExtended.xml': 'application/vnd.openxmlformats-officedocument.wordprocessingml.commentsExtended+xml',
  'people.xml': 'application/vnd.openxmlformats-officedocument.wordprocessingml.people+xml',
};

function withContentTypes(xml: string): string {
  const added = Object.entries(CONTENT_TYPES).map(([part, type]) => `<Override PartName="/word/${part}" ContentType="${type}"/>`).join('');
  return xml.replace('</Types>', `${added}</Types>`);
}
