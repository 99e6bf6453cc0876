import type { XmlPart } from '../xml/parse-xml-part.js';
import { attributeValue, childElementsNamed, isElementNamed } from '../xml/namespaces.js';
import { resolveRelationshipTarget } from './part-names.js';

/** Namespace of relationships parts (ECMA-376 Part 2 §9.3.2; the same in strict packages). */
export const RELATIONSHIPS_NAMESPACE = 'http://schemas.openxmlformats.org/package/2006/relationships';

/** One relationship of a source part. */
export interface Relationship {
  id: string;
  type: string;
  /** The target as written. */
  target: string;
  /** True for `TargetMode="External"`: the target is not a part and is never followed. */
  external: boolean;
  /** The resolved part name of an internal target; undefined when it is not a usable part name. */
  partName?: string;
}

/**
 * Returns the relationships of a parsed relationships part. Targets that climb out of the
 * package or are not part names are kept without `partName`, and a warning is added.
 */
export function parseRelationships(part: XmlPart, source: string, warnings: string[]): Relationship[] {
  if (!isElementNamed(part.root, RELATIONSHIPS_NAMESPACE, 'Relationships')) {
    warnings.push(`${part.partName} is not a relationships part; its content is ignored.`);
    return [];
  }
  const relationships: Relationship[] = [];
  for (const element of childElementsNamed(part.root, RELATIONSHIPS_NAMESPACE, 'Relationship')) {
    const id = attributeValue(element, null, 'Id') ?? '';
    const type = attributeValue(element, null, 'Type') ?? '';
    const target = attributeValue(element, null, 'Target') ?? '';
    const external = attributeValue(element, null, 'TargetMode') === 'External';
    const relationship: Relationship = { id, type, target, external };
    if (!external) {
      const resolved = resolveRelationshipTarget(source, target);
      if (resolved.kind === 'part') {
        relationship.partName = resolved.partName;
      } else {
        const why = resolved.kind === 'outside' ? 'points outside the package' : 'is not a part name';
        warnings.push(`Relationship ${id} in ${part.partName} ${why} (${target}); it is ignored.`);
      }
    }
    relationships.push(relationship);
  }
  return relationships;
}
