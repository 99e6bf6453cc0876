/** The XML declaration every part the writer creates starts with. */
export const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/** WordprocessingML's main namespace (`w:`, ECMA-376 Part 1, 17). */
export const WORDPROCESSINGML_NAMESPACE = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';

/** The namespace of relationship Id attributes (`r:id`, `r:embed`). */
export const RELATIONSHIP_ID_NAMESPACE = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** The relationship types the writer adds (ECMA-376 Part 1, 15), transitional, by what they point at. */
export function relationshipType(kind: 'styles' | 'numbering' | 'footnotes' | 'header' | 'footer' | 'hyperlink' | 'image' | 'officeDocument'): string {
  return `${RELATIONSHIP_ID_NAMESPACE}/${kind}`;
}

/** The content types of the parts the writer adds (ECMA-376 Part 1, 11 and 15). */
export const CONTENT_TYPES = {
  main: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml',
  styles: 'application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml',
  numbering: 'application/vnd.openxmlformats-officedocument.wordprocessingml.numbering+xml',
  footnotes: 'application/vnd.openxmlformats-officedocument.wordprocessingml.footnotes+xml',
  header: 'application/vnd.openxmlformats-officedocument.wordprocessingml.header+xml',
  footer: 'application/vnd.openxmlformats-officedocument.wordprocessingml.footer+xml',
  coreProperties: 'application/vnd.openxmlformats-package.core-properties+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  bmp: 'image/bmp',
} as const;
