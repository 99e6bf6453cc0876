/**
 * Relationship types Quire follows, transitional first, then strict (ECMA-376 Part 1 §15 and
 * the strict URIs of Part 1 Annex), plus the lower-case `officedocument` variant some early
 * producers wrote for core properties.
 */
export const RELATIONSHIP_TYPES = {
  officeDocument: [
    'http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument',
    'http://purl.oclc.org/ooxml/officeDocument/relationships/officeDocument',
  ],
  coreProperties: [
    'http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties',
    'http://schemas.openxmlformats.org/officedocument/2006/relationships/metadata/core-properties',
  ],
  customProperties: [
    'http://schemas.openxmlformats.org/officeDocument/2006/relationships/custom-properties',
    'http://purl.oclc.org/ooxml/officeDocument/relationships/customProperties',
  ],
  settings: [
    'http://schemas.openxmlformats.org/officeDocument/2006/relationships/settings',
    'http://purl.oclc.org/ooxml/officeDocument/relationships/settings',
  ],
} as const;
