import { describe, expect, it } from 'vitest';
import type { DocxOriginal } from '../../../src/writers/docx/index.js';
import { buildTestDocx } from '../../../../../test/support/docx-package.js';
import {
  bodyTextblocks,
  changedEntries,
  edited,
  elementsOf,
  entryName,
  exportDocx,
  findAll,
  FIXTURE_NAMES,
  firstElement,
  firstTextParagraph,
  openDocx,
  openFixture,
  paragraphsOf,
  partText,
  positionOf,
  removedEntries,
  sourceOf,
  textOf,
  typingPosition,
  xmlOf,
  type Located,
} from './patch-fixtures.js';

const TYPED = 'QZXTYPED';

// Elements that typing text next to them must not lose.
const KEPT_TAGS = ['w:drawing', 'w:pict', 'w:sdt', 'w:fldChar', 'w:fldSimple', 'w:footnoteReference', 'w:endnoteReference', 'w:bookmarkStart', 'w:commentRangeStart', 'w:commentReference', 'w:ins', 'w:del', 'w:smartTag', 'm:oMath', 'w:object'];

function countTags(xml: string, tags: readonly string[]): Record<string, number> {
  return Object.fromEntries(tags.map((tag) => [tag, findAll(xml, new RegExp(`<${tag}[\\s/>]`, 'g')).length]));
}

interface TypedCase {
  readonly name: string;
  readonly original: DocxOriginal;
}

// The fixtures whose body has a paragraph with text to type into; the others are blank, hold
// only pictures or only empty table cells.
const typedCases: TypedCase[] = [];
for (const name of FIXTURE_NAMES) {
  const original = await openFixture(name);
  if (firstTextParagraph(original.doc)) typedCases.push({ name, original });
}

