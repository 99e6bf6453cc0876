// Builds small DOCX packages for the reader's tests from the XML of their parts: the body, styles,
// numbering, settings, theme, notes, headers and footers, images and extra relationships. Roots
// declare the usual namespaces, so that snippets can use the usual prefixes.
import { buildZip } from './zip-builder.js';

const DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';
const RELATIONSHIP = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

export const NAMESPACES =
  'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" ' +
  'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" ' +
  'xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing" ' +
  'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" ' +
  'xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture" ' +
  'xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006" ' +
  'xmlns:v="urn:schemas-microsoft-com:vml" xmlns:o="urn:schemas-microsoft-com:office:office" ' +
  'xmlns:m="http://schemas.openxmlformats.org/officeDocument/2006/math" ' +
  'xmlns:wps="http://schemas.microsoft.com/office/word/2010/wordprocessingShape" ' +
  'xmlns:w14="http://schemas.microsoft.com/office/word/2010/wordml" ' +
  'xmlns:w15="http://schemas.microsoft.com/office/word/2012/wordml"';

/** A relationship of the main part; `type` is the last segment of a Transitional relationship type. */
export interface TestRelationship {
  readonly id: string;
  readonly type: string;
  readonly target: string;
  readonly external?: boolean;
}

/** The parts of a test DOCX; XML strings are the content of each part's root element. */
export interface TestDocx {
  readonly body: string;
  readonly styles?: string;
  readonly numbering?: string;
  readonly settings?: string;
  /** `[major, minor]` Latin fonts of the theme. */
  readonly themeFonts?: readonly [string, string];
  readonly footnotes?: string;
  readonly endnotes?: string;
  /** Header parts by relationship id, as the content of `w:hdr`. */
  readonly headers?: Readonly<Record<string, string>>;
  /** Footer parts by relationship id, as the content of `w:ftr`. */
  readonly footers?: Readonly<Record<string, string>>;
  /** Files under `word/` (`media/image1.png`) with their bytes. */
  readonly media?: Readonly<Record<string, Uint8Array>>;
  readonly relationships?: readonly TestRelationship[];
  /** `dc:title` of the core properties. */
  readonly title?: string;
  /** Raw entries replacing or adding zip entries by name. */
  readonly raw?: Readonly<Record<string, string | Uint8Array>>;
}

/** Returns the bytes of a DOCX holding `spec`'s parts. */
export function buildTestDocx(spec: TestDocx): Uint8Array<ArrayBuffer> {
  const entries = new Map<string, string | Uint8Array>();
  const relationships: TestRelationship[] = [...(spec.relationships ?? [])];
  const part = (name: string, type: string, root: string, content: string | undefined): void => {
    if (content === undefined) return;
    entries.set(`word/${name}`, `${DECLARATION}<${root} ${NAMESPACES}>${content}</${root}>`);
    relationships.push({ id: `rId${type}`, type, target: name });
  };
  part('styles.xml', 'styles', 'w:styles', spec.styles);
  part('numbering.xml', 'numbering', 'w:numbering', spec.numbering);
  part('settings.xml', 'settings', 'w:settings', spec.settings);
  part('footnotes.xml', 'footnotes', 'w:footnotes', spec.footnotes);
  part('endnotes.xml', 'endnotes', 'w:endnotes', spec.endnotes);
  if (spec.themeFonts) {
    const [major, minor] = spec.themeFonts;
    entries.set(
      'word/theme/theme1.xml',
      `${DECLARATION}<a:theme xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" name="Test"><a:themeElements>` +
        `<a:fontScheme name="Test"><a:majorFont><a:latin typeface="${major}"/><a:ea typeface=""/><a:cs typeface=""/></a:majorFont>` +
        `<a:minorFont><a:latin typeface="${minor}"/><a:ea typeface=""/><a:cs typeface=""/></a:minorFont></a:fontScheme>` +
        `</a:themeElements></a:theme>`,
    );
    relationships.push({ id: 'rIdtheme', type: 'theme', target: 'theme/theme1.xml' });
  }
  for (const [kind, root, parts] of [['header', 'w:hdr', spec.headers], ['footer', 'w:ftr', spec.footers]] as const) {
    for (const [id, content] of Object.entries(parts ?? {})) {
      entries.set(`word/${kind}-${id}.xml`, `${DECLARATION}<${root} ${NAMESPACES}>${content}</${root}>`);
      relationships.push({ id, type: kind, target: `${kind}-${id}.xml` });
    }
  }
  for (const [name, bytes] of Object.entries(spec.media ?? {})) entries.set(`word/${name}`, bytes);
  entries.set('word/document.xml', `${DECLARATION}<w:document ${NAMESPACES} mc:Ignorable="w14 w15"><w:body>${spec.body}</w:body></w:document>`);
  entries.set(
    'word/_rels/document.xml.rels',
    `${DECLARATION}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
      relationships
        .map(({ id, type, target, external }) => `<Relationship Id="${id}" Type="${RELATIONSHIP}/${type}" Target="${escape(target)}"${external ? ' TargetMode="External"' : ''}/>`)
        .join('') +
      `</Relationships>`,
  );
  const packageRelationships = [`<Relationship Id="rId1" Type="${RELATIONSHIP}/officeDocument" Target="word/document.xml"/>`];
  if (spec.title !== undefined) {
    entries.set(
      'docProps/core.xml',
      `${DECLARATION}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" ` +
        `xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>${escape(spec.title)}</dc:title></cp:coreProperties>`,
    );
    packageRelationships.push('<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/>');
  }
  entries.set('_rels/.rels', `${DECLARATION}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${packageRelationships.join('')}</Relationships>`);
  entries.set(
    '[Content_Types].xml',
    `${DECLARATION}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
      `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
      `<Default Extension="xml" ContentType="application/xml"/>` +
      `<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>` +
      `</Types>`,
  );
  for (const [name, content] of Object.entries(spec.raw ?? {})) entries.set(name, content);
  return buildZip([...entries].map(([name, content]) => [name, typeof content === 'string' ? new TextEncoder().encode(content) : content]));
}

