import { EditorState } from 'prosemirror-state';
import { describe, expect, it } from 'vitest';
import { updateComment } from '../../../src/editor/review/comment-edits.js';
import { build } from '../../../src/model/index.js';
import { documentComments, type ReviewComment } from '../../../src/model/review/document-review.js';

const { doc, section, p } = build;

const formatted: ReviewComment = {
  id: '0',
  author: 'Ann',
  initials: 'A',
  date: null,
  paragraphs: ['Bold words'],
  runs: [[{ text: 'Bold', bold: true }, { text: ' words' }]],
  paraId: null,
  parentId: null,
  done: false,
  durableId: null,
};

describe('updateComment', () => {
  it('sets the new text as plain paragraphs, leaving the formatted runs as read behind', () => {
    const model = doc(section(p('text')));
    const state = EditorState.create({ doc: model.type.create({ ...model.attrs, comments: [formatted] }, model.content) });
    const tr = updateComment(state, '0', 'New words\nand a second line', { name: 'Ann' });
    const [edited] = documentComments(tr!.doc);
    expect(edited!.paragraphs).toEqual(['New words', 'and a second line']);
    expect(edited).not.toHaveProperty('runs');
    expect(updateComment(state, '0', 'By another', { name: 'Bo' })).toBeNull();
  });
});
