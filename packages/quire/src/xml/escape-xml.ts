// XML 1.0 (Fifth Edition), 2.2: these code points are not allowed in a document at all, so a part
// holding one is refused by Word ("unreadable content"). Lone surrogates cannot be encoded in UTF-8.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const INVALID_XML_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Returns `text` without the characters XML 1.0 forbids (control characters, lone surrogates). */
export function removeInvalidXmlCharacters(text: string): string {
  return text.replace(INVALID_XML_CHARACTERS, '');
}

/** Escapes `value` for use as XML character data, leaving out the characters XML forbids. */
export function escapeXmlText(value: string): string {
  return removeInvalidXmlCharacters(value).replace(/[&<>]/g, (char) => (char === '&' ? '&amp;' : char === '<' ? '&lt;' : '&gt;'));
}

/**
 * Escapes `value` for use inside a double-quoted XML attribute. Tab, line feed and carriage return
 * become character references, since attribute-value normalisation would turn them into spaces.
 */
export function escapeXmlAttribute(value: string): string {
  return removeInvalidXmlCharacters(value).replace(/[&<>"\t\n\r]/g, (char) => `&#${char.charCodeAt(0)};`);
}
