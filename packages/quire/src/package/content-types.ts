import type { XmlPart } from '../xml/parse-xml-part.js';
import { attributeValue, childElementsNamed, isElementNamed } from '../xml/namespaces.js';
import { partNameKey } from './part-names.js';

/** Namespace of `[Content_Types].xml` (ECMA-376 Part 2 §10.1.2.2). */
export const CONTENT_TYPES_NAMESPACE = 'http://schemas.openxmlformats.org/package/2006/content-types';

/** The name under which `[Content_Types].xml` is looked up like a part. */
export const CONTENT_TYPES_PART_NAME = '/[Content_Types].xml';

/** The content types of a package: `Default` by extension and `Override` by part name, keys lower-cased. */
export interface ContentTypes {
  defaults: Map<string, string>;
  overrides: Map<string, string>;
}

/** Returns the `Default` and `Override` declarations of a parsed `[Content_Types].xml`. */
export function parseContentTypes(part: XmlPart): ContentTypes {
  const types: ContentTypes = { defaults: new Map(), overrides: new Map() };
  if (!isElementNamed(part.root, CONTENT_TYPES_NAMESPACE, 'Types')) return types;
  for (const element of childElementsNamed(part.root, CONTENT_TYPES_NAMESPACE, 'Default')) {
    const extension = attributeValue(element, null, 'Extension');
    const contentType = attributeValue(element, null, 'ContentType');
    if (extension !== undefined && contentType !== undefined) types.defaults.set(extension.toLowerCase(), contentType);
  }
  for (const element of childElementsNamed(part.root, CONTENT_TYPES_NAMESPACE, 'Override')) {
    const partName = attributeValue(element, null, 'PartName');
    const contentType = attributeValue(element, null, 'ContentType');
    if (partName !== undefined && contentType !== undefined) types.overrides.set(partNameKey(partName), contentType);
  }
  return types;
}

/** Returns the content type of `partName`: its override, else the default for its extension. */
export function contentTypeOf(types: ContentTypes, partName: string): string | undefined {
  const override = types.overrides.get(partNameKey(partName));
  if (override !== undefined) return override;
  const lastSegment = partName.slice(partName.lastIndexOf('/') + 1);
  const dot = lastSegment.lastIndexOf('.');
  return dot === -1 ? undefined : types.defaults.get(lastSegment.slice(dot + 1).toLowerCase());
}
