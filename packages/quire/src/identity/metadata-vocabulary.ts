/** Namespaces, names and fixed values of the metadata Quire reads and writes (ECMA-376, transitional then strict). */
export const METADATA_NAMESPACES = {
  /** Word 2012 namespace of `w15:docId` (MS-DOCX 2.6.1); its `val` attribute is in the same namespace. */
  w15: 'http://schemas.microsoft.com/office/word/2012/wordml',
  wordprocessingml: [
    'http://schemas.openxmlformats.org/wordprocessingml/2006/main',
    'http://purl.oclc.org/ooxml/wordprocessingml/main',
  ],
  customProperties: [
    'http://schemas.openxmlformats.org/officeDocument/2006/custom-properties',
    'http://purl.oclc.org/ooxml/officeDocument/customProperties',
  ],
  docPropsVTypes: [
    'http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes',
    'http://purl.oclc.org/ooxml/officeDocument/docPropsVTypes',
  ],
  coreProperties: 'http://schemas.openxmlformats.org/package/2006/metadata/core-properties',
  dcterms: 'http://purl.org/dc/terms/',
} as const;

/** Name of the custom property that mirrors the GUID (it survives LibreOffice re-saves; `w15:docId` does not). */
export const DOCUMENT_GUID_PROPERTY = 'DocumentGuid';
