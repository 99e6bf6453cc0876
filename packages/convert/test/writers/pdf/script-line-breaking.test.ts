import PDFDocument from 'pdfkit';
import { layoutDocument, type LaidOutPage } from 'quire/layout';
import { readDocx } from 'quire/readers';
import { describe, expect, it } from 'vitest';
import { FontCatalog } from '../../../src/writers/pdf/font-catalog.js';
import { PdfkitMeasurer } from '../../../src/writers/pdf/pdfkit-measurer.js';
import { SCRIPT_SAMPLES, scriptSamplesDocx, type ScriptSample } from '../../../../../test/support/script-samples.js';

type TextOp = Extract<LaidOutPage['ops'][number], { kind: 'text' }>;

/** One laid-out line: its text runs in paint (logical) order. */
interface LaidLine {
  readonly runs: readonly TextOp[];
  readonly text: string;
}

const fonts = new FontCatalog();

/** The first page of a DOCX of `script`'s sample, laid out with the PDF writer's fonts and measurer. */
async function layOut(script: ScriptSample, properties = ''): Promise<LaidOutPage> {
  const doc = (await readDocx(scriptSamplesDocx(properties, [script]))).value;
  const measurer = new PdfkitMeasurer(new PDFDocument({ autoFirstPage: false }), fonts);
  return layoutDocument(doc, { catalog: fonts, measurer }).pages[0]!;
}

/** The page's lines, top to bottom: text runs on one baseline form a line. */
function linesOf(page: LaidOutPage): LaidLine[] {
  const byBaseline = new Map<number, TextOp[]>();
  for (const op of page.ops) if (op.kind === 'text' && op.text !== '') byBaseline.set(op.y, [...(byBaseline.get(op.y) ?? []), op]);
  return [...byBaseline.entries()].sort(([a], [b]) => a - b).map(([, runs]) => ({ runs, text: runs.map((run) => run.text).join('') }));
}

// Word's standard kinsoku rules (ECMA-376 Part 1, 17.15.1.58 and 17.15.1.59, Japanese and Chinese
// defaults): characters that never start a line, and characters that never end one.
const NEVER_FIRST = /^[!%),.:;?\]}¢°’”‰′″℃、。々〉》」』】〕゛゜ゝゞ・ヽヾ！％），．：；？］｝｡｣､･ﾞﾟ￠]/u;
const NEVER_LAST = /[$([{£¥‘“〈《「『【〔＄（［｛｢￡￥]$/u;

const EAST_ASIAN: readonly ScriptSample[] = ['japanese', 'chinese'];
const RIGHT_TO_LEFT: readonly ScriptSample[] = ['arabic', 'hebrew'];

// Twelve right indents, a third of an ideograph (at 11 pt) apart: line ends fall on every kind of character.
const RIGHT_INDENTS = Array.from({ length: 12 }, (_, step) => step * 73);

describe('line breaking of East Asian and right-to-left paragraphs', () => {
  it('breaks Japanese and Chinese between ideographs, never putting closing punctuation first on a line nor opening punctuation last', async () => {
    let heldBack = 0;
    for (const script of EAST_ASIAN) {
      for (const indent of RIGHT_INDENTS) {
        const lines = linesOf(await layOut(script, `<w:ind w:right="${indent}"/>`)).map((line) => line.text);
        expect(lines.join('')).toBe(SCRIPT_SAMPLES[script]);
        expect(lines.length).toBeGreaterThan(2);
        for (const line of lines.slice(1)) expect(line).not.toMatch(NEVER_FIRST);
        for (const line of lines.slice(0, -1)) expect(line).not.toMatch(NEVER_LAST);
        // All the characters are as wide: a line shorter than the longest gave up its last character
        // to keep punctuation off the start of the next (kinsoku at work, not breaks falling well).
        const longest = Math.max(...lines.map((line) => [...line].length));
        heldBack += lines.slice(0, -1).filter((line) => [...line].length < longest).length;
      }
    }
    expect(heldBack).toBeGreaterThan(0);
  });

  it('breaks Arabic and Hebrew only between words, each word whole on one line', async () => {
    for (const script of RIGHT_TO_LEFT) {
      const lines = linesOf(await layOut(script)).map((line) => line.text.trim());
      expect(lines.length).toBeGreaterThan(2);
      expect(lines.join(' ')).toBe(SCRIPT_SAMPLES[script]);
      const words = new Set(SCRIPT_SAMPLES[script].split(' '));
      for (const line of lines) for (const word of line.split(' ')) expect(words).toContain(word);
    }
  });

  it('sets the lines of a w:bidi paragraph against the right margin, its words from right to left in reading order', async () => {
    for (const script of RIGHT_TO_LEFT) {
      const page = await layOut(script);
      const right = page.geometry.width - page.geometry.right;
      for (const { runs } of linesOf(page)) {
        const words = runs.filter((run) => run.text.trim() !== '');
        expect(words.every((run) => run.rtl)).toBe(true);
        expect(Math.max(...words.map((run) => run.x + run.width))).toBeCloseTo(right, 1);
        // Runs are painted in reading order: each next word stands to the left of the one before.
        for (let index = 1; index < words.length; index += 1) expect(words[index]!.x + words[index]!.width).toBeLessThanOrEqual(words[index - 1]!.x + 0.01);
      }
    }
  });

  it('sets Arabic lines as far apart as Hebrew ones, both in the height of Arial, the Arabic and Hebrew font of Word’s theme, not Noto Sans Arabic’s twice as tall', async () => {
    const pitch = (page: LaidOutPage) => {
      const baselines = [...new Set(page.ops.flatMap((op) => (op.kind === 'text' ? [op.y] : [])))].sort((a, b) => a - b);
      return baselines[2]! - baselines[1]!;
    };
    const arabic = await layOut('arabic');
    const hebrew = await layOut('hebrew');
    expect(linesOf(arabic).length).toBeGreaterThan(2);
    // Hebrew is drawn with Arimo, which has Arial's metrics.
    expect(linesOf(hebrew)[1]!.runs.some((run) => run.file.key.startsWith('arimo-hebrew-'))).toBe(true);
    expect(pitch(arabic)).toBeCloseTo(pitch(hebrew), 6);
  });
});
