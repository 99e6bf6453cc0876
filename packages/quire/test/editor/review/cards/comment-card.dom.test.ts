// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { createCommentCard, initialsOf } from '../../../../src/editor/review/cards/comment-card.js';
import type { ReviewComment } from '../../../../src/model/review/document-review.js';
import { authorColourSlot } from '../../../../src/model/review/author-colour.js';

const dates = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

const comment = (fields: Partial<ReviewComment>): ReviewComment => ({
  id: '1',
  author: 'Ann Lee',
  initials: null,
  date: '2025-06-07T11:20:00Z',
  paragraphs: ['First paragraph.', 'Second paragraph.'],
  paraId: null,
  parentId: null,
  done: false,
  durableId: null,
  ...fields,
});

describe('createCommentCard', () => {
  it('shows the author, initials in the author’s colour, the date in the given locale and each paragraph of the text', () => {
    const card = createCommentCard(document, { comment: comment({}), replies: [] }, dates);
    expect(card.querySelector('.quire-comment-author')?.textContent).toBe('Ann Lee');
    const avatar = card.querySelector('.quire-comment-avatar')!;
    expect(avatar.textContent).toBe('AL');
    expect(avatar.classList.contains(`quire-author-${authorColourSlot('Ann Lee')}`)).toBe(true);
    expect(avatar.getAttribute('aria-hidden')).toBe('true');
    expect(card.querySelector('time')?.textContent).toBe(dates.format(Date.parse('2025-06-07T11:20:00Z')));
    expect(card.querySelector('time')?.getAttribute('datetime')).toBe('2025-06-07T11:20:00Z');
    expect([...card.querySelectorAll('.quire-comment-text p')].map((p) => p.textContent)).toEqual(['First paragraph.', 'Second paragraph.']);
  });

  it('shows the runs of a formatted comment in their formatting, its links opening in a new tab without telling the page', () => {
    const runs = [[{ text: 'See ' }, { text: 'bold', bold: true as const }, { text: ' and ', italic: true as const, underline: true as const }, { text: 'terms', href: 'https://example.org/terms', strike: true as const }], [{ text: 'Plain line' }]];
    const card = createCommentCard(document, { comment: comment({ paragraphs: ['See bold and terms', 'Plain line'], runs }), replies: [] }, dates);
    const [first, second] = card.querySelectorAll('.quire-comment-text p');
    expect(first!.innerHTML).toBe('See <strong>bold</strong><u><em> and </em></u><a href="https://example.org/terms" target="_blank" rel="noopener noreferrer"><s>terms</s></a>');
    expect(second!.textContent).toBe('Plain line');
  });

  it('is in the Tab order and named for screen readers by its author, date and replies', () => {
    const card = createCommentCard(document, { comment: comment({}), replies: [comment({ id: '2', author: 'Bo', parentId: '1' })] }, dates);
    expect(card.tagName).toBe('ARTICLE');
    expect(card.tabIndex).toBe(0);
    expect(card.getAttribute('aria-label')).toBe(`Comment by Ann Lee, ${dates.format(Date.parse('2025-06-07T11:20:00Z'))}, 1 reply`);
  });

  it('shows replies under the comment, each an article named by its author', () => {
    const replies = [comment({ id: '2', author: 'Bo', parentId: '1', paragraphs: ['Agreed.'] }), comment({ id: '3', author: 'Cy', parentId: '1', paragraphs: ['Done.'] })];
    const card = createCommentCard(document, { comment: comment({}), replies }, dates);
    const shown = [...card.querySelectorAll('.quire-comment-replies > [role="article"]')];
    expect(shown.map((reply) => reply.querySelector('.quire-comment-text')?.textContent)).toEqual(['Agreed.', 'Done.']);
    expect(shown[0]!.getAttribute('aria-label')).toMatch(/^Reply by Bo, /);
  });

  it('marks a resolved thread and collapses it until its toggle opens it', () => {
    const card = createCommentCard(document, { comment: comment({ done: true }), replies: [] }, dates);
    expect(card.dataset['done']).toBe('true');
    expect(card.getAttribute('aria-label')).toContain('resolved');
    const toggle = card.querySelector<HTMLButtonElement>('.quire-comment-toggle')!;
    expect([toggle.getAttribute('aria-expanded'), card.dataset['expanded']]).toEqual(['false', 'false']);
    toggle.click();
    expect([toggle.getAttribute('aria-expanded'), card.dataset['expanded']]).toEqual(['true', 'true']);
  });

  it('says who wrote a comment without an author, and shows a date that does not parse as written', () => {
    const card = createCommentCard(document, { comment: comment({ author: '', date: 'yesterday' }), replies: [] }, dates);
    expect(card.querySelector('.quire-comment-author')?.textContent).toBe('Unknown author');
    expect(card.querySelector('time')?.textContent).toBe('yesterday');
  });
});

describe('initialsOf', () => {
  it('takes the comment’s own initials, else the first letters of the first and last names', () => {
    expect(initialsOf({ author: 'Steve Canny', initials: 'SJC' })).toBe('SJC');
    expect(initialsOf({ author: 'maria de la cruz', initials: null })).toBe('MC');
    expect(initialsOf({ author: 'Zoë', initials: '' })).toBe('Z');
    expect(initialsOf({ author: '', initials: null })).toBe('?');
  });
});