describe('patchDocx after text is typed into one paragraph', () => {
  it('leaves out only fixtures whose body has no text to type into', async () => {
    const typed = new Set(typedCases.map(({ name }) => name));
    const leftOut = FIXTURE_NAMES.filter((name) => !typed.has(name));
    for (const name of leftOut) {
      const { doc } = await openFixture(name);
      expect(bodyTextblocks(doc).map(({ node }) => node.textContent.trim()).join(''), name).toBe('');
    }
    expect(typed.size).toBeGreaterThan(leftOut.length);
  });

  it.each(typedCases)('leaves the main part of $name as it was outside that paragraph, and the paragraph holds the typed text', async ({ original }) => {
    const paragraph = firstTextParagraph(original.doc)!;
    const element = sourceOf(original.sources, paragraph.node);
    const doc = edited(original.doc, (state) => state.tr.insertText(TYPED, typingPosition(original.sources, paragraph)));
    const before = original.sources.text;
    const after = (await partText(await exportDocx(original, doc), original.sources.partName))!;
    const tail = before.length - element.end;
    expect(after.slice(0, element.start)).toBe(before.slice(0, element.start));
    expect(after.slice(after.length - tail)).toBe(before.slice(element.end));
    const paragraphXml = after.slice(element.start, after.length - tail);
    expect(paragraphXml).toContain(TYPED);
    expect(paragraphXml).not.toBe(xmlOf(original.sources, element));
  });

  it.each(typedCases)('loses no drawing, field, content control, bookmark or tracked change of the paragraph of $name typed into', async ({ original }) => {
    const paragraph = firstTextParagraph(original.doc)!;
    const element = sourceOf(original.sources, paragraph.node);
    const doc = edited(original.doc, (state) => state.tr.insertText(TYPED, typingPosition(original.sources, paragraph)));
    const before = original.sources.text;
    const after = (await partText(await exportDocx(original, doc), original.sources.partName))!;
    const newXml = after.slice(element.start, after.length - (before.length - element.end));
    expect(countTags(newXml, KEPT_TAGS)).toEqual(countTags(xmlOf(original.sources, element), KEPT_TAGS));
  });

  it.each(typedCases)('copies every zip entry of $name but the main part byte for byte', async ({ original }) => {
    const paragraph = firstTextParagraph(original.doc)!;
    const doc = edited(original.doc, (state) => state.tr.insertText(TYPED, typingPosition(original.sources, paragraph)));
    const bytes = await exportDocx(original, doc);
    expect(changedEntries(original.package.bytes, bytes)).toEqual([entryName(original.sources.partName)]);
    expect(removedEntries(original.package.bytes, bytes)).toEqual([]);
  });

  it.each(typedCases)('re-reads $name with the typed text where it was typed and every other paragraph as it was', async ({ original }) => {
    const paragraph = firstTextParagraph(original.doc)!;
    const doc = edited(original.doc, (state) => state.tr.insertText(TYPED, typingPosition(original.sources, paragraph)));
    const reread = await openDocx(await exportDocx(original, doc));
    const expected = bodyTextblocks(doc).map(({ node }) => node.textContent);
    const index = bodyTextblocks(original.doc).findIndex(({ node }) => node === paragraph.node);
    expect(expected[index]).toContain(TYPED);
    expect(bodyTextblocks(reread.doc).map(({ node }) => node.textContent)).toEqual(expected);
  });

  it('rewrites only the run the text was typed into, and keeps the runs before and after it verbatim', async () => {
    const original = await openFixture('pandoc-inline_formatting.docx');
    const paragraph = bodyTextblocks(original.doc).find(({ node }) => node.textContent === 'Regular text italics bold bold italics.')!;
    const element = sourceOf(original.sources, paragraph.node);
    const at = positionOf(paragraph, 'bold ') + 2;
    const offset = at - paragraph.pos - 1;
    const inline = element.inline!;
    const touched = inline.filter((child) => child.from < offset && offset < child.to);
    expect(touched).toHaveLength(1);
    const before = original.sources.text;
    const runXml = before.slice(touched[0]!.start, touched[0]!.end);
    expect(runXml).toContain('bold ');
    const doc = edited(original.doc, (state) => state.tr.insertText(TYPED, at));
    const after = (await partText(await exportDocx(original, doc), original.sources.partName))!;
    const newXml = after.slice(element.start, after.length - (before.length - element.end));
    // Everything before the touched run and everything after it, the other runs and the
    // proofing marks between them, is as it was.
    expect(newXml.startsWith(before.slice(element.start, touched[0]!.start))).toBe(true);
    expect(newXml.endsWith(before.slice(touched[0]!.end, element.end))).toBe(true);
    const untouched = inline.filter((child) => child !== touched[0] && child.start < child.end);
    expect(untouched.length).toBeGreaterThan(3);
    for (const child of untouched) expect(newXml).toContain(before.slice(child.start, child.end));
    expect(newXml).not.toContain(runXml);
    // The rewritten run keeps the run's bold formatting.
    const rewritten = newXml.slice(touched[0]!.start - element.start, newXml.length - (element.end - touched[0]!.end));
    expect(rewritten).toContain('<w:b/>');
    expect(rewritten.replace(/<[^>]+>/g, '')).toBe(`bo${TYPED}ld `);
  });

  it('keeps the paragraph start tag and properties of a paragraph of docxjs-text.docx while rewriting its run', async () => {
    const original = await openFixture('docxjs-text.docx');
    const paragraph = bodyTextblocks(original.doc).find(({ node }) => node.textContent === 'Test color')!;
    const element = sourceOf(original.sources, paragraph.node);
    const xml = xmlOf(original.sources, element);
    const doc = edited(original.doc, (state) => state.tr.insertText(TYPED, positionOf(paragraph, 'color')));
    const before = original.sources.text;
    const after = (await partText(await exportDocx(original, doc), original.sources.partName))!;
    const newXml = after.slice(element.start, after.length - (before.length - element.end));
    const properties = xml.slice(0, xml.indexOf('</w:pPr>') + '</w:pPr>'.length);
    expect(newXml.startsWith(properties)).toBe(true);
    // The typed text takes the run's colour.
    expect(newXml.slice(properties.length)).toMatch(/^<w:r><w:rPr><w:color w:val="C45911" w:themeColor="accent2" w:themeShade="bf"\/><\/w:rPr>.*QZXTYPED.*<\/w:r><\/w:p>$/);
  });

  it('keeps the content control (w:sdt) around text typed into it, with its properties', async () => {
    const original = await openFixture('superdoc-sdts-basic.docx');
    const paragraph = bodyTextblocks(original.doc).find(({ node }) => node.textContent.startsWith('Inline before'))!;
    const element = sourceOf(original.sources, paragraph.node);
    const xml = xmlOf(original.sources, element);
    const sdtPr = firstElement(xml, 'w:sdtPr')!;
    expect(sdtPr).toContain('Inline Text Control');
    const doc = edited(original.doc, (state) => state.tr.insertText(TYPED, positionOf(paragraph, 'controlled') + 3));
    const before = original.sources.text;
    const after = (await partText(await exportDocx(original, doc), original.sources.partName))!;
    const newXml = after.slice(element.start, after.length - (before.length - element.end));
    const sdt = firstElement(newXml, 'w:sdt');
    expect(sdt).toBeDefined();
    expect(sdt).toContain(sdtPr);
    expect(textOf(firstElement(sdt!, 'w:sdtContent')!)).toBe(`con${TYPED}trolled text`);
  });
});

