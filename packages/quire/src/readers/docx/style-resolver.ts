import { mergeParagraphProperties, type ParagraphProperties } from './paragraph-properties.js';
import type { ConditionalFormat, StyleDefinition, Stylesheet, StyleType } from './read-styles.js';
import { resolveThemeFont, themeScriptFonts, type ThemeFonts } from './read-theme.js';
import { TOGGLE_PROPERTIES, type FontChoice, type RunProperties } from './run-properties.js';
import { mergeBorders, type CellProperties, type TableProperties } from './table-properties.js';

/** The formatting a run shows once the whole hierarchy is applied; `null` means "none" or automatic. */
export interface ResolvedRun {
  readonly bold: boolean;
  readonly italic: boolean;
  /** Single or double strikethrough. */
  readonly strike: boolean;
  readonly caps: boolean;
  readonly smallCaps: boolean;
  readonly hidden: boolean;
  readonly underline: string | null;
  readonly verticalAlign: 'superscript' | 'subscript' | null;
  /** `RRGGBB`. */
  readonly color: string | null;
  /** `RRGGBB` of the highlight or run shading. */
  readonly highlight: string | null;
  readonly family: string | null;
  /** Size in points. */
  readonly size: number | null;
  /** The family of East Asian text (`w:eastAsia`); null: the Latin `family`. */
  readonly eastAsiaFamily: string | null;
  /** How complex-script text looks (`w:cs`, `w:szCs`, `w:bCs`, `w:iCs`). */
  readonly complex: ComplexScriptFormat;
  /** Which slot characters that more than one could take use (`w:hint`), when the run says. */
  readonly fontHint: 'eastAsia' | 'cs' | null;
  /** Whether all the run's text takes the complex-script formatting (`w:rtl` or `w:cs`). */
  readonly complexOnly: boolean;
}

/** The font, size, bold and italic of complex-script text; null family or size: the Latin ones. */
export interface ComplexScriptFormat {
  readonly family: string | null;
  /**
   * The theme's typefaces by script (`Arab`, `Hebr`...) when `family` is a theme font that names
   * none itself, as Word's themes leave `a:cs` empty: text takes its own script's typeface.
   */
  readonly scriptFamilies: Readonly<Record<string, string>>;
  /** Size in points. */
  readonly size: number | null;
  readonly bold: boolean;
  readonly italic: boolean;
}

/** The run properties of each level of the style hierarchy that applies to one run (ECMA-376 Part 1, 17.7.2). */
export interface RunLayers {
  readonly table?: RunProperties | undefined;
  readonly paragraph?: RunProperties | undefined;
  readonly character?: RunProperties | undefined;
  readonly direct?: RunProperties | undefined;
}

/** A table style with its `basedOn` chain applied, conditional formats included. */
export interface TableStyleFormat extends ConditionalFormat {
  readonly conditional: ReadonlyMap<string, ConditionalFormat>;
}

const EMPTY_FORMAT: ConditionalFormat = { paragraph: {}, run: {}, table: {}, cell: {} };
// basedOn chains longer than this are cut: Word itself limits them, and a hostile file could loop.
const MAX_CHAIN = 32;

/**
 * Applies a stylesheet the way Word does: `basedOn` chains (cycle-safe), document defaults, table,
 * paragraph and character styles and direct formatting in the order of ECMA-376 Part 1, 17.7.2,
 * toggle properties per 17.7.3, and theme fonts. Flattened styles are cached.
 */
export class StyleResolver {
  private readonly lowerCaseIds = new Map<string, StyleDefinition>();
  private readonly chains = new Map<string, readonly StyleDefinition[]>();
  private readonly paragraphStyles = new Map<string, { paragraph: ParagraphProperties; run: RunProperties }>();
  private readonly characterStyles = new Map<string, RunProperties>();
  private readonly tableStyles = new Map<string, TableStyleFormat>();

  constructor(
    readonly sheet: Stylesheet,
    private readonly theme: ThemeFonts,
  ) {
    for (const style of sheet.styles.values()) {
      if (!this.lowerCaseIds.has(style.id.toLowerCase())) this.lowerCaseIds.set(style.id.toLowerCase(), style);
    }
  }

  /** Returns the style with `id` of `type` (ids compared exactly, then case-insensitively), or undefined. */
  style(id: string | undefined, type: StyleType): StyleDefinition | undefined {
    if (id === undefined) return undefined;
    const style = this.sheet.styles.get(id) ?? this.lowerCaseIds.get(id.toLowerCase());
    return style?.type === type ? style : undefined;
  }

  /** Returns the id of the paragraph style that applies: `id` when it names one, else the default paragraph style. */
  paragraphStyleId(id: string | undefined): string | undefined {
    return this.style(id, 'paragraph')?.id ?? this.sheet.defaultStyles.paragraph;
  }

  /** Returns the style `id` and its `basedOn` ancestors of the same type, nearest first; a cycle ends the chain. */
  chain(id: string | undefined, type: StyleType): readonly StyleDefinition[] {
    if (id === undefined) return [];
    const key = `${type}\u0000${id}`;
    let chain = this.chains.get(key);
    if (!chain) {
      const found: StyleDefinition[] = [];
      const seen = new Set<string>();
      for (let style = this.style(id, type); style && !seen.has(style.id) && found.length < MAX_CHAIN; style = this.style(style.basedOn, type)) {
        seen.add(style.id);
        found.push(style);
      }
      chain = found;
      this.chains.set(key, chain);
    }
    return chain;
  }

