import { strToU8 } from 'fflate';
import type { PlannedThread } from './review-plan.js';

/** The reviewers the bench document's comments and changes are by, taking turns. */
export const REVIEWERS = [
  { name: 'Ada Moreau', initials: 'AM' },
  { name: 'Jonas Berg', initials: 'JB' },
  { name: 'Priya Raman', initials: 'PR' },
  { name: 'Tomás Ortega', initials: 'TO' },
] as const;

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const W14 = 'http://schemas.microsoft.com/office/word/2010/wordml';
const W15 = 'http://schemas.microsoft.com/office/word/2012/wordml';
const HEADER = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';

// A comment's last paragraph names it in commentsExtended.xml (MS-DOCX 2.5.3.1).
const paraId = (comment: number) => (0x10000000 + comment).toString(16).toUpperCase();

/**
 * The review parts of the bench document for `threads`: `comments.xml` (ECMA-376 Part 1,
 * 17.13.4.2), each comment one or two paragraphs; `commentsExtended.xml` with each reply's parent
 * and the resolved threads' `w15:done`; `people.xml` with the reviewers.
 */
export function commentParts(threads: readonly PlannedThread[]): Record<string, Uint8Array> {
  const comments: string[] = [];
  const extended: string[] = [];
  for (const thread of threads) {
    comments.push(commentXml(thread.comment, [`Comment ${thread.comment}: is this the wording we agreed on?`, ...(thread.comment % 3 === 0 ? ['See the schedule for the figures.'] : [])]));
    extended.push(`<w15:commentEx w15:paraId="${paraId(thread.comment)}" w15:done="${thread.resolved ? 1 : 0}"/>`);
    for (const reply of thread.replies) {
      comments.push(commentXml(reply, [`Reply ${reply}: agreed, with one change.`]));
      extended.push(`<w15:commentEx w15:paraId="${paraId(reply)}" w15:paraIdParent="${paraId(thread.comment)}" w15:done="${thread.resolved ? 1 : 0}"/>`);
    }
  }
  const people = REVIEWERS.map((reviewer) => `<w15:person w15:author="${reviewer.name}"><w15:presenceInfo w15:providerId="None" w15:userId="${reviewer.name}"/></w15:person>`);
  return {
    'word/comments.xml': strToU8(`${HEADER}<w:comments xmlns:w="${W}" xmlns:w14="${W14}">${comments.join('')}</w:comments>`),
    'word/commentsExtended.xml': strToU8(`${HEADER}<w15:commentsEx xmlns:w15="${W15}">${extended.join('')}</w15:commentsEx>`),
    'word/people.xml': strToU8(`${HEADER}<w15:people xmlns:w15="${W15}">${people.join('')}</w15:people>`),
  };
}

function commentXml(comment: number, paragraphs: readonly string[]): string {
  const reviewer = REVIEWERS[comment % REVIEWERS.length]!;
  const day = String(1 + (comment % 28)).padStart(2, '0');
  const body = paragraphs.map((text, index) => {
    const id = index === paragraphs.length - 1 ? ` w14:paraId="${paraId(comment)}"` : '';
    const reference = index === 0 ? '<w:r><w:annotationRef/></w:r>' : '';
    return `<w:p${id}>${reference}<w:r><w:t xml:space="preserve">${text}</w:t></w:r></w:p>`;
  });
  return `<w:comment w:id="${comment}" w:author="${reviewer.name}" w:initials="${reviewer.initials}" w:date="2026-04-${day}T09:30:00Z">${body.join('')}</w:comment>`;
}
