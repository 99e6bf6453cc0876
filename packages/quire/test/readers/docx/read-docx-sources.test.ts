import { readdirSync, readFileSync } from 'node:fs';
import { unzipSync } from 'fflate';
import type { Node } from 'prosemirror-model';
import { describe, expect, it } from 'vitest';
import { readDocx, type DocxReadResult, type DocxSources, type SourceElement, type SourceKind } from '../../../src/readers/index.js';
import { buildTestDocx, paragraph, run } from '../../../../../test/support/docx-package.js';
import { wordTextRuns } from './docx-text.js';

const FIXTURES = new URL('../../../../../test/fixtures/docx/', import.meta.url);
const files = readdirSync(FIXTURES).filter((name) => name.endsWith('.docx'));

function fixture(name: string): Uint8Array {
  return new Uint8Array(readFileSync(new URL(name, FIXTURES)));
}

// Each fixture is read with sources once, for the several tests that look at the result.
const readsWithSources = new Map<string, Promise<DocxReadResult>>();
function readWithSources(name: string): Promise<DocxReadResult> {
  let result = readsWithSources.get(name);
  if (!result) {
    result = readDocx(fixture(name), { keepSources: true });
    readsWithSources.set(name, result);
  }
  return result;
}

// The kind of element each node type with a sourceId is read from.
const KIND_OF_NODE: Readonly<Record<string, SourceKind>> = {
  section: 'sectPr',
  paragraph: 'p',
  heading: 'p',
  code_block: 'p',
  page_break: 'p',
  table: 'tbl',
  table_row: 'tr',
  table_cell: 'tc',
  opaque_block: 'other',
};

// How the XML of an element of each kind starts; any element can be kept as 'other'.
const START_TAG: Readonly<Record<SourceKind, RegExp>> = {
  p: /^<w:p[\s/>]/,
  tbl: /^<w:tbl[\s/>]/,
  tr: /^<w:tr[\s/>]/,
  tc: /^<w:tc[\s/>]/,
  merged: /^<w:tc[\s/>]/,
  sectPr: /^<w:sectPr[\s/>]/,
  other: /^</,
};

interface Carrier {
  readonly node: Node;
  /** False for nodes of headers, footers and notes, which come from other parts than the body's. */
  readonly inBody: boolean;
}

// Every node that has a sourceId attribute, in document order.
function carriers(doc: Node): Carrier[] {
  const found: Carrier[] = [];
  const visit = (node: Node, inBody: boolean): void => {
    if (node.type.name in KIND_OF_NODE) found.push({ node, inBody });
    node.forEach((child) => visit(child, inBody && child.type.name !== 'header_footer'));
  };
  doc.forEach((child) => visit(child, child.type.name === 'section'));
  return found;
}

// The blocks of a document's body with the source ids they carry, sections left out.
function blockIds(doc: Node): [string, string, unknown][] {
  return carriers(doc)
    .filter(({ node }) => node.type.name !== 'section')
    .map(({ node }) => [node.type.name, node.textContent, node.attrs['sourceId']]);
}

function xmlOf(sources: DocxSources, element: { readonly start: number; readonly end: number }): string {
  return sources.text.slice(element.start, element.end);
}

function elementsOf(sources: DocxSources | null): SourceElement[] {
  expect(sources).not.toBeNull();
  return [...sources!.elements.values()];
}

function textBox(content: string): string {
  return (
    '<w:r><w:drawing><wp:anchor><wp:extent cx="914400" cy="457200"/><wp:docPr id="1" name="Text Box 1"/>' +
    '<a:graphic><a:graphicData uri="http://schemas.microsoft.com/office/word/2010/wordprocessingShape">' +
    `<wps:wsp><wps:txbx><w:txbxContent>${content}</w:txbxContent></wps:txbx></wps:wsp></a:graphicData></a:graphic></wp:anchor></w:drawing></w:r>`
  );
}

function table(...rows: (readonly string[])[]): string {
  return `<w:tbl><w:tblGrid><w:gridCol w:w="2000"/><w:gridCol w:w="2000"/></w:tblGrid>${rows.map((cells) => `<w:tr>${cells.map((cell) => `<w:tc>${cell}</w:tc>`).join('')}</w:tr>`).join('')}</w:tbl>`;
}

