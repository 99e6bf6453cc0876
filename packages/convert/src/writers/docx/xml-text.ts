// XML 1.0 (Fifth Edition), 2.2: these code points are not allowed in a document at all, so a part
// holding one is refused by Word ("unreadable content"). Lone surrogates cannot be encoded in UTF-8.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const INVALID_XML_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Returns `text` without the characters XML 1.0 forbids (control characters, lone surrogates). */
export function removeInvalidXmlCharacters(text: string): string {
  return text.replace(INVALID_XML_CHARACTERS, '');
}
