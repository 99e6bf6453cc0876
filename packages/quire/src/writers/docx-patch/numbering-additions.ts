import type { XmlElement } from '@rgrove/parse-xml';
import { levelKey } from './flatten-blocks.js';
import { attributeNamed, childElements, elementLocalName } from './properties-xml.js';

const BULLETS = ['\u2022', '\u25E6', '\u25AA'];
const NUMBER_FORMATS = ['decimal', 'lowerLetter', 'lowerRoman'];

/**
 * Numbering instances that lists without one need (`new:<n>` placements): each gets a `w:num`
 * and an abstract definition of its kind, numbered after the part's own. The part's existing
 * instances are used as they are.
 */
export class NumberingAdditions {
  private readonly created = new Map<string, { numId: string; abstractId: string; kind: 'bullet' | 'ordered' }>();
  private nextNumId: number;
  private nextAbstractId: number;
  private indents: Map<string, number> | undefined;

  /** @param root the numbering part's root (`w:numbering`), if the package has one */
  constructor(private readonly root: XmlElement | undefined) {
    let numId = 0;
    let abstractId = -1;
    for (const child of root ? childElements(root) : []) {
      const name = elementLocalName(child);
      if (name === 'num') numId = Math.max(numId, Number(attributeNamed(child, 'numId')) || 0);
      if (name === 'abstractNum') abstractId = Math.max(abstractId, Number(attributeNamed(child, 'abstractNumId')) || 0);
    }
    this.nextNumId = numId + 1;
    this.nextAbstractId = abstractId + 1;
  }

  /** The left indent of a level's text (a `new:<n>` key's too), where the numbering part gives one. */
  levelIndent(key: string, level: number): number | undefined {
    if (key.startsWith('new:')) return newLevelIndent(level);
    this.indents ??= readLevels(this.root, readLevelIndent);
    return this.indents.get(levelKey(key, level));
  }

  /** Whether instances were created, so that the numbering part must be written. */
  get changed(): boolean {
    return this.created.size > 0;
  }

  /** The `w:numId` for a placement's instance: its own, or a new one for a `new:<n>` key. */
  numIdFor(key: string, kind: 'bullet' | 'ordered'): string {
    if (!key.startsWith('new:')) return key;
    let entry = this.created.get(key);
    if (!entry) {
      entry = { numId: String(this.nextNumId++), abstractId: String(this.nextAbstractId++), kind };
      this.created.set(key, entry);
    }
    return entry.numId;
  }

  /**
   * Returns the numbering part's text with the new definitions inserted: abstract definitions
   * before the first `w:num` (the schema puts them first, ECMA-376 Part 1, 17.9.17), instances
   * after the last `w:num`. Without a part, returns a new one.
   */
  patch(text: string | undefined): string {
    const abstracts = [...this.created.values()].map((entry) => abstractMarkup(entry.abstractId, entry.kind)).join('');
    const instances = [...this.created.values()].map((entry) => `<w:num w:numId="${entry.numId}"><w:abstractNumId w:val="${entry.abstractId}"/></w:num>`).join('');
    if (text === undefined || !this.root) {
      return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:numbering xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">${abstracts}${instances}</w:numbering>`;
    }
    const children = childElements(this.root);
    // An empty-element root (`<w:numbering .../>`) gets an end tag around the new definitions.
    if (text.slice(this.root.start, this.root.end).endsWith('/>')) {
      return `${text.slice(0, this.root.end - 2).trimEnd()}>${abstracts}${instances}</${this.root.name}>${text.slice(this.root.end)}`;
    }
    const nums = children.filter((child) => elementLocalName(child) === 'num');
    const firstNum = nums[0];
    const lastNum = nums[nums.length - 1];
    const closing = text.lastIndexOf('</');
    const abstractAt = firstNum ? firstNum.start : (children.find((child) => elementLocalName(child) === 'numIdMacAtCleanup')?.start ?? closing);
    const instanceAt = lastNum ? lastNum.end : abstractAt;
    if (abstractAt === instanceAt) return `${text.slice(0, abstractAt)}${abstracts}${instances}${text.slice(abstractAt)}`;
    return `${text.slice(0, abstractAt)}${abstracts}${text.slice(abstractAt, instanceAt)}${instances}${text.slice(instanceAt)}`;
  }
}