/** Returns `<w:p>` with the given runs' text, each run `<w:r><w:t>`. */
export function paragraph(text: string, pPr = ''): string {
  return `<w:p>${pPr ? `<w:pPr>${pPr}</w:pPr>` : ''}${text === '' ? '' : run(text)}</w:p>`;
}

/** Returns a run with `text` and run properties `rPr`. */
export function run(text: string, rPr = ''): string {
  return `<w:r>${rPr ? `<w:rPr>${rPr}</w:rPr>` : ''}<w:t xml:space="preserve">${escape(text)}</w:t></w:r>`;
}

/** Returns a paragraph style definition. */
export function paragraphStyle(id: string, content: string, options: { name?: string; basedOn?: string; isDefault?: boolean } = {}): string {
  return style('paragraph', id, content, options);
}

/** Returns a character style definition. */
export function characterStyle(id: string, content: string, options: { name?: string; basedOn?: string } = {}): string {
  return style('character', id, content, options);
}

/** Returns a style definition of `type`. */
export function style(type: string, id: string, content: string, options: { name?: string; basedOn?: string; isDefault?: boolean } = {}): string {
  return (
    `<w:style w:type="${type}" w:styleId="${id}"${options.isDefault ? ' w:default="1"' : ''}>` +
    `<w:name w:val="${escape(options.name ?? id)}"/>${options.basedOn ? `<w:basedOn w:val="${options.basedOn}"/>` : ''}${content}</w:style>`
  );
}

function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** A level of a test numbering definition. */
export interface TestLevel {
  readonly format: string;
  readonly text: string;
  readonly start?: number;
  readonly font?: string;
  readonly restart?: number;
  readonly styleId?: string;
}

/** Returns an abstract numbering definition with `levels` (level 0 first), indented 720 twips per level. */
export function abstractNum(id: number, levels: readonly TestLevel[], extra = ''): string {
  return (
    `<w:abstractNum w:abstractNumId="${id}">${extra}` +
    levels
      .map(
        (level, index) =>
          `<w:lvl w:ilvl="${index}"><w:start w:val="${level.start ?? 1}"/><w:numFmt w:val="${level.format}"/>` +
          (level.restart !== undefined ? `<w:lvlRestart w:val="${level.restart}"/>` : '') +
          (level.styleId ? `<w:pStyle w:val="${level.styleId}"/>` : '') +
          `<w:lvlText w:val="${escape(level.text)}"/><w:lvlJc w:val="left"/>` +
          `<w:pPr><w:ind w:left="${720 * (index + 1)}" w:hanging="360"/></w:pPr>` +
          (level.font ? `<w:rPr><w:rFonts w:ascii="${level.font}" w:hAnsi="${level.font}"/></w:rPr>` : '') +
          `</w:lvl>`,
      )
      .join('') +
    `</w:abstractNum>`
  );
}

/** Returns a numbering instance of an abstract definition, with `startOverride`s by level. */
export function num(id: number, abstractId: number, startOverrides: Readonly<Record<number, number>> = {}): string {
  return (
    `<w:num w:numId="${id}"><w:abstractNumId w:val="${abstractId}"/>` +
    Object.entries(startOverrides)
      .map(([level, start]) => `<w:lvlOverride w:ilvl="${level}"><w:startOverride w:val="${start}"/></w:lvlOverride>`)
      .join('') +
    `</w:num>`
  );
}

/** Returns a numbered paragraph of instance `numId` at `level`. */
export function numbered(text: string, numId: number, level = 0, pPr = ''): string {
  return paragraph(text, `${pPr}<w:numPr><w:ilvl w:val="${level}"/><w:numId w:val="${numId}"/></w:numPr>`);
}
