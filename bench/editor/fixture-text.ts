import { readFileSync } from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';

/** What the bench looks for on screen to decide that a document is shown in full. */
export interface ExpectedText {
  /** The first words of the first non-empty paragraph, which must be laid out in the viewport. */
  readonly firstWords: string;
  /** The text of the last non-empty paragraph, which must be in the DOM. */
  readonly lastParagraph: string;
  /** How many non-white-space characters the body text holds. */
  readonly letters: number;
}

const decode = (text: string) => text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');

/**
 * Reads the body text of `word/document.xml` in `path` (a plain DOCX from Word or LibreOffice:
 * the main part at its usual name). Enough for the bench's checks, not a DOCX reader.
 */
export function readExpectedText(path: string): ExpectedText {
  const entries = unzipSync(new Uint8Array(readFileSync(path)), { filter: (file) => file.name === 'word/document.xml' });
  const xml = strFromU8(entries['word/document.xml'] ?? new Uint8Array());
  const paragraphs = [...xml.matchAll(/<w:p[ >][\s\S]*?<\/w:p>/g)]
    .map(([paragraph]) => [...paragraph.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map(([, text]) => decode(text ?? '')).join(''))
    .filter((text) => text.trim() !== '');
  const first = paragraphs[0];
  const last = paragraphs.at(-1);
  if (first === undefined || last === undefined) throw new Error(`${path} has no text`);
  return {
    firstWords: first.split(/\s+/).slice(0, 4).join(' '),
    lastParagraph: last,
    letters: paragraphs.join('').replace(/\s+/g, '').length,
  };
}
