import type { XmlElement } from '@rgrove/parse-xml';
import type { OoxmlNames } from './ooxml-names.js';
import { parseInteger, parseOnOff } from './ooxml-values.js';
import { readParagraphProperties, type ParagraphProperties } from './paragraph-properties.js';
import { readRunProperties } from './run-properties.js';
import type { StyleResolver } from './style-resolver.js';

/** One level of a numbering definition (`w:lvl`, ECMA-376 Part 1, 17.9.6). */
export interface NumberingLevel {
  /** ST_NumberFormat: `decimal`, `bullet`, `lowerLetter`, `upperRoman`, `none`... */
  readonly format: string;
  /** The level text (`w:lvlText`): the bullet character, or a pattern such as `%1.`. */
  readonly text: string;
  /** The font of the number or bullet (bullets in Symbol or Wingdings use private code points). */
  readonly font: string | undefined;
  readonly start: number;
  /** `w:lvlRestart`: the level (1-based) after which this one restarts; 0 never; absent after any higher level. */
  readonly restartAfter: number | undefined;
  /** The paragraph style this level is linked to (`w:pStyle`). */
  readonly styleId: string | undefined;
  /** `w:isLgl`: the numbers of every level are shown in decimal (ECMA-376 Part 1, 17.9.4). */
  readonly legal: boolean;
  /** Paragraph properties (indentation) of the level. */
  readonly paragraph: ParagraphProperties;
}

/** The level that a paragraph's numbering reference points to, with the list's counter key. */
export interface ResolvedNumbering {
  readonly numId: string;
  readonly level: number;
  /** The abstract definition: instances of one abstract definition share their counters. */
  readonly abstractId: string;
  readonly definition: NumberingLevel;
  /** `w:startOverride` of this instance at this level, applied on the instance's first use. */
  readonly startOverride: number | undefined;
}

interface AbstractNumbering {
  readonly levels: ReadonlyMap<number, NumberingLevel>;
  readonly numStyleLink: string | undefined;
}

interface NumberingInstance {
  readonly abstractId: string;
  readonly overrides: ReadonlyMap<number, { readonly start?: number; readonly level?: NumberingLevel }>;
}

const MAX_LEVEL = 8;
// numStyleLink indirections followed at most: a hostile file could make them loop.
const MAX_LINKS = 4;

/** The numbering definitions of a document (`numbering.xml`): abstract definitions and their instances. */
export class NumberingDefinitions {
  private constructor(
    private readonly abstracts: ReadonlyMap<string, AbstractNumbering>,
    private readonly instances: ReadonlyMap<string, NumberingInstance>,
    private readonly styles: StyleResolver,
  ) {}

  /** Returns definitions read from a parsed numbering part, or none when `root` is undefined. */
  static read(root: XmlElement | undefined, names: OoxmlNames, styles: StyleResolver): NumberingDefinitions {
    const abstracts = new Map<string, AbstractNumbering>();
    const instances = new Map<string, NumberingInstance>();
    if (root && names.name(root) === 'w:numbering') {
      for (const element of names.children(root)) {
        const name = names.name(element);
        if (name === 'w:abstractNum') {
          const id = names.attr(element, 'w:abstractNumId');
          if (id !== undefined && !abstracts.has(id)) abstracts.set(id, readAbstract(element, names));
        } else if (name === 'w:num') {
          const id = names.attr(element, 'w:numId');
          const abstractId = names.childVal(element, 'w:abstractNumId');
          if (id !== undefined && abstractId !== undefined && !instances.has(id)) instances.set(id, readInstance(element, abstractId, names));
        }
      }
    }
    return new NumberingDefinitions(abstracts, instances, styles);
  }

