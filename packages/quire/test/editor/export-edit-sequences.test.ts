// Sequences of edits as a person makes them with the editor's own commands and plugins (typing,
// deleting a selection, Enter, Backspace, marks, alignment, paragraph styles, lists, indenting,
// table rows and columns, links, new tables and pictures, undo, redo), drawn at random with a
// fixed seed, over every fixture but the longest: whatever the sequence, the exported package
// re-reads with the text and marks the editor showed, and undoing everything exports the part as read.
import fc from 'fast-check';
import { baseKeymap } from 'prosemirror-commands';
import { history } from 'prosemirror-history';
import type { Node } from 'prosemirror-model';
import { EditorState, TextSelection, type Command, type Plugin } from 'prosemirror-state';
import { tableEditing } from 'prosemirror-tables';
import { describe, expect, it } from 'vitest';
import { setAlignment, setParagraphStyle } from '../../src/editor/commands/block-commands.js';
import { paragraphStyleOptions, type ParagraphStyleOption } from '../../src/editor/commands/paragraph-style-options.js';
import { insertImage } from '../../src/editor/commands/image-commands.js';
import { setLink } from '../../src/editor/commands/link-commands.js';
import { insertTable } from '../../src/editor/commands/table-commands.js';
import { paragraphAfterTables } from '../../src/editor/view/paragraph-after-tables.js';
import { readOnlyGuard } from '../../src/editor/view/read-only-guard.js';
import { simpleCommands, type SimpleCommandName } from '../../src/editor/commands/editor-commands.js';
import { editorKeymap } from '../../src/editor/commands/editor-keymap.js';
import { schema } from '../../src/model/schema.js';
import { readDocx } from '../../src/readers/index.js';
import type { DocxOriginal } from '../../src/writers/docx/index.js';
import { bodyTextblocks, exportDocx, FIXTURE_NAMES, fixtureBytes, markMask, openDocx, openFixture, partText } from '../writers/docx/patch-fixtures.js';

// The long documents take seconds each to read; the short ones hold every kind of content too.
const NAMES = FIXTURE_NAMES.filter((name) => !/\d+-pages/.test(name));
const RUNS = 160;
const SEED = 20261125;

const commands = simpleCommands(schema);
// The editor's own Enter (lists, then Word's split that keeps a paragraph's look at its end).
const enter = editorKeymap(schema, () => false)['Enter']!;
const backspace = baseKeymap['Backspace']!;

type Action =
  | { kind: 'type'; at: number; text: string }
  | { kind: 'delete'; at: number; span: number }
  | { kind: 'enter' | 'backspace'; at: number }
  | { kind: 'command'; at: number; span: number; name: SimpleCommandName }
  | { kind: 'align'; at: number; alignment: 'left' | 'center' | 'right' | 'justify' }
  | { kind: 'link'; at: number; span: number; href: string }
  | { kind: 'table' | 'picture'; at: number }
  | { kind: 'style'; at: number; span: number; pick: number };

// A 2 × 1 PNG.
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAYAAAD0In+KAAAAEUlEQVR4nGP4z8DwHwQZGBgAP/wH+ZcTEY4AAAAASUVORK5CYII=';

const fraction = fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true });
const EDITING: readonly SimpleCommandName[] = ['bold', 'italic', 'underline', 'strike', 'bulletList', 'numberedList', 'indent', 'outdent', 'addRowAfter', 'addRowBefore', 'deleteRow', 'addColumnAfter', 'deleteColumn', 'undo', 'redo'];
const action: fc.Arbitrary<Action> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('type' as const), at: fraction, text: fc.constantFrom('a', 'word ', 'QZX', ' ', 'é∑', '<&>') }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('delete' as const), at: fraction, span: fc.integer({ min: 1, max: 40 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constantFrom('enter' as const, 'backspace' as const), at: fraction }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('command' as const), at: fraction, span: fc.integer({ min: 0, max: 30 }), name: fc.constantFrom(...EDITING) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('align' as const), at: fraction, alignment: fc.constantFrom('left' as const, 'center' as const, 'right' as const, 'justify' as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('link' as const), at: fraction, span: fc.integer({ min: 1, max: 20 }), href: fc.constantFrom('https://example.com/a?b=1&c=2', '#_Toc1', 'mailto:a@example.com') }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constantFrom('table' as const, 'picture' as const), at: fraction }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('style' as const), at: fraction, span: fc.integer({ min: 0, max: 40 }), pick: fraction }) },
);

// A text position of the body picked by `at`: inside the textblocks of the body, headers,
// footers and notes left out (the editor's read-only guard refuses edits there anyway).
function bodyPosition(doc: Node, at: number): number | undefined {
  const blocks = bodyTextblocks(doc);
  const total = blocks.reduce((sum, { node }) => sum + node.content.size + 1, 0);
  if (total === 0) return undefined;
  let offset = Math.floor(at * total);
  for (const { node, pos } of blocks) {
    if (offset <= node.content.size) return pos + 1 + offset;
    offset -= node.content.size + 1;
  }
  return undefined;
}

// The same section holds both ends of a selection, as select-all and dragging in the editor give.
function bodyRange(doc: Node, at: number, span: number): { from: number; to: number } | undefined {
  const from = bodyPosition(doc, at);
  if (from === undefined) return undefined;
  let to = from;
  for (let step = 0; step < span; step++) {
    const next = to + 1;
    if (next >= doc.content.size) break;
    const $next = doc.resolve(next);
    if (!$next.parent.isTextblock || $next.node(1) !== doc.resolve(from).node(1) || inHeaderFooter(doc, next)) continue;
    to = next;
  }
  return { from, to };
}

