import type { XmlElement } from '@rgrove/parse-xml';
import { escapeXmlAttribute, removeInvalidXmlCharacters } from '../../xml/escape-xml.js';
import { levelKey, type ListLook, type ListPlacement } from './flatten-blocks.js';
import { WORDPROCESSINGML_NAMESPACE, XML_DECLARATION } from './ooxml-names.js';
import { attributeNamed, childElements, elementLocalName, insertBeforeEnd } from '../../xml/elements.js';

const BULLETS = ['\u2022', '\u25E6', '\u25AA'];
const NUMBER_FORMATS = ['decimal', 'lowerLetter', 'lowerRoman'];
// WordprocessingML numbering has nine levels, 0 to 8 (ECMA-376 Part 1, 17.9.3).
const LEVELS = 9;

/** One level of a numbering definition the writer adds (ECMA-376 Part 1, 17.9.6 lvl). */
export interface LevelDefinition {
  /** `w:numFmt`: `bullet`, `decimal`, `lowerRoman`... */
  readonly format: string;
  /** `w:lvlText`: the glyph of a bullet, or the number's text (`%1.`, `Article %1`). */
  readonly text: string;
  readonly start: number;
  /** A level that stands with its own indent (a list level) rather than its paragraph style's (a heading). */
  readonly indented: boolean;
  /** What follows the number (`w:suff`): a tab, as in lists, or a space, as after heading numbers. */
  readonly suffix: 'tab' | 'space';
}

interface Created {
  readonly numId: string;
  readonly abstractId: string;
  readonly levels: (level: number) => LevelDefinition;
}

/**
 * Numbering instances the writer adds: one for each list without one (`new:<n>` placements), each
 * with an abstract definition of its own whose levels draw as the list's levels do (their
 * `ListLook`), and the definitions of numbered headings (see `HeadingNumbering`); numbered after
 * the part's own. The part's existing instances are used as they are.
 */
export class NumberingAdditions {
  private readonly created = new Map<string, Created>();
  private readonly looks = new Map<string, Map<number, ListLook>>();
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
    if (key.startsWith('new:')) return listIndent(level);
    this.indents ??= readLevels(this.root, readLevelIndent);
    return this.indents.get(levelKey(key, level));
  }

  /** Whether instances were created, so that the numbering part must be written. */
  get changed(): boolean {
    return this.created.size > 0;
  }

  /** The `w:numId` for a list placement: its own, or a new instance's for a `new:<n>` key, whose level takes the placement's look. */
  numIdFor(list: ListPlacement): string {
    if (!list.numId.startsWith('new:')) return list.numId;
    let looks = this.looks.get(list.numId);
    if (!looks) this.looks.set(list.numId, (looks = new Map()));
    if (!looks.has(list.level)) looks.set(list.level, list.look);
    return this.define(list.numId, (level) => listLevel(level, looks.get(level) ?? defaultLook(looks)));
  }

  /**
   * The `w:numId` of a definition the writer makes (heading numbers) under `key`: a new instance
   * the first time, whose levels `levels` gives when the part is written.
   */
  define(key: string, levels: (level: number) => LevelDefinition): string {
    let entry = this.created.get(key);
    if (!entry) {
      entry = { numId: String(this.nextNumId++), abstractId: String(this.nextAbstractId++), levels };
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
    const abstracts = [...this.created.values()].map((entry) => abstractMarkup(entry.abstractId, entry.levels)).join('');
    const instances = [...this.created.values()].map((entry) => `<w:num w:numId="${entry.numId}"><w:abstractNumId w:val="${entry.abstractId}"/></w:num>`).join('');
    if (text === undefined || !this.root) {
      return `${XML_DECLARATION}<w:numbering xmlns:w="${WORDPROCESSINGML_NAMESPACE}">${abstracts}${instances}</w:numbering>`;
    }
    const children = childElements(this.root);
    // An empty-element root (`<w:numbering .../>`) gets an end tag around the new definitions.
    if (children.length === 0) return insertBeforeEnd(text, this.root, `${abstracts}${instances}`);
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

/** Left indent in twips of the text of list level `level` (0-based): half an inch per level, as Word's own list templates have it. */
export function listIndent(level: number): number {
  return 720 * (Math.min(level, LEVELS - 1) + 1);
}

// A level without a look of its own draws as the list's first level does: bullets change glyph by depth, numbers format.
function defaultLook(looks: ReadonlyMap<number, ListLook>): ListLook {
  const first = looks.values().next().value;
  return first?.kind === 'ordered' ? { ...first, start: 1, prefix: '', suffix: '.', format: 'decimal' } : { kind: 'bullet', marker: null };
}

function listLevel(level: number, look: ListLook): LevelDefinition {
  if (look.kind === 'bullet') {
    // A list's own marker is one character (a code point); without one the bullet changes with the level.
    const glyph = look.marker === null ? undefined : [...removeInvalidXmlCharacters(look.marker).trim()][0];
    return { format: 'bullet', text: glyph ?? BULLETS[level % 3]!, start: 1, indented: true, suffix: 'tab' };
  }
  return { format: look.format || NUMBER_FORMATS[level % 3]!, text: `${levelTextPart(look.prefix)}%${level + 1}${levelTextPart(look.suffix)}`, start: look.start, indented: true, suffix: 'tab' };
}

// Text around a number in `w:lvlText` (ECMA-376 Part 1, 17.9.11): a `%` followed by a digit would
// be read as a placeholder, so a literal percent sign is dropped.
function levelTextPart(text: string): string {
  return removeInvalidXmlCharacters(text).replace(/%/g, '');
}

function abstractMarkup(id: string, levelAt: (level: number) => LevelDefinition): string {
  let levels = '';
  for (let level = 0; level < LEVELS; level++) {
    const definition = levelAt(level);
    const indent = definition.indented ? `<w:pPr><w:ind w:left="${listIndent(level)}" w:hanging="360"/></w:pPr>` : '';
    const suffix = definition.suffix === 'space' ? '<w:suff w:val="space"/>' : '';
    levels +=
      `<w:lvl w:ilvl="${level}"><w:start w:val="${definition.start}"/><w:numFmt w:val="${escapeXmlAttribute(definition.format)}"/>${suffix}` +
      `<w:lvlText w:val="${escapeXmlAttribute(definition.text)}"/><w:lvlJc w:val="left"/>${indent}</w:lvl>`;
  }
  return `<w:abstractNum w:abstractNumId="${id}"><w:multiLevelType w:val="hybridMultilevel"/>${levels}</w:abstractNum>`;
}
