// @vitest-environment happy-dom
import { DOMSerializer } from 'prosemirror-model';
import { afterEach, describe, expect, it } from 'vitest';
import { Editor, type EditorOptions } from '../../src/editor/index.js';
import { commented, del, ins, p } from '../../src/model/builders.js';
import { authorColourSlot } from '../../src/model/review/author-colour.js';
import { schema } from '../../src/model/schema.js';
import { isQuireOptionsError } from '../../src/quire-options-error.js';

afterEach(() => {
  document.body.replaceChildren();
});

describe('review marks in the editor', () => {
  it('renders insertions as ins and deletions as del, with the change’s data and its author’s colour slot, and comment ranges as spans', () => {
    const change = { id: '4', author: 'Ann', date: '2024-01-01T00:00:00Z', move: null };
    const dom = DOMSerializer.fromSchema(schema).serializeNode(p(ins(change, 'new'), del({ ...change, move: 'm1' }, 'old'), commented({ id: '9' }, 'noted')), { document }) as HTMLElement;
    const inserted = dom.querySelector('ins')!;
    const deleted = dom.querySelector('del')!;
    expect(inserted.className).toBe(`quire-insertion quire-author-${authorColourSlot('Ann')}`);
    expect({ ...inserted.dataset }).toEqual({ changeId: '4', author: 'Ann', date: '2024-01-01T00:00:00Z' });
    expect(deleted.className).toBe(`quire-deletion quire-author-${authorColourSlot('Ann')}`);
    expect(deleted.dataset['move']).toBe('m1');
    expect(dom.querySelector('span.quire-comment')?.getAttribute('data-comment-id')).toBe('9');
  });

  it('gives each author the same colour slot every time, spread over the slots', () => {
    const authors = ['Ann', 'Bo', 'Chen', 'Dana', 'Eli', 'Fatima', 'Goran', 'Hiro'];
    expect(authors.map(authorColourSlot)).toEqual(authors.map(authorColourSlot));
    expect(new Set(authors.map(authorColourSlot)).size).toBeGreaterThan(3);
  });

  it('shows simple markup unless told otherwise, and says which view it shows on its root', async () => {
    const element = document.body.appendChild(document.createElement('div'));
    const editor = new Editor({ element, fonts: false, telemetry: { enabled: false } });
    expect(element.querySelector('.quire-editor')?.getAttribute('data-markup')).toBe('simple');
    editor.destroy();
    const other = document.body.appendChild(document.createElement('div'));
    const all = new Editor({ element: other, fonts: false, telemetry: { enabled: false }, markup: 'all' });
    expect(other.querySelector('.quire-editor')?.getAttribute('data-markup')).toBe('all');
    all.destroy();
  });

  it('names `markup` when the view is none of simple, all, none and original', () => {
    const element = document.body.appendChild(document.createElement('div'));
    let option: string | undefined;
    try {
      new Editor({ element, markup: 'final' } as unknown as EditorOptions);
    } catch (error) {
      if (isQuireOptionsError(error)) option = error.option;
    }
    expect(option).toBe('markup');
  });
});