function inHeaderFooter(doc: Node, pos: number): boolean {
  const $pos = doc.resolve(pos);
  for (let depth = $pos.depth; depth > 0; depth--) if ($pos.node(depth).type.name === 'header_footer') return true;
  return false;
}

// Applies one action as a person would in the editor; `styles` is the document's style menu.
function apply(state: EditorState, step: Action, styles: readonly ParagraphStyleOption[]): EditorState {
  const doc = state.doc;
  let command: Command;
  let selection: { from: number; to: number } | undefined;
  switch (step.kind) {
    case 'type': {
      const at = bodyPosition(doc, step.at);
      if (at === undefined) return state;
      return state.apply(state.tr.setSelection(TextSelection.create(doc, at)).insertText(step.text));
    }
    case 'delete':
      selection = bodyRange(doc, step.at, step.span);
      command = (current, dispatch) => {
        if (dispatch) dispatch(current.tr.deleteSelection());
        return true;
      };
      break;
    case 'enter':
    case 'backspace': {
      const at = bodyPosition(doc, step.at);
      // Backspace at the start of a textblock joins it to the one before: the interesting case.
      selection = at === undefined ? undefined : { from: step.kind === 'backspace' ? doc.resolve(at).start() : at, to: step.kind === 'backspace' ? doc.resolve(at).start() : at };
      command = step.kind === 'enter' ? enter : backspace;
      break;
    }
    case 'command':
      selection = bodyRange(doc, step.at, step.span);
      command = commands[step.name];
      break;
    case 'align':
      selection = bodyRange(doc, step.at, 0);
      command = setAlignment(step.alignment);
      break;
    case 'link':
      selection = bodyRange(doc, step.at, step.span);
      command = setLink(step.href);
      break;
    case 'style': {
      const style = styles[Math.floor(step.pick * styles.length)];
      if (!style) return state;
      selection = bodyRange(doc, step.at, step.span);
      command = setParagraphStyle(style);
      break;
    }
    case 'table':
    case 'picture':
      selection = bodyRange(doc, step.at, 0);
      command = step.kind === 'table' ? insertTable(2, 2) : insertImage({ src: PNG, width: 2, height: 1 });
      break;
  }
  if (!selection) return state;
  const selected = state.apply(state.tr.setSelection(TextSelection.create(doc, selection.from, selection.to)));
  let next = selected;
  command(selected, (tr) => (next = selected.apply(tr)));
  return next;
}

// The plugins of the editor's own state that shape what an edit does to the document.
const plugins = (): Plugin[] => [tableEditing(), history(), readOnlyGuard(() => true), paragraphAfterTables()];

const originals = new Map<string, Promise<DocxOriginal & { styles: readonly ParagraphStyleOption[] }>>();
function original(name: string): Promise<DocxOriginal & { styles: readonly ParagraphStyleOption[] }> {
  let opened = originals.get(name);
  if (!opened) {
    opened = Promise.all([openFixture(name), readDocx(fixtureBytes(name))]).then(([docx, read]) => ({ ...docx, styles: paragraphStyleOptions(read.paragraphStyles) }));
    originals.set(name, opened);
  }
  return opened;
}

const texts = (doc: Node): string[] => bodyTextblocks(doc).map(({ node }) => node.textContent);
// Which characters of each paragraph are bold, italic, struck through. Headings and code are
// left out: their marks say what differs from their style's look, so a bold mark on a heading
// that is bold anyway reads back as no mark (the text is bold either way).
const MARKS = ['bold', 'italic', 'strike'];
const marks = (doc: Node): string[] =>
  bodyTextblocks(doc).map(({ node }) => (node.type.name === 'paragraph' ? MARKS.map((name) => markMask(node, (mark) => mark.type.name === name)).join('|') : node.type.name));

describe('export after a sequence of edits made with the editor commands', () => {
  it(`re-reads, for ${RUNS} sequences of up to 12 edits over the fixtures, every paragraph of the body with the text the editor showed`, async () => {
    let edited = 0;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...NAMES), fc.array(action, { minLength: 1, maxLength: 12 }), async (name, actions) => {
        const opened = await original(name);
        let state = EditorState.create({ doc: opened.doc, plugins: plugins() });
        for (const step of actions) state = apply(state, step, opened.styles);
        if (state.doc !== opened.doc) edited++;
        const reread = await openDocx(await exportDocx(opened, state.doc));
        expect(texts(reread.doc)).toEqual(texts(state.doc));
        expect(marks(reread.doc)).toEqual(marks(state.doc));
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: false },
    );
    // Most sequences change the document: the property is not checked on untouched copies only.
    expect(edited).toBeGreaterThan(RUNS * 0.8);
  });

  it(`writes, for ${RUNS / 4} sequences of edits all undone, the main part exactly as it was read`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...NAMES), fc.array(action, { minLength: 1, maxLength: 12 }), async (name, actions) => {
        const opened = await original(name);
        let state = EditorState.create({ doc: opened.doc, plugins: plugins() });
        for (const step of actions) state = apply(state, step, opened.styles);
        // Undo until there is nothing left to undo; each undo is one step back, so this ends.
        for (let steps = 0; steps <= actions.length * 4 && commands.undo(state, (tr) => (state = state.apply(tr))); steps++);
        expect(await partText(await exportDocx(opened, state.doc), opened.sources.partName)).toBe(opened.sources.text);
      }),
      { numRuns: RUNS / 4, seed: SEED, endOnFailure: false },
    );
  });
});