  /**
   * Returns the level that numbering instance `numId` uses at `level`, following numbering-style
   * links (`w:numStyleLink`), or undefined when the instance is `0` (numbering removed), unknown,
   * or has no such level.
   */
  resolve(numId: string, level: number): ResolvedNumbering | undefined {
    const instance = this.instances.get(numId);
    if (!instance || level < 0 || level > MAX_LEVEL) return undefined;
    const override = instance.overrides.get(level);
    const abstractId = this.followLinks(instance.abstractId);
    const definition = override?.level ?? this.abstracts.get(abstractId)?.levels.get(level);
    if (!definition) return undefined;
    return { numId, level, abstractId, definition, startOverride: override?.start };
  }

  /** Returns the level of instance `numId` linked to paragraph style `styleId`, or undefined (level 0 is then used). */
  levelOfStyle(numId: string, styleId: string | undefined): number | undefined {
    if (styleId === undefined) return undefined;
    const instance = this.instances.get(numId);
    const abstract = instance && this.abstracts.get(this.followLinks(instance.abstractId));
    if (!abstract) return undefined;
    for (const [level, definition] of abstract.levels) if (definition.styleId === styleId) return level;
    return undefined;
  }

  // An abstract definition may hold only a link to a numbering style, whose numPr names the
  // instance of the definition that has the levels (ECMA-376 Part 1, 17.9.21).
  private followLinks(abstractId: string): string {
    let id = abstractId;
    for (let hop = 0; hop < MAX_LINKS; hop++) {
      const link = this.abstracts.get(id)?.numStyleLink;
      if (link === undefined) return id;
      const numId = this.styles.style(link, 'numbering')?.paragraph.numbering?.numId;
      const target = numId === undefined ? undefined : this.instances.get(numId)?.abstractId;
      if (target === undefined || target === id) return id;
      id = target;
    }
    return id;
  }
}

function readAbstract(element: XmlElement, names: OoxmlNames): AbstractNumbering {
  const levels = new Map<number, NumberingLevel>();
  for (const lvl of names.childrenNamed(element, 'w:lvl')) {
    const level = parseInteger(names.attr(lvl, 'w:ilvl'));
    if (level !== undefined && level >= 0 && level <= MAX_LEVEL && !levels.has(level)) levels.set(level, readLevel(lvl, names));
  }
  return { levels, numStyleLink: names.childVal(element, 'w:numStyleLink') };
}

function readInstance(element: XmlElement, abstractId: string, names: OoxmlNames): NumberingInstance {
  const overrides = new Map<number, { start?: number; level?: NumberingLevel }>();
  for (const override of names.childrenNamed(element, 'w:lvlOverride')) {
    const level = parseInteger(names.attr(override, 'w:ilvl'));
    if (level === undefined || level < 0 || level > MAX_LEVEL) continue;
    const start = parseInteger(names.childVal(override, 'w:startOverride'));
    const lvl = names.child(override, 'w:lvl');
    overrides.set(level, { ...(start !== undefined ? { start } : {}), ...(lvl ? { level: readLevel(lvl, names) } : {}) });
  }
  return { abstractId, overrides };
}

function readLevel(lvl: XmlElement, names: OoxmlNames): NumberingLevel {
  const restart = parseInteger(names.childVal(lvl, 'w:lvlRestart'));
  const font = readRunProperties(names.child(lvl, 'w:rPr'), names).font?.family;
  const isLgl = names.child(lvl, 'w:isLgl');
  return {
    format: names.childVal(lvl, 'w:numFmt') ?? 'decimal',
    text: names.childVal(lvl, 'w:lvlText') ?? '',
    font,
    // An absent start is 0 (ECMA-376 Part 1, 17.9.25).
    start: parseInteger(names.childVal(lvl, 'w:start')) ?? 0,
    restartAfter: restart,
    styleId: names.childVal(lvl, 'w:pStyle'),
    legal: isLgl !== undefined && parseOnOff(names.attr(isLgl, 'w:val')),
    paragraph: readParagraphProperties(names.child(lvl, 'w:pPr'), names),
  };
}
