// Right-to-left (Arabic, Hebrew) and East Asian (Japanese, Chinese) paragraphs on the editor's
// pages in real headless Chromium, against the PDF that Quire exports of the same DOCX: the
// browser sets each paragraph's text itself, in the lines the layout counted, so it must break
// them where the layout does for the PDF, or the pages would run over or fall short. The editor
// ships the Hebrew and Arabic files the PDF embeds, not the CJK one (10 MB a face): Chromium runs
// on a computer with Noto Sans SC installed, as a reader of Chinese or Japanese has a CJK font.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { readDocx } from 'quire/readers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FontCatalog, writePdf } from '../../packages/convert/src/writers/pdf/index.js';
import { buildTestDocx, run } from '../support/docx-package.js';
import { runPoppler } from '../support/pdf-tools.js';
import { SCRIPT_SAMPLES, scriptParagraph } from '../support/script-samples.js';
import { launchChromium, serveRepository, type StaticServer } from './browser-harness.js';
import { chooseOnExamplePage } from './example-page.js';

// Right indents, in ems of the 11 pt text (220 twips), at which a Japanese line starts with a
// small kana or ー and a Chinese one with “ (the test checks that some do), and none.
const EAST_ASIAN_INDENTS = [0, 5, 7, 8];

/** Small kana and the prolonged sound mark, which Word's standard kinsoku lets start a line. */
const SMALL_KANA = /^[ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶー]/u;

/** A piece of text and the top and bottom of its box, in points or pixels. */
interface Placed {
  readonly text: string;
  readonly top: number;
  readonly bottom: number;
}

/** Groups placed text, in reading order, into lines: a piece whose middle is below the line so far starts the next. */
function groupLines(pieces: readonly Placed[]): string[] {
  const lines: string[] = [];
  let bottom = -Infinity;
  for (const piece of pieces) {
    if ((piece.top + piece.bottom) / 2 > bottom) {
      lines.push('');
      bottom = piece.bottom;
    }
    lines[lines.length - 1] += piece.text;
    bottom = Math.max(bottom, piece.bottom);
  }
  return lines;
}

/**
 * What stands for a line when lines are compared: its letters, sorted. Line breaking is the
 * question, not order within a line, which pdftotext gives right-to-left words in as drawn;
 * white space, which pdftotext puts where it sees gaps, and combining marks, which it may move
 * within a word, are left out.
 */
const lettersOf = (text: string) => [...text.replace(/[\s\p{M}\u200b-\u200f\u202a-\u202e]/gu, '')].sort().join('');