describe('readDocx with keepSources', () => {
  it.each(files)('gives every paragraph, table, row, cell and section of the body of %s the id of a recorded element that starts with its tag', async (name) => {
    const { value, sources } = await readWithSources(name);
    const elements = sources!.elements;
    // The body's own w:sectPr, its last child (ECMA-376 Part 1, 17.6), describes the last
    // section; a body without one leaves that section without a source.
    const sections = carriers(value).filter(({ node }) => node.type.name === 'section');
    const hasFinalSectPr = /(?:<\/w:sectPr>|<w:sectPr[^>]*\/>)\s*$/.test(sources!.text.slice(sources!.body.start, sources!.body.end));
    const wrong: string[] = [];
    // Every node checked has the kind of its own element: no fixture has a table in a text box,
    // whose nodes would carry the id of the paragraph the box is anchored in.
    for (const { node, inBody } of carriers(value)) {
      if (!inBody) continue;
      const id = node.attrs['sourceId'] as string | null;
      const kind = KIND_OF_NODE[node.type.name]!;
      if (id === null && node === sections[sections.length - 1]?.node && !hasFinalSectPr) continue;
      const element = id === null ? undefined : elements.get(id);
      if (element?.kind !== kind || !START_TAG[kind].test(xmlOf(sources!, element))) {
        wrong.push(`${node.type.name} ${JSON.stringify(node.textContent.slice(0, 40))}: ${id === null ? 'no sourceId' : `${element?.kind ?? 'unrecorded'} ${id}`}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it.each(files)('gives every recorded paragraph, table, row, cell and other element of %s to at least one node, so that none reads as deleted', async (name) => {
    const { value, sources } = await readWithSources(name);
    const carried = new Set(carriers(value).map(({ node }) => node.attrs['sourceId'] as string | null));
    const uncarried = elementsOf(sources)
      .filter((element) => element.kind !== 'sectPr' && element.kind !== 'merged' && !carried.has(element.id))
      .map((element) => `${element.kind} ${element.id}: ${xmlOf(sources!, element).slice(0, 80)}`);
    expect(uncarried).toEqual([]);
  });

  it.each(files)('records the body-level elements of %s in increasing order inside the body without overlap, and every other element inside its parent', async (name) => {
    const { sources } = await readWithSources(name);
    const elements = elementsOf(sources);
    const body = sources!.body;
    let end = body.start;
    for (const element of elements.filter((candidate) => candidate.parent === null && candidate.kind !== 'sectPr')) {
      expect(element.start, `element ${element.id} starts before the end of the one before`).toBeGreaterThanOrEqual(end);
      end = element.end;
    }
    expect(end).toBeLessThanOrEqual(body.end);
    // Rows are in tables, cells in rows, and any other element in the body or a cell.
    const parentKinds: Record<SourceKind, readonly (SourceKind | null)[]> = { tr: ['tbl'], tc: ['tr'], merged: ['tr'], p: [null, 'tc'], tbl: [null, 'tc'], other: [null, 'tc'], sectPr: [null] };
    for (const element of elements) {
      const parent = element.parent === null ? undefined : sources!.elements.get(element.parent);
      expect(parentKinds[element.kind], `the parent of ${element.kind} ${element.id}`).toContain(parent?.kind ?? null);
      if (parent) expect(parent.start <= element.start && element.end <= parent.end, `${element.kind} ${element.id} lies inside its parent`).toBe(true);
    }
  });

  it('gives the nodes of headers, footers and notes the ids of elements of their own part that start with their tag', async () => {
    const wrong: string[] = [];
    const checked = { header_footer: 0, footnote: 0 };
    for (const name of files) {
      const { value, sources } = await readWithSources(name);
      const stories = [...(sources!.stories?.values() ?? [])];
      const check = (container: Node, kind: 'header_footer' | 'footnote'): void => {
        container.descendants((node) => {
          const elementKind = KIND_OF_NODE[node.type.name];
          if (!elementKind) return true;
          checked[kind]++;
          const id = node.attrs['sourceId'] as string | null;
          const story = id === null ? undefined : stories.find((candidate) => candidate.elements.has(id));
          const element = story?.elements.get(id!);
          if (!story || !element || sources!.elements.has(id!) || element.kind !== elementKind || !START_TAG[elementKind].test(xmlOf(story, element))) {
            wrong.push(`${name}: ${node.type.name} ${JSON.stringify(node.textContent.slice(0, 40))}: ${id ?? 'no sourceId'}`);
          }
          return true;
        });
      };
      value.forEach((child) => {
        if (child.type.name === 'footnote') check(child, 'footnote');
        else child.forEach((part) => part.type.name === 'header_footer' && check(part, 'header_footer'));
      });
    }
    expect(checked.header_footer).toBeGreaterThan(0);
    expect(checked.footnote).toBeGreaterThan(0);
    expect(wrong).toEqual([]);
  });

  it('maps the first paragraph of a note to its XML without the space after the number, which the paragraph does not hold', async () => {
    const note = '<w:footnote w:id="1"><w:p><w:r><w:footnoteRef/></w:r><w:r><w:t xml:space="preserve"> Noted here</w:t></w:r></w:p></w:footnote>';
    const body = '<w:p><w:r><w:t>Text</w:t></w:r><w:r><w:footnoteReference w:id="1"/></w:r></w:p>';
    const { value, sources } = await readDocx(buildTestDocx({ body, footnotes: note }), { keepSources: true });
    const paragraph = value.lastChild!.firstChild!;
    expect(paragraph.textContent).toBe('Noted here');
    const story = [...sources!.stories!.values()].find((candidate) => candidate.elements.has(paragraph.attrs['sourceId'] as string))!;
    const inline = story.elements.get(paragraph.attrs['sourceId'] as string)!.inline!;
    expect(inline.map((child) => [xmlOf(story, child), child.from, child.to])).toEqual([
      ['<w:r><w:footnoteRef/></w:r>', 0, 0],
      ['<w:r><w:t xml:space="preserve"> Noted here</w:t></w:r>', 0, 'Noted here'.length],
    ]);
  });

  it('gives the nodes read from a text box the id of the paragraph the box is anchored in, and records nothing inside the box', async () => {
    const anchor = `<w:p>${run('before')}${textBox(paragraph('boxed') + table([paragraph('boxed cell')]))}${run('after')}</w:p>`;
    const { value, sources } = await readDocx(buildTestDocx({ body: paragraph('first') + anchor }), { keepSources: true });
    const elements = elementsOf(sources);
    expect(elements.map((element) => xmlOf(sources!, element))).toEqual([paragraph('first'), anchor]);
    const [first, { id }] = elements as [SourceElement, SourceElement];
    expect(blockIds(value)).toEqual([
      ['paragraph', 'first', first.id],
      ['paragraph', 'before', id],
      ['paragraph', 'boxed', id],
      ['table', 'boxed cell', id],
      ['table_row', 'boxed cell', id],
      ['table_cell', 'boxed cell', id],
      ['paragraph', 'boxed cell', id],
      ['paragraph', 'after', id],
    ]);
  });

  it('maps each textblock of a paragraph split around text boxes to its XML: its own runs before and after the boxes, and each paragraph of a box', async () => {
    const boxOne = paragraph('one') + paragraph('two');
    const anchor = `<w:p>${run('before')}${textBox(boxOne)}${textBox(paragraph('three'))}${run('after')}</w:p>`;
    const { value, sources } = await readDocx(buildTestDocx({ body: anchor }), { keepSources: true });
    const [element] = elementsOf(sources) as [SourceElement];
    expect(blockIds(value).map(([, text]) => text)).toEqual(['before', 'one', 'two', 'three', 'after']);
    const pieces = element.pieces!.map((piece) => ({
      box: piece.box,
      xml: piece.box === 0 ? piece.inline.map((child) => sources!.text.slice(child.start, child.end)).join('') : sources!.text.slice(piece.start, piece.end),
      size: Math.max(0, ...piece.inline.map((child) => child.to)),
    }));
    expect(pieces).toEqual([
      { box: 0, xml: run('before'), size: 'before'.length },
      { box: 1, xml: paragraph('one'), size: 'one'.length },
      { box: 1, xml: paragraph('two'), size: 'two'.length },
      { box: 2, xml: paragraph('three'), size: 'three'.length },
      { box: 0, xml: run('after'), size: 'after'.length },
    ]);
    expect(element.inline).toBeUndefined();
  });

  it('maps no pieces of a paragraph whose text box holds a table, or whose run holds text besides a text box', async () => {
    const withTable = `<w:p>${run('before')}${textBox(paragraph('boxed') + table([paragraph('cell')]))}</w:p>`;
    const sharedRun = `<w:p>${textBox(paragraph('boxed')).replace('<w:r>', '<w:r><w:t>text</w:t>')}</w:p>`;
    for (const anchor of [withTable, sharedRun]) {
      const { sources } = await readDocx(buildTestDocx({ body: anchor }), { keepSources: true });
      const [element] = elementsOf(sources) as [SourceElement];
      expect(element.pieces, anchor).toBeUndefined();
    }
  });

  it('records rows in their table, cells in their row, a nested table in its cell, and a paragraph split by a page break once for all its parts', async () => {
    const inner = table([paragraph('inner')]);
    const split = `<w:p>${run('before')}<w:r><w:br w:type="page"/></w:r>${run('after')}</w:p>`;
    const { value, sources } = await readDocx(buildTestDocx({ body: table([paragraph('outer') + inner, paragraph('right')]) + split + '<w:sectPr/>' }), { keepSources: true });
    const elements = elementsOf(sources);
    const byId = new Map(elements.map((element) => [element.id, element]));
    // Each element as its kind, its parent's kind and the text of its XML.
    expect(elements.map((element) => [element.kind, element.parent === null ? null : byId.get(element.parent)?.kind, wordTextRuns(xmlOf(sources!, element)).join('')])).toEqual([
      ['tbl', null, 'outerinnerright'],
      ['tr', 'tbl', 'outerinnerright'],
      ['tc', 'tr', 'outerinner'],
      ['p', 'tc', 'outer'],
      ['tbl', 'tc', 'inner'],
      ['tr', 'tbl', 'inner'],
      ['tc', 'tr', 'inner'],
      ['p', 'tc', 'inner'],
      ['tc', 'tr', 'right'],
      ['p', 'tc', 'right'],
      ['p', null, 'beforeafter'],
      ['sectPr', null, ''],
    ]);
    const [outerCell, innerTable] = [elements[2]!, elements[4]!];
    expect(innerTable.parent).toBe(outerCell.id);
    const ids = elements.map((element) => element.id);
    expect(blockIds(value).slice(-3)).toEqual([
      ['paragraph', 'before', ids[10]],
      ['page_break', '', ids[10]],
      ['paragraph', 'after', ids[10]],
    ]);
    expect(value.firstChild!.attrs['sourceId']).toBe(ids[11]);
  });

  it('records the paragraphs inside content controls, insertions and alternate content in the body, not their wrappers, and nothing of a deletion', async () => {
    const body =
      `<w:sdt><w:sdtContent>${paragraph('controlled')}</w:sdtContent></w:sdt>` +
      `<w:ins w:id="1" w:author="A">${paragraph('inserted')}</w:ins>` +
      `<w:del w:id="2" w:author="A">${paragraph('deleted')}</w:del>` +
      `<mc:AlternateContent><mc:Choice Requires="w14">${paragraph('chosen')}</mc:Choice><mc:Fallback>${paragraph('fallback')}</mc:Fallback></mc:AlternateContent>`;
    const { value, sources } = await readDocx(buildTestDocx({ body }), { keepSources: true });
    const elements = elementsOf(sources);
    expect(elements.map((element) => [element.kind, element.parent, xmlOf(sources!, element)])).toEqual([
      ['p', null, paragraph('controlled')],
      ['p', null, paragraph('inserted')],
      ['p', null, paragraph('chosen')],
    ]);
    expect(blockIds(value)).toEqual(elements.map((element, index) => ['paragraph', ['controlled', 'inserted', 'chosen'][index], element.id]));
  });

  it('records display equations and unknown elements that show text as other elements, and no unknown element that shows none', async () => {
    const equation = '<m:oMathPara><m:oMath><m:r><m:t>x</m:t></m:r></m:oMath></m:oMathPara>';
    const widget = `<x:widget xmlns:x="urn:example:x">${paragraph('widget text')}</x:widget>`;
    const { value, sources } = await readDocx(buildTestDocx({ body: equation + widget + '<x:empty xmlns:x="urn:example:x"/>' + paragraph('end') }), { keepSources: true });
    const elements = elementsOf(sources);
    expect(elements.map((element) => [element.kind, xmlOf(sources!, element)])).toEqual([
      ['other', equation],
      ['other', widget],
      ['p', paragraph('end')],
    ]);
    expect(blockIds(value)).toEqual([
      ['opaque_block', 'x', elements[0]!.id],
      ['opaque_block', 'widget text', elements[1]!.id],
      ['paragraph', 'end', elements[2]!.id],
    ]);
  });
});

describe('readDocx without keepSources', () => {
  it.each(files)('reads %s into the same document with every sourceId null, and returns no sources', async (name) => {
    const plain = await readDocx(fixture(name));
    expect(plain.sources).toBeNull();
    expect(carriers(plain.value).filter(({ node }) => node.attrs['sourceId'] !== null)).toEqual([]);
    const kept = (await readWithSources(name)).value;
    expect(plain.value.toJSON()).toEqual(withoutSourceIds(kept.toJSON()));
  });
});

// A document's JSON with every sourceId set to null.
function withoutSourceIds(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSourceIds);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, key === 'sourceId' ? null : withoutSourceIds(inner)]));
}

describe("readDocx with images: 'reference'", () => {
  const withMedia = files.filter((name) => Object.keys(unzipSync(fixture(name))).some((entry) => entry.startsWith('word/media/')));

  it('has fixtures with pictures', () => {
    expect(withMedia.length).toBeGreaterThan(3);
  });

  it.each(withMedia)('gives every picture of %s the name of its image part, a part of the package, and no data: URI', async (name) => {
    const bytes = fixture(name);
    const parts = new Set(Object.keys(unzipSync(bytes)).map((entry) => `/${entry}`));
    const { value } = await readDocx(bytes, { images: 'reference' });
    const sources: string[] = [];
    value.descendants((node) => {
      if (node.type.name === 'image') sources.push(String(node.attrs['src']));
      return true;
    });
    expect(sources.filter((src) => !parts.has(src)).map((src) => src.slice(0, 60))).toEqual([]);
  });

  it('reads no image bytes: a picture past the image budget, in a format the model cannot show or not an image at all keeps its part name, without a warning', async () => {
    const picture = (relationshipId: string): string =>
      `<w:r><w:drawing><wp:inline><wp:extent cx="635000" cy="635000"/><wp:docPr id="1" name="Picture"/><a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture">` +
      `<pic:pic><pic:nvPicPr><pic:cNvPr id="0" name="p"/><pic:cNvPicPr/></pic:nvPicPr><pic:blipFill><a:blip r:embed="${relationshipId}"/></pic:blipFill><pic:spPr/></pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r>`;
    const EMF = new Uint8Array(88);
    EMF.set([0x20, 0x45, 0x4d, 0x46], 40);
    const docx = buildTestDocx({
      body: `<w:p>${picture('rIdEmf')}${picture('rIdText')}</w:p>`,
      media: { 'media/image1.emf': EMF, 'media/image2.png': new TextEncoder().encode('not an image') },
      relationships: [
        { id: 'rIdEmf', type: 'image', target: 'media/image1.emf' },
        { id: 'rIdText', type: 'image', target: 'media/image2.png' },
      ],
    });
    const result = await readDocx(docx, { images: 'reference', maxImageBytes: 0 });
    const images: unknown[] = [];
    result.value.descendants((node) => {
      if (node.type.name === 'image') images.push(node.attrs['src']);
      return true;
    });
    expect(images).toEqual(['/word/media/image1.emf', '/word/media/image2.png']);
    expect(result.messages).toEqual([]);
  });
});
