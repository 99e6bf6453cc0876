/**
 * The start of a long main document part as a main part of its own: the body's first blocks
 * (about `maxCharacters` of XML, whole blocks, at least one) followed by the section properties
 * that govern them and the closing tags. Reading it gives the first pages of a long document
 * while the whole part is still to be parsed, at a fraction of the cost.
 *
 * Returns null when the body ends within `maxCharacters` (the whole part is as quick to read),
 * when the body is not spelled `w:body`, or when the text is not well-formed enough to cut: the
 * caller then reads the whole part, which reports what is wrong with it.
 */
export function mainPartStart(text: string, maxCharacters: number): string | null {
  const body = findBody(text);
  if (!body) return null;
  const cut = endOfBlocks(text, body.contentStart, maxCharacters);
  if (cut === null) return null;
  const sectionProperties = nextSectionProperties(text, cut);
  if (sectionProperties === null) return null;
  return `${text.slice(0, cut)}${sectionProperties}</w:body></${body.rootName}>`;
}

interface BodyPlace {
  readonly rootName: string;
  readonly contentStart: number;
}

const TAG_NAME_END = /[\s/>]/;

function findBody(text: string): BodyPlace | null {
  const rootAt = text.search(/<[^?!]/);
  if (rootAt === -1) return null;
  const rootNameEnd = text.slice(rootAt + 1).search(TAG_NAME_END);
  if (rootNameEnd <= 0) return null;
  const rootName = text.slice(rootAt + 1, rootAt + 1 + rootNameEnd);
  const bodyAt = findStartTag(text, 'w:body', rootAt);
  if (bodyAt === -1) return null;
  const bodyEnd = endOfTag(text, bodyAt);
  if (bodyEnd === -1 || text[bodyEnd - 2] === '/') return null;
  return { rootName, contentStart: bodyEnd };
}

// Where the body's top-level blocks that start within `maxCharacters` of `start` end (just after
// the last one's end tag); null when the body ends first or a tag cannot be followed.
function endOfBlocks(text: string, start: number, maxCharacters: number): number | null {
  let depth = 0;
  let at = start;
  for (;;) {
    const open = text.indexOf('<', at);
    if (open === -1) return null;
    const skipped = skipMarkup(text, open);
    if (skipped !== null) {
      if (skipped === -1) return null;
      at = skipped;
      continue;
    }
    const close = endOfTag(text, open);
    if (close === -1) return null;
    at = close;
    if (text[open + 1] === '/') {
      // The body's own end tag: it holds fewer characters than asked for.
      if (depth === 0) return null;
      depth -= 1;
    } else if (text[close - 2] !== '/') {
      // The body's own section properties come last: the body ends there.
      if (depth === 0 && isTagNamed(text, open, 'w:sectPr')) return null;
      depth += 1;
      continue;
    } else if (depth === 0 && isTagNamed(text, open, 'w:sectPr')) {
      return null;
    }
    if (depth === 0 && at - start >= maxCharacters) return blockFollows(text, at) ? at : null;
  }
}

// Whether another of the body's blocks follows `at`, rather than its end or its own section
// properties: a start holding every block would only be read twice.
function blockFollows(text: string, at: number): boolean {
  for (let open = text.indexOf('<', at); open !== -1; open = text.indexOf('<', open + 1)) {
    const skipped = skipMarkup(text, open);
    if (skipped === null) return text[open + 1] !== '/' && !isTagNamed(text, open, 'w:sectPr');
    if (skipped === -1) return false;
    open = skipped - 1;
  }
  return false;
}

// The `w:sectPr` element at or after `from`: the section properties of the blocks before it
// (a paragraph's, ending its section, or the body's own, ending the last).
function nextSectionProperties(text: string, from: number): string | null {
  const start = findStartTag(text, 'w:sectPr', from);
  if (start === -1) return null;
  const startEnd = endOfTag(text, start);
  if (startEnd === -1) return null;
  if (text[startEnd - 2] === '/') return text.slice(start, startEnd);
  // A tracked change of the properties (`w:sectPrChange`) holds a `w:sectPr` of its own.
  let depth = 1;
  let at = startEnd;
  while (depth > 0) {
    const nestedStart = findStartTag(text, 'w:sectPr', at);
    const end = text.indexOf('</w:sectPr>', at);
    if (end === -1) return null;
    if (nestedStart !== -1 && nestedStart < end) {
      const nestedEnd = endOfTag(text, nestedStart);
      if (nestedEnd === -1) return null;
      if (text[nestedEnd - 2] !== '/') depth += 1;
      at = nestedEnd;
    } else {
      depth -= 1;
      at = end + '</w:sectPr>'.length;
    }
  }
  return text.slice(start, at);
}

// Comments, processing instructions and CDATA sections: where they end, -1 when they do not, or
// null when `open` starts a tag.
function skipMarkup(text: string, open: number): number | null {
  for (const [begin, end] of [['<!--', '-->'], ['<![CDATA[', ']]>'], ['<?', '?>']] as const) {
    if (!text.startsWith(begin, open)) continue;
    const at = text.indexOf(end, open + begin.length);
    return at === -1 ? -1 : at + end.length;
  }
  return null;
}

// Just after the `>` of the tag at `open`, past quoted attribute values; -1 when it never ends.
function endOfTag(text: string, open: number): number {
  let quote: string | null = null;
  for (let at = open + 1; at < text.length; at += 1) {
    const char = text[at];
    if (quote !== null) {
      if (char === quote) quote = null;
    } else if (char === '"' || char === "'") {
      quote = char;
    } else if (char === '>') {
      return at + 1;
    }
  }
  return -1;
}

function findStartTag(text: string, name: string, from: number): number {
  for (let at = text.indexOf(`<${name}`, from); at !== -1; at = text.indexOf(`<${name}`, at + 1)) {
    if (TAG_NAME_END.test(text[at + name.length + 1] ?? '')) return at;
  }
  return -1;
}

function isTagNamed(text: string, open: number, name: string): boolean {
  return text.startsWith(name, open + 1) && TAG_NAME_END.test(text[open + name.length + 1] ?? '');
}
