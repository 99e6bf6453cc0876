import type { Indentation, ParagraphAttrs, Spacing } from '../../model/paragraph-attrs.js';
import type { ParagraphProperties } from './paragraph-properties.js';
import { finalTabStops } from './tab-stop-properties.js';

/**
 * Returns the model attributes of a paragraph whose properties, styles applied, are `resolved`:
 * each property where it differs from `baseline` (the properties its text would have anyway, see
 * `readParagraph`), so that paragraphs in the usual look carry no attributes, except tab stops,
 * which are kept whole wherever they come from. `omitIndent` leaves out the indentation that a
 * list already implies.
 */
export function readParagraphAttrs(
  resolved: ParagraphProperties,
  baseline: ParagraphProperties,
  styleId: string | null,
  omitIndent: boolean,
): ParagraphAttrs {
  const align = resolved.align ?? 'left';
  return {
    styleId,
    align: align !== (baseline.align ?? 'left') ? align : null,
    indent: !omitIndent && !sameIndent(resolved.indent, baseline.indent) ? compactIndent(resolved.indent) : null,
    spacing: !sameSpacing(resolved.spacing, baseline.spacing) && resolved.spacing ? resolved.spacing : null,
    keepNext: resolved.keepNext === true && baseline.keepNext !== true,
    keepLines: resolved.keepLines === true && baseline.keepLines !== true,
    pageBreakBefore: resolved.pageBreakBefore === true && baseline.pageBreakBefore !== true,
    anchors: null,
    direction: resolved.bidi === true ? 'rtl' : null,
    shading: resolved.shading !== baseline.shading && resolved.shading !== undefined && resolved.shading !== 'none' ? resolved.shading : null,
    tabs: finalTabStops(resolved.tabs),
  };
}

function sameIndent(a: Indentation | undefined, b: Indentation | undefined): boolean {
  return (a?.left ?? 0) === (b?.left ?? 0) && (a?.right ?? 0) === (b?.right ?? 0) && (a?.firstLine ?? 0) === (b?.firstLine ?? 0) && (a?.hanging ?? 0) === (b?.hanging ?? 0);
}

function sameSpacing(a: Spacing | undefined, b: Spacing | undefined): boolean {
  return (
    a?.before === b?.before &&
    a?.after === b?.after &&
    a?.line === b?.line &&
    (a?.lineRule ?? 'auto') === (b?.lineRule ?? 'auto') &&
    (a?.beforeAutospacing ?? false) === (b?.beforeAutospacing ?? false) &&
    (a?.afterAutospacing ?? false) === (b?.afterAutospacing ?? false)
  );
}

// Zero values say nothing: a resolved indent of all zeros (undoing a style's) is no indent.
function compactIndent(indent: Indentation | undefined): Indentation | null {
  if (!indent) return null;
  const entries = Object.entries(indent).filter(([, value]) => value !== 0);
  return entries.length > 0 ? (Object.fromEntries(entries) as Indentation) : null;
}