/** The lines of a PDF, page by page and top to bottom, as pdftotext -bbox finds its words on them, each as {@link lettersOf} gives it. */
function pdfLines(pdf: Uint8Array): string[] {
  const pages = runPoppler('pdftotext', ['-bbox', '-enc', 'UTF-8', '$PDF', '-'], pdf).split('<page ').slice(1);
  return pages.flatMap((page) =>
    groupLines(
      [...page.matchAll(/<word xMin="[\d.]+" yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">([^<]*)<\/word>/g)].map((match) => ({ top: Number(match[1]), bottom: Number(match[2]), text: match[3]! })),
    ).map(lettersOf),
  );
}

/** Each paragraph of the open document: its characters as the browser placed them, in logical order (white space left out), and the line count the layout gave it. */
function screenParagraphs(page: Page): Promise<{ placed: Placed[]; laidLines: number }[]> {
  return page.evaluate(() => {
    const range = document.createRange();
    return [...document.querySelectorAll<HTMLElement>('.quire-document p')].map((paragraph) => {
      const placed: { text: string; top: number; bottom: number }[] = [];
      const walker = document.createTreeWalker(paragraph, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
        for (let index = 0; index < node.data.length; index += 1) {
          if (/\s/u.test(node.data[index]!)) continue;
          range.setStart(node, index);
          range.setEnd(node, index + 1);
          const rect = range.getBoundingClientRect();
          if (rect.height > 0) placed.push({ text: node.data[index]!, top: rect.top, bottom: rect.bottom });
        }
      }
      return { placed, laidLines: Number(paragraph.dataset['laidLines'] ?? 0) };
    });
  });
}

/**
 * A fontconfig set-up with DejaVu, Liberation and Noto Sans SC (the PDF writer's CJK font, from
 * its npm package) installed, in a temporary folder, and the environment to launch Chromium in it.
 */
async function computerWithCjkFont(): Promise<{ env: Record<string, string>; dispose(): Promise<void> }> {
  const work = await mkdtemp(join(tmpdir(), 'quire-cjk-fonts-'));
  const noto = dirname(createRequire(import.meta.url).resolve('@expo-google-fonts/noto-sans-sc/package.json'));
  const directories = ['/usr/share/fonts/truetype/dejavu', '/usr/share/fonts/truetype/liberation2', join(noto, '400Regular'), join(noto, '700Bold')];
  const config =
    `<?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd"><fontconfig><cachedir>${join(work, 'cache')}</cachedir>` +
    `<include ignore_missing="yes">/etc/fonts/fonts.conf</include><reset-dirs/>${directories.map((directory) => `<dir>${directory}</dir>`).join('')}</fontconfig>`;
  await writeFile(join(work, 'fonts.conf'), config);
  return { env: { FONTCONFIG_FILE: join(work, 'fonts.conf') }, dispose: () => rm(work, { recursive: true, force: true }) };
}

describe('right-to-left and East Asian paragraphs on the editor’s pages', { timeout: 60_000 }, () => {
  let fonts: Awaited<ReturnType<typeof computerWithCjkFont>>;
  let statics: StaticServer;
  let browser: Browser;
  let page: Page;
  let pdf: string[];
  let screen: { lines: string[]; laidLines: number }[];

  beforeAll(async () => {
    const body = [
      scriptParagraph('arabic'),
      scriptParagraph('hebrew'),
      // Complex-script text in a font and size of its own (w:cs, w:szCs, w:bCs), in a mirrored
      // w:bidi paragraph and among Latin words of a left-to-right one (double spaced: pdftotext's
      // boxes of bold Arabic words reach into the next line of a single-spaced paragraph).
      `<w:p><w:pPr><w:bidi/><w:ind w:left="1440" w:right="720" w:firstLine="360"/></w:pPr>${run(SCRIPT_SAMPLES.hebrew, '<w:rtl/><w:rFonts w:cs="Times New Roman"/><w:szCs w:val="28"/>')}</w:p>`,
      `<w:p><w:pPr><w:spacing w:line="480" w:lineRule="auto"/></w:pPr>${run(`The ministry said: ${SCRIPT_SAMPLES.arabic}`, '<w:rFonts w:cs="Arial"/><w:bCs/><w:szCs w:val="26"/>')}</w:p>`,
      ...EAST_ASIAN_INDENTS.flatMap((ems) => [scriptParagraph('japanese', `<w:ind w:right="${ems * 220}"/>`), scriptParagraph('chinese', `<w:ind w:right="${ems * 220}"/>`)]),
    ].join('');
    const docx = buildTestDocx({ body });
    pdf = pdfLines(await writePdf((await readDocx(docx)).value, { fonts: new FontCatalog(), now: () => new Date(0) }));
    fonts = await computerWithCjkFont();
    statics = await serveRepository();
    browser = await launchChromium([], fonts.env);
    // Tall enough for every page at once: the browser skips laying out paragraphs off screen.
    page = await browser.newPage({ viewport: { width: 1200, height: 4000 } });
    page.setDefaultTimeout(30_000);
    await page.goto(`${statics.origin}/examples/editor/index.html?telemetry=off`);
    const status = await chooseOnExamplePage(page, { name: 'scripts.docx', mimeType: 'application/octet-stream', buffer: Buffer.from(docx) });
    expect(status).toBe('scripts.docx is open.');
    await page.waitForFunction(`document.querySelector('.quire-document[data-layout="pages"]') !== null && editor.getPageCount() > 0`);
    await page.evaluate(async () => {
      await document.fonts.ready;
      for (let frame = 0; frame < 2; frame += 1) await new Promise((resolve) => requestAnimationFrame(resolve));
    });
    screen = (await screenParagraphs(page)).map(({ placed, laidLines }) => ({ lines: groupLines(placed), laidLines }));
  });

  afterAll(async () => {
    await page?.close();
    await browser?.close();
    await statics?.close();
    await fonts?.dispose();
  });

  it('breaks each paragraph into the lines of the PDF export, each line holding the letters its PDF line holds', () => {
    expect(screen.flatMap(({ lines }) => lines.map(lettersOf))).toEqual(pdf);
  });

  it('shows each paragraph in as many lines as the layout gave it', () => {
    expect(screen.map(({ lines }) => lines.length)).toEqual(screen.map(({ laidLines }) => laidLines));
  });

  it('starts lines with small kana, ー and Chinese opening quotes, which Word and the browser allow, and never with closing punctuation', () => {
    const starts = screen.flatMap(({ lines }) => lines.slice(1).map((line) => line.slice(0, 1)));
    expect(starts.some((start) => SMALL_KANA.test(start))).toBe(true);
    expect(starts).toContain('“');
    for (const start of starts) expect(start).not.toMatch(/[、。，）」』”]/u);
  });
});