/**
 * Returns how the numbering part draws each level of each instance, by `levelKey`: bullets for
 * `w:numFmt` `bullet` (or none), numbers otherwise.
 */
export function readLevelKinds(root: XmlElement | undefined): Map<string, 'bullet' | 'ordered'> {
  return readLevels(root, (level) => {
    const format = childElements(level).find((child) => elementLocalName(child) === 'numFmt');
    const value = format ? attributeNamed(format, 'val') : undefined;
    return value === undefined || value === 'bullet' || value === 'none' ? 'bullet' : 'ordered';
  });
}

// Reads one property of every level of every instance, by `levelKey`. Level overrides of an
// instance (`w:lvlOverride`) win over its abstract definition.
function readLevels<T>(root: XmlElement | undefined, read: (level: XmlElement) => T | undefined): Map<string, T> {
  const values = new Map<string, T>();
  if (!root) return values;
  const children = childElements(root);
  const abstractLevels = new Map<string, Map<number, T>>();
  const levelsOf = (parent: XmlElement): Map<number, T> => {
    const levels = new Map<number, T>();
    for (const level of childElements(parent).filter((child) => elementLocalName(child) === 'lvl')) {
      const value = read(level);
      if (value !== undefined) levels.set(Number(attributeNamed(level, 'ilvl')) || 0, value);
    }
    return levels;
  };
  for (const child of children) {
    if (elementLocalName(child) === 'abstractNum') abstractLevels.set(attributeNamed(child, 'abstractNumId') ?? '', levelsOf(child));
  }
  for (const num of children.filter((child) => elementLocalName(child) === 'num')) {
    const numId = attributeNamed(num, 'numId');
    if (numId === undefined) continue;
    const abstract = childElements(num).find((child) => elementLocalName(child) === 'abstractNumId');
    const levels = new Map(abstractLevels.get((abstract && attributeNamed(abstract, 'val')) ?? '') ?? []);
    for (const override of childElements(num).filter((child) => elementLocalName(child) === 'lvlOverride')) {
      for (const [level, value] of levelsOf(override)) levels.set(level, value);
    }
    for (const [level, value] of levels) values.set(levelKey(numId, level), value);
  }
  return values;
}

// The left indent (twips) of a level's text: `w:ind` `w:left` (or `w:start`) of its `w:pPr`.
function readLevelIndent(level: XmlElement): number | undefined {
  const pPr = childElements(level).find((child) => elementLocalName(child) === 'pPr');
  const ind = pPr && childElements(pPr).find((child) => elementLocalName(child) === 'ind');
  const left = ind && (attributeNamed(ind, 'left') ?? attributeNamed(ind, 'start'));
  return left === undefined || !/^-?\d+$/.test(left) ? undefined : Number(left);
}

// Nine levels, indented 720 twips more each, as Word's own list templates are.
const newLevelIndent = (level: number): number => 720 * (level + 1);

function abstractMarkup(id: string, kind: 'bullet' | 'ordered'): string {
  let levels = '';
  for (let level = 0; level < 9; level++) {
    const indent = `<w:pPr><w:ind w:left="${newLevelIndent(level)}" w:hanging="360"/></w:pPr>`;
    levels +=
      kind === 'bullet'
        ? `<w:lvl w:ilvl="${level}"><w:start w:val="1"/><w:numFmt w:val="bullet"/><w:lvlText w:val="${BULLETS[level % 3]}"/><w:lvlJc w:val="left"/>${indent}</w:lvl>`
        : `<w:lvl w:ilvl="${level}"><w:start w:val="1"/><w:numFmt w:val="${NUMBER_FORMATS[level % 3]}"/><w:lvlText w:val="%${level + 1}."/><w:lvlJc w:val="left"/>${indent}</w:lvl>`;
  }
  return `<w:abstractNum w:abstractNumId="${id}"><w:multiLevelType w:val="hybridMultilevel"/>${levels}</w:abstractNum>`;
}
