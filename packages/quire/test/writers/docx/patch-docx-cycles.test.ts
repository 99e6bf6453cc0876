import { describe, expect, it } from 'vitest';
import { readDocx } from '../../../src/readers/index.js';
import {
  bodyTextblocks,
  changedEntries,
  edited,
  entryName,
  exportDocx,
  FIXTURE_NAMES,
  fixtureBytes,
  firstTextParagraph,
  middleOfText,
  openDocx,
  partText,
} from './patch-fixtures.js';

const CYCLES = 10;
const typedIn = (cycle: number): string => `edit${cycle}`;

// Fixtures with a paragraph to type into (the others are blank or hold only pictures or empty cells).
const names: string[] = [];
for (const name of FIXTURE_NAMES) if (firstTextParagraph((await openDocx(fixtureBytes(name))).doc)) names.push(name);

interface Cycle {
  readonly bytes: Uint8Array;
  readonly mainPartLength: number;
  readonly typed: string;
  /** How many times the typed text is in the exported main part: twice for a text box's paragraph (the box and its fallback). */
  readonly copies: number;
  /** The text of the body's textblocks in the document exported. */
  readonly texts: readonly string[];
}

// Each fixture's cycles are run once, for the several tests that look at them.
const cyclesOf = new Map<string, Promise<Cycle[]>>();
function runCycles(name: string): Promise<Cycle[]> {
  let cycles = cyclesOf.get(name);
  if (!cycles) cyclesOf.set(name, (cycles = cycle(name)));
  return cycles;
}

// Opens, types into the middle of the first paragraph with text and exports, `CYCLES` times.
async function cycle(name: string): Promise<Cycle[]> {
  let bytes = fixtureBytes(name);
  const cycles: Cycle[] = [];
  for (let index = 0; index < CYCLES; index++) {
    const original = await openDocx(bytes);
    const paragraph = firstTextParagraph(original.doc)!;
    const typed = typedIn(index);
    const doc = edited(original.doc, (state) => state.tr.insertText(typed, middleOfText(paragraph)));
    bytes = await exportDocx(original, doc);
    const texts = bodyTextblocks(doc).map(({ node }) => node.textContent);
    const part = (await partText(bytes, original.sources.partName))!;
    cycles.push({ bytes, mainPartLength: part.length, typed, copies: part.split(typed).length - 1, texts });
  }
  return cycles;
}

describe('patchDocx over ten cycles of opening, typing and exporting', () => {
  it.each(names)('grows the main part of %s by exactly the typed text in each copy of the paragraph once it has been written', async (name) => {
    const cycles = await runCycles(name);
    const growth = cycles.slice(1).map(({ mainPartLength }, index) => mainPartLength - cycles[index]!.mainPartLength);
    expect(cycles.every(({ copies }) => copies === 1 || copies === 2)).toBe(true);
    expect(growth).toEqual(cycles.slice(1).map(({ typed, copies }) => typed.length * copies));
  });

  it.each(names)('grows %s by about the typed text and copies every other entry byte for byte', async (name) => {
    const original = fixtureBytes(name);
    const cycles = await runCycles(name);
    const typedAfterFirst = cycles.slice(1).reduce((sum, { typed }) => sum + typed.length, 0);
    // Deflating a part anew shifts its size by a few bytes either way; twice the text is ample.
    expect(cycles[CYCLES - 1]!.bytes.length - cycles[0]!.bytes.length).toBeLessThanOrEqual(2 * typedAfterFirst);
    const { sources } = await openDocx(original);
    expect(changedEntries(original, cycles[CYCLES - 1]!.bytes)).toEqual([entryName(sources.partName)]);
  });

  it.each(names)('re-reads every export of %s with the warnings of the original and the text of the document exported', async (name) => {
    const original = await readDocx(fixtureBytes(name));
    const cycles = await runCycles(name);
    for (const { bytes, texts } of cycles) {
      const reread = await readDocx(bytes);
      expect(reread.messages.map((message) => message.code)).toEqual(original.messages.map((message) => message.code));
      expect(bodyTextblocks(reread.value).map(({ node }) => node.textContent)).toEqual(texts);
    }
    expect(cycles[CYCLES - 1]!.texts.join('')).toMatch(/edit/);
  });
});
