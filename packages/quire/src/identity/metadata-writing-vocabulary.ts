// Kept apart from metadata-vocabulary.ts, which the open path loads: these values are only
// written, so they travel with the lazily loaded writer.

/** Namespaces Quire declares in the parts it creates or patches but never matches when reading. */
export const WRITTEN_NAMESPACES = {
  dc: 'http://purl.org/dc/elements/1.1/',
  dcmitype: 'http://purl.org/dc/dcmitype/',
  xsi: 'http://www.w3.org/2001/XMLSchema-instance',
} as const;

/** Format id of user-defined custom properties (ECMA-376 Part 1 §22.3.2.2). */
export const USER_DEFINED_PROPERTIES_FMTID = '{D5CDD505-2E9C-101B-9397-08002B2CF9AE}';

/** Content types of the parts Quire creates (the same in strict packages). */
export const CREATED_PART_CONTENT_TYPES = {
  coreProperties: 'application/vnd.openxmlformats-package.core-properties+xml',
  customProperties: 'application/vnd.openxmlformats-officedocument.custom-properties+xml',
  settings: 'application/vnd.openxmlformats-officedocument.wordprocessingml.settings+xml',
} as const;
