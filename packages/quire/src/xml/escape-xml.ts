/** Escapes `value` for use as XML character data. */
export function escapeXmlText(value: string): string {
  return value.replace(/[&<>]/g, (char) => (char === '&' ? '&amp;' : char === '<' ? '&lt;' : '&gt;'));
}

/**
 * Escapes `value` for use inside a double-quoted XML attribute. Tab, line feed and carriage return
 * become character references, since attribute-value normalisation would turn them into spaces.
 */
export function escapeXmlAttribute(value: string): string {
  return value.replace(/[&<>"\t\n\r]/g, (char) => `&#${char.charCodeAt(0)};`);
}
