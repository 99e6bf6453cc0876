import type { XmlElement } from '@rgrove/parse-xml';
import { headingLevelOfStyleName } from '../../model/word-style-names.js';
import { attributeNamed, childElements, childNamed, elementLocalName } from '../../xml/elements.js';
import type { PackageStyles } from './patch-context.js';

/**
 * Returns the id of the paragraph style of each heading level (1 to 6) in a styles part: the
 * style named `heading N` (Word's built-in names, ECMA-376 Part 1, 17.7.4.9, or a localised name
 * such as `Überschrift N`, as the reader knows them), else the first paragraph style with outline
 * level N - 1.
 */
export function readHeadingStyles(styles: XmlElement | undefined): Map<number, string> {
  const byName = new Map<number, string>();
  const byOutline = new Map<number, string>();
  for (const style of styles ? childElements(styles) : []) {
    if (elementLocalName(style) !== 'style' || attributeNamed(style, 'type') !== 'paragraph') continue;
    const id = attributeNamed(style, 'styleId');
    if (id === undefined) continue;
    const name = attributeNamed(childNamed(style, 'name'), 'val') ?? '';
    const level = headingLevelOfStyleName(name);
    if (level !== undefined && level <= 6 && !byName.has(level)) byName.set(level, id);
    const outline = Number(attributeNamed(childNamed(childNamed(style, 'pPr'), 'outlineLvl'), 'val'));
    if (Number.isInteger(outline) && outline >= 0 && outline < 6 && !byOutline.has(outline + 1)) byOutline.set(outline + 1, id);
  }
  for (const [level, id] of byOutline) if (!byName.has(level)) byName.set(level, id);
  return byName;
}

/** What a styles part says of the styles the writer uses (see `PackageStyles`). */
export function readPackageStyles(styles: XmlElement | undefined): PackageStyles {
  const defined = new Set<string>();
  const numbered = new Set<string>();
  for (const style of styles ? childElements(styles) : []) {
    const id = elementLocalName(style) === 'style' ? attributeNamed(style, 'styleId') : undefined;
    if (id === undefined) continue;
    defined.add(id);
    if (childNamed(childNamed(style, 'pPr'), 'numPr')) numbered.add(id);
  }
  return { headings: readHeadingStyles(styles), defined, numbered };
}
