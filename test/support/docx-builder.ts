// Builds small DOCX packages in memory for tests: every part can be left out, renamed, replaced
// by raw XML, and the zip can use data descriptors or Zip64 records (see zip-builder.ts).
import { buildZip, type ZipBuildOptions } from './zip-builder.js';

export { buildZip, concat, listRawEntries, type RawEntry, type ZipBuildOptions } from './zip-builder.js';

export const NS = {
  w: 'http://schemas.openxmlformats.org/wordprocessingml/2006/main',
  wStrict: 'http://purl.oclc.org/ooxml/wordprocessingml/main',
  w14: 'http://schemas.microsoft.com/office/word/2010/wordml',
  w15: 'http://schemas.microsoft.com/office/word/2012/wordml',
  mc: 'http://schemas.openxmlformats.org/markup-compatibility/2006',
  rels: 'http://schemas.openxmlformats.org/package/2006/relationships',
  contentTypes: 'http://schemas.openxmlformats.org/package/2006/content-types',
  custom: 'http://schemas.openxmlformats.org/officeDocument/2006/custom-properties',
  vt: 'http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes',
  cp: 'http://schemas.openxmlformats.org/package/2006/metadata/core-properties',
  dc: 'http://purl.org/dc/elements/1.1/',
  dcterms: 'http://purl.org/dc/terms/',
  xsi: 'http://www.w3.org/2001/XMLSchema-instance',
} as const;

export const REL = {
  officeDocument: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument',
  officeDocumentStrict: 'http://purl.oclc.org/ooxml/officeDocument/relationships/officeDocument',
  core: 'http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties',
  custom: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/custom-properties',
  customStrict: 'http://purl.oclc.org/ooxml/officeDocument/relationships/customProperties',
  settings: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/settings',
  settingsStrict: 'http://purl.oclc.org/ooxml/officeDocument/relationships/settings',
  styles: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles',
} as const;

export const CT = {
  main: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml',
  settings: 'application/vnd.openxmlformats-officedocument.wordprocessingml.settings+xml',
  core: 'application/vnd.openxmlformats-package.core-properties+xml',
  custom: 'application/vnd.openxmlformats-officedocument.custom-properties+xml',
  rels: 'application/vnd.openxmlformats-package.relationships+xml',
} as const;

const DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

export interface SettingsOptions {
  /** Value of `w15:docId/@w15:val` as written (braces included when wanted); omitted when undefined. */
  docId?: string;
  /** Value of `w14:docId/@w14:val` (not a GUID; must be ignored). */
  w14DocId?: string;
  /** Prefix bound to the w15 namespace; default `w15`. */
  w15Prefix?: string;
  /** Whether the root declares the w15 namespace even without a docId; default true. */
  declareW15?: boolean;
  /** Value of `mc:Ignorable`, or false for none; default `'w14 w15'`. */
  ignorable?: string | false;
  /** Part name; default `/word/settings.xml`. */
  partName?: string;
  /** Raw XML replacing the generated part. */
  xml?: string;
}

export interface CoreOptions {
  /** Text of `dcterms:created`; omitted when undefined. */
  created?: string;
  /** Prefix bound to dcterms; default `dcterms`. */
  dctermsPrefix?: string;
  partName?: string;
  xml?: string;
}

export interface CustomOptions {
  /** Text of the `DocumentGuid` property's `vt:lpwstr`; omitted when undefined. */
  documentGuid?: string;
  /** Extra `<property>` markup placed before DocumentGuid. */
  otherProperties?: string;
  partName?: string;
  xml?: string;
}

export interface DocxOptions {
  /** Main part name; default `/word/document.xml`. */
  mainPartName?: string;
  /** Paragraph text of the main part. */
  text?: string;
  /** Use strict relationship types and namespaces. */
  strict?: boolean;
  /** Settings part options, or false for no settings part (and no relationship). */
  settings?: SettingsOptions | false;
  /** Core properties options, or false for none. */
  core?: CoreOptions | false;
  /** Custom properties options, or false for none (the default). */
  custom?: CustomOptions | false;
  /** Raw XML replacing generated parts. */
  contentTypesXml?: string;
  packageRelsXml?: string;
  /** Raw main part rels, or false for no rels part at all. */
  mainRelsXml?: string | false;
  /** Extra entries appended to the zip. */
  extraEntries?: Record<string, string | Uint8Array>;
  /** Zip entry names to leave out. */
  omitEntries?: string[];
  zip?: ZipBuildOptions;
}

