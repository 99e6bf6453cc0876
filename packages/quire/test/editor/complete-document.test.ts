import { readdirSync, readFileSync } from 'node:fs';
import type { Node } from 'prosemirror-model';
import { EditorState } from 'prosemirror-state';
import { describe, expect, it } from 'vitest';
import { completeDocument } from '../../src/editor/document/complete-document.js';
import { findDocumentParts } from '../../src/package/find-document-parts.js';
import { openPackage } from '../../src/package/open-package.js';
import { readDocxStartFirst, type DocxReadResult } from '../../src/readers/docx/read-docx.js';

const FIXTURES = new URL('../../../../test/fixtures/docx/', import.meta.url);
const files = readdirSync(FIXTURES).filter((name) => name.endsWith('.docx'));
// Starts of a few sizes: inside the first blocks, a few pages in, and further.
const BUDGETS = [2_000, 20_000, 120_000];

interface StartAndWhole {
  readonly start: DocxReadResult | null;
  readonly whole: DocxReadResult;
}

async function readStartAndWhole(name: string, maxCharacters: number): Promise<StartAndWhole> {
  const pkg = openPackage(new Uint8Array(readFileSync(new URL(name, FIXTURES))));
  let start: DocxReadResult | null = null;
  const whole = await readDocxStartFirst(pkg, { maxCharacters, onStart: async (read) => void (start = read) }, { keepSources: true, images: 'reference' });
  return { start, whole };
}

function textblockCount(doc: Node): number {
  let count = 0;
  doc.descendants((node) => void (count += node.isTextblock ? 1 : 0));
  return count;
}

function withoutSource(attrs: Node['attrs']): Record<string, unknown> {
  const { sourceId: _sourceId, ...rest } = attrs;
  return rest;
}

describe('the first pages of a long document, read first', () => {
  it.each(files)('%s: each start read holds fewer blocks than the whole, in its section’s geometry, and completes into exactly the whole', async (name) => {
    let starts = 0;
    for (const budget of BUDGETS) {
      const { start, whole } = await readStartAndWhole(name, budget);
      if (!start) continue;
      starts += 1;
      const doc = start.value;
      expect(textblockCount(doc)).toBeGreaterThan(0);
      expect(textblockCount(doc)).toBeLessThan(textblockCount(whole.value));
      const sections = (node: Node) => node.children.filter((child) => child.type.name === 'section');
      const last = sections(doc).length - 1;
      expect(withoutSource(sections(doc)[last]!.attrs)).toEqual(withoutSource(sections(whole.value)[last]!.attrs));
      const tr = completeDocument(EditorState.create({ doc }), whole.value);
      expect(tr).not.toBeNull();
      expect(tr!.doc.eq(whole.value)).toBe(true);
    }
    if (starts > 0) return;
    // A main part with no start to read is short, or made of few blocks.
    expect(await mainPartLength(name)).toBeLessThan(BUDGETS[2]!);
  });

  it('keeps the nodes both reads agree on, so that the view and the laid-out pages of the first pages stay', async () => {
    const { start, whole } = await readStartAndWhole('superdoc-300-pages.docx', 20_000);
    expect(start).not.toBeNull();
    const tr = completeDocument(EditorState.create({ doc: start!.value }), whole.value)!;
    const firstSection = tr.doc.child(0);
    const shown = start!.value.child(0);
    // Every block but the last read first is the very node that was on screen.
    for (let index = 0; index < shown.childCount - 1; index++) expect(firstSection.child(index)).toBe(shown.child(index));
    expect(tr.getMeta('addToHistory')).toBe(false);
  });

  it('replaces what the first pages read differently from the first block that differs, keeping the blocks before it', async () => {
    const { start, whole } = await readStartAndWhole('superdoc-300-pages.docx', 20_000);
    const state = EditorState.create({ doc: start!.value });
    const third = state.doc.child(0).child(2);
    const at = 1 + state.doc.child(0).child(0).nodeSize + state.doc.child(0).child(1).nodeSize + 1;
    const changed = state.apply(state.tr.insertText('read differently ', at));
    const tr = completeDocument(changed, whole.value)!;
    expect(tr.doc.eq(whole.value)).toBe(true);
    expect(tr.doc.child(0).child(1)).toBe(changed.doc.child(0).child(1));
    expect(tr.doc.child(0).child(2)).not.toBe(changed.doc.child(0).child(2));
    expect(tr.doc.child(0).child(2).eq(third)).toBe(true);
  });

  it('takes the whole’s document attributes, whose defaults hold the looks of styles used further on', async () => {
    const { start, whole } = await readStartAndWhole('pandoc-table_captions_with_field.docx', 2_000);
    expect(start!.value.sameMarkup(whole.value)).toBe(false);
    const tr = completeDocument(EditorState.create({ doc: start!.value }), whole.value)!;
    expect(tr.doc.attrs).toEqual(whole.value.attrs);
  });
});

async function mainPartLength(name: string): Promise<number> {
  const pkg = openPackage(new Uint8Array(readFileSync(new URL(name, FIXTURES))));
  const { main } = await findDocumentParts(pkg);
  return pkg.entryOf(main)?.uncompressedSize ?? 0;
}