  /** Returns the paragraph and run properties of paragraph style `id` with its chain applied. */
  paragraphStyle(id: string | undefined): { paragraph: ParagraphProperties; run: RunProperties } {
    if (id === undefined) return { paragraph: {}, run: {} };
    let flat = this.paragraphStyles.get(id);
    if (!flat) {
      flat = { paragraph: {}, run: {} };
      for (const style of [...this.chain(id, 'paragraph')].reverse()) {
        flat = { paragraph: mergeParagraphProperties(flat.paragraph, style.paragraph), run: { ...flat.run, ...style.run } };
      }
      this.paragraphStyles.set(id, flat);
    }
    return flat;
  }

  /** Returns the run properties of character style `id` with its chain applied. */
  characterStyle(id: string | undefined): RunProperties {
    if (id === undefined) return {};
    let flat = this.characterStyles.get(id);
    if (!flat) {
      flat = {};
      for (const style of [...this.chain(id, 'character')].reverse()) flat = { ...flat, ...style.run };
      this.characterStyles.set(id, flat);
    }
    return flat;
  }

  /** Returns table style `id` (or the default table style) with its chain applied. */
  tableStyle(id: string | undefined): TableStyleFormat {
    const styleId = this.style(id, 'table')?.id ?? this.sheet.defaultStyles.table;
    if (styleId === undefined) return { ...EMPTY_FORMAT, conditional: new Map() };
    let flat = this.tableStyles.get(styleId);
    if (!flat) {
      let base: ConditionalFormat = EMPTY_FORMAT;
      const conditional = new Map<string, ConditionalFormat>();
      for (const style of [...this.chain(styleId, 'table')].reverse()) {
        base = mergeFormat(base, style);
        for (const [type, format] of style.conditional) conditional.set(type, mergeFormat(conditional.get(type) ?? EMPTY_FORMAT, format));
      }
      flat = { ...base, conditional };
      this.tableStyles.set(styleId, flat);
    }
    return flat;
  }

  /**
   * Returns the paragraph properties of `layers` applied in order on top of the document
   * defaults (callers pass table style, numbering level, paragraph style and direct formatting).
   */
  resolveParagraph(layers: readonly (ParagraphProperties | undefined)[]): ParagraphProperties {
    let props = this.sheet.defaults.paragraph;
    for (const layer of layers) if (layer) props = mergeParagraphProperties(props, layer);
    return props;
  }

  /** Returns the formatting a run shows, given the run properties of each level that applies to it. */
  resolveRun(layers: RunLayers): ResolvedRun {
    const defaults = this.sheet.defaults.run;
    const props: RunProperties = { ...defaults, ...layers.table, ...layers.paragraph, ...layers.character, ...layers.direct };
    const toggles = {} as Record<(typeof TOGGLE_PROPERTIES)[number], boolean>;
    for (const name of TOGGLE_PROPERTIES) {
      const direct = layers.direct?.[name];
      if (direct !== undefined) {
        toggles[name] = direct;
        continue;
      }
      // 17.7.3: on in the document defaults stays on; otherwise the style levels combine by XOR.
      let on = false;
      for (const layer of [layers.table, layers.paragraph, layers.character]) if (layer?.[name] === true) on = !on;
      toggles[name] = defaults[name] === true || on;
    }
    const family = this.fontFamily(props.font);
    const highlight = props.highlight !== undefined && props.highlight !== 'none' ? props.highlight : props.shading !== undefined && props.shading !== 'auto' ? props.shading : null;
    return {
      bold: toggles.bold,
      italic: toggles.italic,
      strike: toggles.strike || toggles.doubleStrike,
      caps: toggles.caps,
      smallCaps: toggles.smallCaps,
      hidden: toggles.hidden,
      underline: props.underline !== undefined && props.underline !== 'none' ? props.underline : null,
      verticalAlign: props.verticalAlign === 'superscript' || props.verticalAlign === 'subscript' ? props.verticalAlign : null,
      color: props.color !== undefined && props.color !== 'auto' ? props.color : null,
      highlight,
      family,
      size: props.size === undefined ? null : props.size / 2,
      eastAsiaFamily: this.fontFamily(props.eastAsiaFont),
      complex: {
        family: this.fontFamily(props.complexFont),
        scriptFamilies: props.complexFont?.theme === undefined ? {} : themeScriptFonts(this.theme, props.complexFont.theme),
        size: props.complexSize === undefined ? null : props.complexSize / 2,
        bold: toggles.complexBold,
        italic: toggles.complexItalic,
      },
      fontHint: props.fontHint === 'eastAsia' || props.fontHint === 'cs' ? props.fontHint : null,
      complexOnly: props.rightToLeft === true || props.complexScript === true,
    };
  }

  // The family a font choice names, through the theme for a theme slot.
  private fontFamily(font: FontChoice | undefined): string | null {
    return font?.theme !== undefined ? (resolveThemeFont(this.theme, font.theme) ?? null) : (font?.family ?? null);
  }
}

/** Returns the formatting `over` applied on top of `base`, part by part (paragraph, run, table, cell). */
export function mergeFormat(base: ConditionalFormat, over: ConditionalFormat): ConditionalFormat {
  const table: TableProperties = { ...base.table, ...over.table };
  const borders = mergeBorders(base.table.borders, over.table.borders);
  const cellBorders = mergeBorders(base.cell.borders, over.cell.borders);
  const cell: CellProperties = { ...base.cell, ...over.cell };
  return {
    paragraph: mergeParagraphProperties(base.paragraph, over.paragraph),
    run: { ...base.run, ...over.run },
    table: borders ? { ...table, borders } : table,
    cell: cellBorders ? { ...cell, borders: cellBorders } : cell,
  };
}