/** Returns the entries (zip name, content) of a DOCX described by `options`, in zip order. */
export function buildDocxEntries(options: DocxOptions = {}): Array<[string, Uint8Array]> {
  const main = options.mainPartName ?? '/word/document.xml';
  const mainDir = main.slice(0, main.lastIndexOf('/') + 1);
  const w = options.strict ? NS.wStrict : NS.w;
  const settings = options.settings === false ? undefined : (options.settings ?? {});
  const core = options.core === false ? undefined : (options.core ?? { created: '2024-01-02T03:04:00Z' });
  const custom = options.custom ? options.custom : undefined;
  const settingsName = settings?.partName ?? `${mainDir}settings.xml`;
  const coreName = core?.partName ?? '/docProps/core.xml';
  const customName = custom?.partName ?? '/docProps/custom.xml';

  const overrides = [
    [main, CT.main],
    ...(settings ? [[settingsName, CT.settings]] : []),
    ...(core ? [[coreName, CT.core]] : []),
    ...(custom ? [[customName, CT.custom]] : []),
  ];
  const contentTypes =
    options.contentTypesXml ??
    `${DECLARATION}<Types xmlns="${NS.contentTypes}"><Default Extension="rels" ContentType="${CT.rels}"/>` +
      `<Default Extension="xml" ContentType="application/xml"/>` +
      overrides.map(([name, type]) => `<Override PartName="${name}" ContentType="${type}"/>`).join('') +
      `</Types>`;
  const packageRels =
    options.packageRelsXml ??
    relationships([
      ['rId1', options.strict ? REL.officeDocumentStrict : REL.officeDocument, main.slice(1)],
      ...(core ? [['rId2', REL.core, coreName.slice(1)] as [string, string, string]] : []),
      ...(custom ? [['rId3', options.strict ? REL.customStrict : REL.custom, customName.slice(1)] as [string, string, string]] : []),
    ]);
  const document =
    `${DECLARATION}<w:document xmlns:w="${w}"><w:body><w:p><w:r><w:t>${options.text ?? 'Hello Quire'}</w:t></w:r></w:p>` +
    `</w:body></w:document>`;
  const mainRels =
    options.mainRelsXml === false
      ? undefined
      : (options.mainRelsXml ??
        relationships(
          settings ? [['rId1', options.strict ? REL.settingsStrict : REL.settings, relative(mainDir, settingsName)]] : [],
        ));

  const entries: Array<[string, string | Uint8Array]> = [
    ['[Content_Types].xml', contentTypes],
    ['_rels/.rels', packageRels],
    [main.slice(1), document],
  ];
  if (mainRels !== undefined) entries.push([`${mainDir.slice(1)}_rels/${main.slice(mainDir.length)}.rels`, mainRels]);
  if (settings) entries.push([settingsName.slice(1), settings.xml ?? settingsXml(settings, w)]);
  if (core) entries.push([coreName.slice(1), core.xml ?? coreXml(core)]);
  if (custom) entries.push([customName.slice(1), custom.xml ?? customXml(custom)]);
  for (const [name, content] of Object.entries(options.extraEntries ?? {})) entries.push([name, content]);
  const omitted = new Set(options.omitEntries ?? []);
  return entries
    .filter(([name]) => !omitted.has(name))
    .map(([name, content]) => [name, typeof content === 'string' ? new TextEncoder().encode(content) : content]);
}

/** Returns the bytes of a DOCX described by `options`. */
export function buildDocx(options: DocxOptions = {}): Uint8Array<ArrayBuffer> {
  return buildZip(buildDocxEntries(options), options.zip);
}

function relationships(list: Array<[string, string, string]>): string {
  return (
    `${DECLARATION}<Relationships xmlns="${NS.rels}">` +
    list.map(([id, type, target]) => `<Relationship Id="${id}" Type="${type}" Target="${target}"/>`).join('') +
    `</Relationships>`
  );
}

function relative(dir: string, partName: string): string {
  return partName.startsWith(dir) ? partName.slice(dir.length) : partName;
}

function settingsXml(options: SettingsOptions, w: string): string {
  const p = options.w15Prefix ?? 'w15';
  const declareW15 = options.declareW15 ?? true;
  const ignorable = options.ignorable ?? 'w14 w15';
  return (
    `${DECLARATION}<w:settings xmlns:mc="${NS.mc}" xmlns:w="${w}" xmlns:w14="${NS.w14}"` +
    (declareW15 || options.docId !== undefined ? ` xmlns:${p}="${NS.w15}"` : '') +
    (ignorable === false ? '' : ` mc:Ignorable="${ignorable}"`) +
    `><w:zoom w:percent="100"/><w:defaultTabStop w:val="720"/>` +
    (options.w14DocId !== undefined ? `<w14:docId w14:val="${options.w14DocId}"/>` : '') +
    (options.docId !== undefined ? `<${p}:docId ${p}:val="${options.docId}"/>` : '') +
    `</w:settings>`
  );
}

function coreXml(options: CoreOptions): string {
  const p = options.dctermsPrefix ?? 'dcterms';
  return (
    `${DECLARATION}<cp:coreProperties xmlns:cp="${NS.cp}" xmlns:dc="${NS.dc}" xmlns:${p}="${NS.dcterms}" xmlns:xsi="${NS.xsi}">` +
    `<dc:creator>Test</dc:creator>` +
    (options.created !== undefined ? `<${p}:created xsi:type="${p}:W3CDTF">${options.created}</${p}:created>` : '') +
    `</cp:coreProperties>`
  );
}

function customXml(options: CustomOptions): string {
  return (
    `${DECLARATION}<Properties xmlns="${NS.custom}" xmlns:vt="${NS.vt}">${options.otherProperties ?? ''}` +
    (options.documentGuid !== undefined
      ? `<property fmtid="{D5CDD505-2E9C-101B-9397-08002B2CF9AE}" pid="9" name="DocumentGuid"><vt:lpwstr>${options.documentGuid}</vt:lpwstr></property>`
      : '') +
    `</Properties>`
  );
}

/** Decodes UTF-8 bytes. */
export function text(bytes: Uint8Array): string {
  return new TextDecoder().decode(bytes);
}

