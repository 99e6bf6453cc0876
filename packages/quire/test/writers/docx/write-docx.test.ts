import { describe, expect, it } from 'vitest';
import {
  a,
  b,
  blockquote,
  br,
  caps,
  code,
  codeBlock,
  doc,
  footer,
  footnote,
  footnoteRef,
  header,
  heading,
  hr,
  img,
  li,
  ol,
  p,
  pageBreak,
  section,
  table,
  td,
  tr,
  ul,
} from '../../../src/model/builders.js';
import type { Node } from 'prosemirror-model';
import { readDocx } from '../../../src/readers/index.js';
import { writeDocx } from '../../../src/writers/docx/write-docx.js';
import { extractWordText, findAll, listDocxEntries, readDocxParts, readPart } from '../../../../../test/support/docx-parts.js';

// A 2 × 1 pixel PNG.
const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAYAAAD0In+KAAAAEUlEQVR4nGP4z8DwHwQZGBgAP/wH+ZcTEY4AAAAASUVORK5CYII=';
const PNG = `data:image/png;base64,${PNG_BASE64}`;
const FIXED_NOW = new Date('2024-05-06T07:08:09.123Z');

function zeroRandom(array: Uint8Array): Uint8Array {
  return array.fill(0);
}

async function write(document: Parameters<typeof writeDocx>[0], options: Parameters<typeof writeDocx>[1] = {}) {
  const bytes = await writeDocx(document, { now: () => FIXED_NOW, getRandomValues: zeroRandom, ...options });
  const parts = readDocxParts(bytes);
  return { bytes, parts, body: readPart(parts, 'word/document.xml') };
}