describe('patchDocx writing text typed into a run or at its edge', () => {
  const LANG = '<w:lang w:val="en-US"/>';
  const body = `<w:p><w:r w:rsidRPr="00AB12CD"><w:rPr>${LANG}</w:rPr><w:t>Content</w:t></w:r><w:r><w:rPr><w:b/></w:rPr><w:t xml:space="preserve"> bold</w:t></w:r></w:p><w:sectPr/>`;

  /** Types `text` at offset `at` of the body's first paragraph and returns that paragraph as exported. */
  async function typeInto(at: (paragraph: Located) => number, text: string, bold = false): Promise<string> {
    const original = await openDocx(buildTestDocx({ body }));
    const paragraph = bodyTextblocks(original.doc)[0]!;
    const doc = edited(original.doc, (state) => {
      const marks = bold ? [state.schema.marks['bold']!.create()] : [];
      return state.tr.insert(at(paragraph), state.schema.text(text, marks));
    });
    const xml = (await partText(await exportDocx(original, doc), original.sources.partName))!;
    return paragraphsOf(xml)[0]!;
  }

  it('extends the run before the text, keeping its start tag and properties, instead of adding a run beside it', async () => {
    const written = await typeInto((paragraph) => positionOf(paragraph, ' bold'), '~');
    expect(elementsOf(written, 'w:r')).toHaveLength(2);
    expect(elementsOf(written, 'w:r')[0]).toBe(`<w:r w:rsidRPr="00AB12CD"><w:rPr>${LANG}</w:rPr><w:t xml:space="preserve">Content~</w:t></w:r>`);
    expect(written).toContain('<w:r><w:rPr><w:b/></w:rPr><w:t xml:space="preserve"> bold</w:t></w:r>');
  });

  it('keeps the start tag and properties of a run text is typed into the middle of', async () => {
    const written = await typeInto((paragraph) => positionOf(paragraph, 'tent'), '~');
    expect(elementsOf(written, 'w:r')[0]).toBe(`<w:r w:rsidRPr="00AB12CD"><w:rPr>${LANG}</w:rPr><w:t xml:space="preserve">Con~tent</w:t></w:r>`);
  });

  it('extends the run after the text when the text starts the paragraph', async () => {
    const written = await typeInto((paragraph) => paragraph.pos + 1, '~');
    expect(elementsOf(written, 'w:r')).toHaveLength(2);
    expect(elementsOf(written, 'w:r')[0]).toContain('<w:t xml:space="preserve">~Content</w:t>');
  });

  it('joins the bold run after the text when the typed text is bold, and adds no run', async () => {
    const written = await typeInto((paragraph) => positionOf(paragraph, ' bold'), '~', true);
    expect(elementsOf(written, 'w:r')).toHaveLength(2);
    expect(elementsOf(written, 'w:r')[0]).toBe(`<w:r w:rsidRPr="00AB12CD"><w:rPr>${LANG}</w:rPr><w:t>Content</w:t></w:r>`);
    expect(elementsOf(written, 'w:r')[1]).toBe('<w:r><w:rPr><w:b/></w:rPr><w:t xml:space="preserve">~ bold</w:t></w:r>');
  });
});
