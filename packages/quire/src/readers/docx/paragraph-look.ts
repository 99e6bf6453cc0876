import type { XmlElement } from '@rgrove/parse-xml';
import type { DocxContext, StoryState } from './docx-context.js';
import { readParagraphProperties, type NumberingReference, type ParagraphProperties } from './paragraph-properties.js';
import type { ResolvedNumbering } from './read-numbering.js';
import type { StyleDefinition } from './read-styles.js';
import { classifyParagraph, isContextParagraphStyle, isPageFurnitureStyle, isPlainQuoteStyle, type ParagraphRole } from './style-roles.js';

/** What a paragraph's properties (`w:pPr`) make of it, through the style hierarchy (see `readParagraph`). */
export interface ParagraphLook {
  /** The properties `w:pPr` sets itself. */
  readonly direct: ParagraphProperties;
  /** The paragraph style's id (the default style's when `w:pPr` names none). */
  readonly styleId: string | undefined;
  /** The style and the styles it is based on, the style first. */
  readonly chain: readonly StyleDefinition[];
  readonly numbering: ResolvedNumbering | undefined;
  /** The properties with the style hierarchy applied. */
  readonly resolved: ParagraphProperties;
  readonly role: ParagraphRole;
  /** The style whose look the paragraph's attributes are relative to, and that look. */
  readonly baselineStyleId: string | undefined;
  readonly baseline: ParagraphProperties;
  /** A quote or page furniture style whose look goes into the document's defaults, else null. */
  readonly keptLookStyle: string | null;
  /** The style id the model keeps (`styleId`), or null. */
  readonly keptStyleId: string | null;
}

/**
 * Resolves the properties `pPr` gives a paragraph in the story being read: its style, numbering,
 * role (heading, quote, code, body) and the baseline its attributes are relative to. Pure: the
 * list counters and the block flow are the caller's.
 */
export function resolveParagraphLook(state: StoryState, pPr: XmlElement | undefined): ParagraphLook {
  const { context } = state;
  const { names, styles } = context;
  const direct = readParagraphProperties(pPr, names);
  const styleId = styles.paragraphStyleId(direct.styleId);
  const chain = styles.chain(styleId, 'paragraph');
  const style = styles.paragraphStyle(styleId);
  const numbering = resolveNumbering(context, style.paragraph.numbering, direct.numbering, styleId);
  const resolved = styles.resolveParagraph([state.cell?.paragraph, numbering?.definition.paragraph, style.paragraph, direct]);
  const role = classifyParagraph(chain, resolved.outlineLevel);
  const ownStyle = chain[0];
  const baselineStyleId = role.kind !== 'body' || (ownStyle && isContextParagraphStyle(ownStyle)) ? styleId : styles.sheet.defaultStyles.paragraph;
  // A heading's numbering is part of its style's look (the model does not number headings).
  const headingNumbering = role.kind === 'heading' ? numbering?.definition.paragraph : undefined;
  const baseline = styles.resolveParagraph([state.cell?.paragraph, headingNumbering, styles.paragraphStyle(baselineStyleId).paragraph]);
  const keepsLook = ownStyle !== undefined && ((role.kind === 'quote' && !isPlainQuoteStyle(ownStyle)) || isPageFurnitureStyle(ownStyle));
  const keptLookStyle = keepsLook && styleId !== undefined ? styleId : null;
  const keptStyleId = keptLookStyle ?? (styleId !== undefined && styleId !== baselineStyleId ? styleId : null);
  return { direct, styleId, chain, numbering, resolved, role, baselineStyleId, baseline, keptLookStyle, keptStyleId };
}

// Numbering may come from the paragraph, from its style, or both field by field; a style's
// numbering without a level uses the level linked to the style (ECMA-376 Part 1, 17.9.23).
function resolveNumbering(
  context: DocxContext,
  fromStyle: NumberingReference | undefined,
  direct: NumberingReference | undefined,
  styleId: string | undefined,
): ResolvedNumbering | undefined {
  const numId = direct?.numId ?? fromStyle?.numId;
  if (numId === undefined) return undefined;
  const level = direct?.level ?? fromStyle?.level ?? context.numbering.levelOfStyle(numId, styleId) ?? 0;
  return context.numbering.resolve(numId, level);
}