describe('writeDocx', () => {
  it('writes headings with the Heading 1..6 styles, which carry outline levels for the navigation pane', async () => {
    const { parts, body } = await write(doc(heading(1, 'One'), heading(2, 'Two'), heading(6, 'Six'), p('Body')));
    expect(findAll(body, /<w:pStyle w:val="(Heading\d)"\/>/g).map((match) => match[1])).toEqual(['Heading1', 'Heading2', 'Heading6']);
    const styles = readPart(parts, 'word/styles.xml');
    for (let level = 1; level <= 6; level++) {
      const style = new RegExp(`<w:style w:type="paragraph" w:styleId="Heading${level}">.*?</w:style>`).exec(styles)?.[0] ?? '';
      // Word's built-in name, which Word shows as "Heading N" in every language.
      expect(style).toContain(`<w:name w:val="heading ${level}"/>`);
      expect(style).toContain(`<w:outlineLvl w:val="${level - 1}"/>`);
    }
  });

  it('writes list items as numbered paragraphs whose level is their nesting depth', async () => {
    const { parts, body } = await write(doc(ol({ start: 3 }, li('three', ul(li('inner'))), li('four')), ol(li('again'))));
    const numbered = findAll(body, /<w:numPr><w:ilvl w:val="(\d)"\/><w:numId w:val="(\d+)"\/><\/w:numPr>.*?<w:t[^>]*>([^<]*)<\/w:t>/g).map((match) => ({
      level: Number(match[1]),
      numId: match[2]!,
      text: match[3],
    }));
    expect(numbered.map(({ level, text }) => [level, text])).toEqual([
      [0, 'three'],
      [1, 'inner'],
      [0, 'four'],
      [0, 'again'],
    ]);
    // A nested list is the next level of its list's instance, as in Word; the second list is an
    // instance of its own, so it counts from its own start.
    expect(numbered.slice(0, 3).map((item) => item.numId)).toEqual([numbered[0]!.numId, numbered[0]!.numId, numbered[0]!.numId]);
    expect(numbered[3]!.numId).not.toBe(numbered[0]!.numId);
    const numbering = readPart(parts, 'word/numbering.xml');
    const abstractOf = (numId: string): string => {
      const abstractId = new RegExp(`<w:num w:numId="${numId}"><w:abstractNumId w:val="(\\d+)"/>`).exec(numbering)?.[1];
      return new RegExp(`<w:abstractNum w:abstractNumId="${abstractId}">.*?</w:abstractNum>`).exec(numbering)?.[0] ?? '';
    };
    const levels = (numId: string): string[] => findAll(abstractOf(numId), /<w:lvl w:ilvl="\d"><w:start w:val="(\d+)"\/><w:numFmt w:val="(\w+)"\/>/g).map((match) => `${match[2]} from ${match[1]}`);
    expect(levels(numbered[0]!.numId).slice(0, 2)).toEqual(['decimal from 3', 'bullet from 1']);
    expect(levels(numbered[3]!.numId)[0]).toBe('decimal from 1');
  });

  it('shows task list items with a checked or unchecked box', async () => {
    const { parts } = await write(doc(ul(li({ checked: true }, 'done'), li({ checked: false }, 'todo'))));
    const numbering = readPart(parts, 'word/numbering.xml');
    expect(numbering).toContain('<w:lvlText w:val="☒"/>');
    expect(numbering).toContain('<w:lvlText w:val="☐"/>');
  });

  it('gives an item that opens with a nested list its own numbered paragraph', async () => {
    const { body } = await write(doc(ul(li(ul(li('a'))))));
    const levels = findAll(body, /<w:ilvl w:val="(\d)"\/>/g).map((match) => Number(match[1]));
    expect(levels).toEqual([0, 1]);
  });

  it('writes tables in the Table Grid style with spans, header rows and shading', async () => {
    const { parts, body } = await write(
      doc(table(tr({ header: true }, td('A'), td('B'), td('C')), tr(td({ colspan: 2, background: 'FFCC00' }, 'wide'), td({ rowspan: 2 }, 'tall')), tr(td('x'), td('y')))),
    );
    expect(body).toContain('<w:tblStyle w:val="TableGrid"/>');
    expect(findAll(body, /<w:gridCol /g)).toHaveLength(3);
    expect(body).toContain('<w:gridSpan w:val="2"/>');
    expect(body).toContain('<w:vMerge w:val="restart"/>');
    // A cell that continues a merge: w:vMerge without a value means `continue` (ECMA-376 Part 1, 17.4.85).
    expect(body).toContain('<w:vMerge/>');
    expect(findAll(body, /<w:tblHeader\/>/g)).toHaveLength(1);
    expect(body).toMatch(/<w:shd [^>]*w:fill="FFCC00"/);
    expect(body).toMatch(/<w:tblLook [^>]*w:firstRow="(true|1)"/);
    expect(readPart(parts, 'word/styles.xml')).toContain('<w:style w:type="table" w:styleId="TableGrid">');
    // Every row fills the three grid columns: two own cells plus the merged continuation.
    const rows = findAll(body, /<w:tr>.*?<\/w:tr>/g).map((row) => findAll(row[0], /<w:tc>/g).length);
    expect(rows).toEqual([3, 2, 3]);
  });

  it('pads short rows so that every row fills the grid', async () => {
    const { body } = await write(doc(table(tr(td('a'), td('b'), td('c')), tr(td('only')))));
    const rows = findAll(body, /<w:tr>.*?<\/w:tr>/g).map((row) => findAll(row[0], /<w:tc>/g).length);
    expect(rows).toEqual([3, 3]);
  });

  it('writes external links as hyperlink relationships and #anchors as bookmark links', async () => {
    const { parts, body } = await write(doc(p(a('https://example.com/?a=1&b=2', 'site'), ' ', a('#intro', 'intro'))));
    const id = /<w:hyperlink [^>]*r:id="([^"]+)"/.exec(body)?.[1];
    expect(id).toBeDefined();
    const rels = readPart(parts, 'word/_rels/document.xml.rels');
    expect(rels).toMatch(new RegExp(`Id="${id}" Type="[^"]*/hyperlink" Target="https://example.com/\\?a=1(&amp;|&#38;)b=2" TargetMode="External"`));
    expect(body).toMatch(/<w:hyperlink [^>]*w:anchor="intro"/);
    expect(body).toContain('<w:rStyle w:val="Hyperlink"/>');
  });

  it('embeds data: images with their bytes, sized from the image and shrunk to the text width', async () => {
    const { bytes, body } = await write(doc(p(img({ src: PNG, alt: 'two dots' }), img({ src: PNG, alt: 'huge', width: 200_000 }))));
    const media = [...listDocxEntries(bytes)].filter(([path]) => path.startsWith('word/media/'));
    expect(media.length).toBeGreaterThanOrEqual(1);
    expect(Buffer.from(media[0]![1]).toString('base64')).toBe(PNG_BASE64);
    const extents = findAll(body, /<wp:extent cx="(\d+)" cy="(\d+)"\/>/g).map((match) => [Number(match[1]), Number(match[2])]);
    // 2 × 1 px at 9525 EMU per pixel; the huge one is cut to the A4 text width (9026 twips = 5731510 EMU).
    expect(extents[0]).toEqual([19050, 9525]);
    expect(Math.abs(extents[1]![0]! - 5_731_510)).toBeLessThan(10_000);
    expect(body).toContain('descr="two dots"');
  });

  it('writes an image that is not embeddable as its alt text', async () => {
    const { body } = await write(doc(p(img({ src: '/word/media/missing.png', alt: 'gone' }))));
    expect(extractWordText(body)).toBe('gone');
  });

  it('writes footnotes to the footnotes part, referenced from the text', async () => {
    const { parts, body } = await write(doc(p('Claim', footnoteRef('n1')), footnote('n1', 'Source of the claim')));
    expect(body).toMatch(/<w:footnoteReference w:id="1"\/>/);
    const notes = readPart(parts, 'word/footnotes.xml');
    expect(notes).toMatch(/<w:footnote w:id="1">.*Source of the claim.*<\/w:footnote>/);
  });

  it('fits a table to the text column of its page: A4 portrait, then Letter landscape', async () => {
    const gridOf = (body: string) => findAll(body, /<w:gridCol w:w="(\d+)"\/>/g).reduce((sum, match) => sum + Number(match[1]), 0);
    const portrait = await write(doc(table(tr(td('a'), td('b')))));
    // 11906 twips of A4 less two one-inch margins.
    expect(gridOf(portrait.body)).toBe(11906 - 2880);
    const landscape = await write(doc(section({ orientation: 'landscape' }, table(tr(td('a'), td('b'))))), { paperSize: 'Letter' });
    expect(gridOf(landscape.body)).toBe(15840 - 2880);
  });

  it('uses A4 paper by default and Letter when asked, with one-inch margins', async () => {
    const a4 = await write(doc(p('x')));
    expect(a4.body).toMatch(/<w:pgSz w:w="11906" w:h="16838"/);
    expect(a4.body).toMatch(/<w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440"/);
    const letter = await write(doc(p('x')), { paperSize: 'Letter' });
    expect(letter.body).toMatch(/<w:pgSz w:w="12240" w:h="15840"/);
  });

  it('writes each section with its own page size, orientation and margins', async () => {
    const margins = { top: 720, right: 360, bottom: 720, left: 360, header: 200, footer: 200, gutter: 0 };
    const { body } = await write(doc(section(p('portrait')), section({ orientation: 'landscape', margins }, p('landscape'))));
    const sections = findAll(body, /<w:sectPr>.*?<\/w:sectPr>/g).map((match) => match[0]);
    expect(sections).toHaveLength(2);
    expect(sections[0]).toMatch(/<w:pgSz w:w="11906" w:h="16838"\/>/);
    expect(sections[1]).toMatch(/<w:pgSz w:w="16838" w:h="11906" w:orient="landscape"/);
    expect(sections[1]).toMatch(/<w:pgMar w:top="720" w:right="360" w:bottom="720" w:left="360" w:header="200" w:footer="200"/);
  });

  it('writes a landscape section whose page size gives the portrait order as a wide page, as the editor and the PDF show it', async () => {
    const { body } = await write(doc(section({ pageSize: { width: 12240, height: 15840 }, orientation: 'landscape' }, table(tr(td('a'), td('b'))))));
    expect(body).toMatch(/<w:pgSz w:w="15840" w:h="12240" w:orient="landscape"\/>/);
    const grid = findAll(body, /<w:gridCol w:w="(\d+)"\/>/g).reduce((sum, match) => sum + Number(match[1]), 0);
    expect(grid).toBe(15840 - 2880);
  });

  it('writes headers and footers, with a distinct first page when there is one', async () => {
    const { parts, body } = await write(doc(section(header('default', 'Running head'), footer('first', 'First foot'), p('body'))));
    const headerPart = [...parts].find(([path]) => /^word\/header\d*\.xml$/.test(path));
    const footerPart = [...parts].find(([path]) => /^word\/footer\d*\.xml$/.test(path));
    expect(extractWordText(headerPart?.[1] ?? '')).toBe('Running head');
    expect(extractWordText(footerPart?.[1] ?? '')).toBe('First foot');
    expect(body).toMatch(/<w:headerReference w:type="default"/);
    expect(body).toMatch(/<w:footerReference w:type="first"/);
    expect(body).toMatch(/<w:titlePg\/>/);
  });

  it('formats code, quotes and rules with styles, not run by run', async () => {
    const { parts, body } = await write(doc(codeBlock('let a = 1;\n\tlet b;'), p(code('x')), blockquote(p('quoted')), hr(), pageBreak()));
    expect(body).toContain('<w:pStyle w:val="SourceCode"/>');
    expect(body).toContain('<w:rStyle w:val="VerbatimChar"/>');
    expect(body).toContain('<w:pStyle w:val="BlockText"/>');
    expect(body).toContain('<w:br/>');
    expect(body).toContain('<w:tab/>');
    expect(body).toContain('<w:br w:type="page"/>');
    expect(body).toMatch(/<w:pBdr><w:bottom /);
    const styles = readPart(parts, 'word/styles.xml');
    for (const id of ['SourceCode', 'VerbatimChar', 'BlockText']) expect(styles).toContain(`w:styleId="${id}"`);
  });

  it('keeps the text, with marks as run properties and hard breaks as w:br', async () => {
    const { body } = await write(doc(heading(1, 'Title'), p('plain ', b('bold'), br(), 'after')));
    expect(extractWordText(body)).toBe('Titleplain boldafter');
    expect(body).toMatch(/<w:r><w:rPr><w:b\/><w:bCs\/><\/w:rPr><w:t xml:space="preserve">bold<\/w:t><\/w:r>/);
  });

  it('writes right-to-left paragraphs as w:bidi and capitals as w:caps and w:smallCaps, which read back the same', async () => {
    const source = doc(p({ direction: 'rtl' }, 'مرحبا'), p(caps('all', 'shout'), ' and ', caps('small', 'whisper')));
    const { bytes, body } = await write(source);

    expect(body).toContain('<w:bidi/>');
    expect(body).toMatch(/<w:caps\/>.*shout/);
    expect(body).toMatch(/<w:smallCaps\/>.*whisper/);
    const read = (await readDocx(bytes)).value;
    const paragraphs: Node[] = [];
    read.descendants((node) => {
      if (node.type.name === 'paragraph') paragraphs.push(node);
      return !node.isTextblock;
    });
    expect(paragraphs.map((paragraph) => paragraph.attrs['direction'] ?? null)).toEqual(['rtl', null]);
    const capsOf = (text: string) => {
      let variant: unknown;
      read.descendants((node) => {
        if (node.isText && node.text === text) variant = node.marks.find((mark) => mark.type.name === 'caps')?.attrs['variant'];
      });
      return variant;
    };
    expect([capsOf('shout'), capsOf('whisper')]).toEqual(['all', 'small']);
  });

  it('removes characters XML forbids, so that Word can open the file', async () => {
    const { body } = await write(doc(p('a\u0001b\u0008c\uFFFEd')));
    expect(extractWordText(body)).toBe('abcd');
  });

  it('writes the title to the core properties and a fresh GUID and creation timestamp from the injected sources', async () => {
    const { parts } = await write(doc({ title: 'Report <Q1> & more' }, p('x')));
    const core = readPart(parts, 'docProps/core.xml');
    expect(core).toContain('<dc:title>Report &lt;Q1&gt; &amp; more</dc:title>');
    expect(core).toMatch(/<dcterms:created xsi:type="dcterms:W3CDTF">2024-05-06T07:08:00Z<\/dcterms:created>/);
    expect(core).not.toContain('Un-named');
    // All-zero random bytes give the UUID v4 00000000-0000-4000-8000-000000000000.
    expect(readPart(parts, 'word/settings.xml')).toContain('w15:docId w15:val="{00000000-0000-4000-8000-000000000000}"');
    expect(readPart(parts, 'docProps/custom.xml')).toMatch(/name="DocumentGuid"><vt:lpwstr>\{00000000-0000-4000-8000-000000000000\}</);
  });

  it('gives every new document its own GUID', async () => {
    const first = readDocxParts(await writeDocx(doc(p('x'))));
    const second = readDocxParts(await writeDocx(doc(p('x'))));
    const guid = (parts: Map<string, string>) => /w15:docId w15:val="([^"]+)"/.exec(readPart(parts, 'word/settings.xml'))?.[1];
    expect(guid(first)).toMatch(/^\{[0-9A-F-]{36}\}$/);
    expect(guid(first)).not.toBe(guid(second));
  });

  it('throws a TypeError for invalid options or a node that is not a document', async () => {
    await expect(writeDocx(doc(p('x')), { paperSize: 'A3' as 'A4' })).rejects.toThrow(/paperSize/);
    await expect(writeDocx(p('x'))).rejects.toThrow(TypeError);
  });
});

describe('writeDocx with table and list attributes', () => {
  it('writes a table’s own borders and alignment and a cell’s borders', async () => {
    const line = { style: 'double', width: 1.5, color: 'FF0000' } as const;
    const { body } = await write(doc(table({ borders: { top: line, insideV: { style: 'none', width: 0, color: '000000' } }, align: 'center' }, tr(td({ borders: { left: { style: 'dashed', width: 0.5, color: '00FF00' } } }, 'x')))));
    expect(body).toMatch(/<w:tblBorders><w:top w:val="double" w:sz="12" w:space="0" w:color="FF0000"\/>.*<w:insideV w:val="none"/);
    expect(body).toMatch(/<w:tcBorders><w:left w:val="dashed" w:sz="4" w:space="0" w:color="00FF00"\/><\/w:tcBorders>/);
    expect(body).toMatch(/<w:tblPr>.*<w:jc w:val="center"\/>.*<\/w:tblPr>/);
  });

  it('uses a bullet list’s own marker at every level', async () => {
    const { parts } = await write(doc(ul({ marker: '➤' }, li('x'))));
    expect(readPart(parts, 'word/numbering.xml')).toContain('<w:lvlText w:val="➤"/>');
  });
});
