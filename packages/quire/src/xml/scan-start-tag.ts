/** Where the attribute value of a start tag sits in the text (between its quotes). */
export interface AttributeRange {
  valueStart: number;
  valueEnd: number;
}

/** The layout of a start tag in the text, for inserting attributes and content without re-serialising. */
export interface StartTagLayout {
  /** Index just after the element name: where new attributes go. */
  nameEnd: number;
  /** Index of the `/` of `/>` in an empty-element tag, or -1. */
  selfClosingAt: number;
  /** Index just after the closing `>`. */
  end: number;
  /** Value ranges by attribute qualified name. */
  attributes: Map<string, AttributeRange>;
}

const WHITESPACE = new Set([' ', '\t', '\n', '\r']);

/**
 * Scans the start tag beginning at `start` (a `<`) in text already known to be well-formed XML.
 * Throws a `RangeError` when the text there is not a start tag.
 */
export function scanStartTag(text: string, start: number): StartTagLayout {
  if (text[start] !== '<') throw new RangeError(`No start tag at ${start}.`);
  let i = start + 1;
  while (i < text.length && !WHITESPACE.has(text[i] ?? '') && text[i] !== '/' && text[i] !== '>') i++;
  const nameEnd = i;
  const attributes = new Map<string, AttributeRange>();
  for (;;) {
    while (WHITESPACE.has(text[i] ?? '')) i++;
    const char = text[i];
    if (char === '>') return { nameEnd, selfClosingAt: -1, end: i + 1, attributes };
    if (char === '/' && text[i + 1] === '>') return { nameEnd, selfClosingAt: i, end: i + 2, attributes };
    if (char === undefined) throw new RangeError(`Unterminated start tag at ${start}.`);
    const nameStart = i;
    while (i < text.length && text[i] !== '=' && !WHITESPACE.has(text[i] ?? '')) i++;
    const name = text.slice(nameStart, i);
    while (WHITESPACE.has(text[i] ?? '')) i++;
    if (text[i] !== '=') throw new RangeError(`Attribute without value at ${nameStart}.`);
    i++;
    while (WHITESPACE.has(text[i] ?? '')) i++;
    const quote = text[i];
    if (quote !== '"' && quote !== "'") throw new RangeError(`Unquoted attribute value at ${i}.`);
    const valueEnd = text.indexOf(quote, i + 1);
    if (valueEnd === -1) throw new RangeError(`Unterminated attribute value at ${i}.`);
    attributes.set(name, { valueStart: i + 1, valueEnd });
    i = valueEnd + 1;
  }
}
