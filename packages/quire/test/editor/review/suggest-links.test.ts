// Links added and removed in suggest mode: the text as it was is deleted, the text as it is now inserted after it.
import type { Node } from 'prosemirror-model';
import { EditorState, TextSelection, type Command } from 'prosemirror-state';
import { describe, expect, it } from 'vitest';
import { removeLink, setLink } from '../../../src/editor/commands/link-commands.js';
import { acceptAllChanges, rejectAllChanges } from '../../../src/editor/review/decide-changes.js';
import type { SuggestContext } from '../../../src/editor/review/suggest-transaction.js';
import { suggestCommand } from './suggest-command.js';
import { a, doc, ins, p } from '../../../src/model/builders.js';

const HREF = 'https://example.com/';

function context(author = 'Ann'): SuggestContext {
  let last = 0;
  return { author, now: () => new Date('2026-11-27T10:11:12Z'), newId: () => `s${++last}` };
}

// The state with `text` (its first occurrence) selected, or the caret at its start when `caret`.
function selecting(document: Node, text: string, caret = false): EditorState {
  let at = -1;
  document.descendants((node, pos) => {
    const offset = node.isText ? node.text!.indexOf(text) : -1;
    if (at < 0 && offset >= 0) at = pos + offset;
    return at < 0;
  });
  if (at < 0) throw new Error(`no text ${text}`);
  return EditorState.create({ doc: document, selection: TextSelection.create(document, at, caret ? at : at + text.length) });
}

// Runs `command` as the editor does in suggest mode; null when the transform refused its transaction.
function suggest(state: EditorState, command: Command, by = context()): EditorState | null {
  return suggestCommand(state, command, by);
}

// The paragraphs' runs: their text, `+` inserted by its author, `-` deleted, `@` linked to its address.
function runs(document: Node): string[] {
  const found: string[] = [];
  document.descendants((node) => {
    if (!node.isText) return true;
    const marks = Object.fromEntries(node.marks.map((mark) => [mark.type.name, mark.attrs]));
    found.push(`${node.text}${marks['insertion'] ? ` +${String(marks['insertion']['author'])}` : ''}${marks['deletion'] ? ` -${String(marks['deletion']['author'])}` : ''}${marks['link'] ? ` @${String(marks['link']['href'])}` : ''}`);
    return false;
  });
  return found;
}

// What the same command makes in edit mode.
function inEditMode(state: EditorState, command: Command): Node {
  let made: Node = state.doc;
  command(state, (tr) => (made = tr.doc));
  return made;
}

describe('links in suggest mode', () => {
  it('records a link added to selected text as the text deleted and a linked copy inserted after it, by the user', () => {
    const original = doc(p('see the terms here'));
    const suggested = suggest(selecting(original, 'terms'), setLink(HREF))!;
    expect(runs(suggested.doc)).toEqual(['see the ', 'terms -Ann', `terms +Ann @${HREF}`, ' here']);
  });

  it('gives back the text without the link when rejected, and the text the same command makes in edit mode when accepted', () => {
    const original = doc(p('see the terms here'));
    const state = selecting(original, 'terms');
    const suggested = suggest(state, setLink(HREF))!;
    expect(suggested.apply(rejectAllChanges(suggested)!).doc.toJSON()).toEqual(original.toJSON());
    expect(suggested.apply(acceptAllChanges(suggested)!).doc.toJSON()).toEqual(inEditMode(state, setLink(HREF)).toJSON());
  });

  it('records a link removed as the linked text deleted and an unlinked copy inserted after it', () => {
    const original = doc(p('see ', a(HREF, 'terms'), ' here'));
    const state = selecting(original, 'terms', true);
    const suggested = suggest(state, removeLink)!;
    expect(runs(suggested.doc)).toEqual(['see ', `terms -Ann @${HREF}`, 'terms +Ann', ' here']);
    expect(suggested.apply(rejectAllChanges(suggested)!).doc.toJSON()).toEqual(original.toJSON());
    expect(suggested.apply(acceptAllChanges(suggested)!).doc.toJSON()).toEqual(inEditMode(state, removeLink).toJSON());
  });

  it('links the user’s own pending insertion in place, with no deletion', () => {
    const original = doc(p('see ', ins({ id: 'x', author: 'Ann', date: null, move: null }, 'terms'), ' here'));
    expect(runs(suggest(selecting(original, 'terms'), setLink(HREF))!.doc)).toEqual(['see ', `terms +Ann @${HREF}`, ' here']);
  });

  it('records a link typed at the caret as inserted linked text', () => {
    const original = doc(p('see here'));
    expect(runs(suggest(selecting(original, 'here', true), setLink(HREF))!.doc)).toEqual(['see ', `${HREF} +Ann @${HREF}`, 'here']);
  });

  it('refuses a link over text that spans paragraphs', () => {
    const original = doc(p('first'), p('second'));
    const state = EditorState.create({ doc: original, selection: TextSelection.create(original, 3, 12) });
    expect(suggest(state, setLink(HREF))).toBeNull();
  });
});
