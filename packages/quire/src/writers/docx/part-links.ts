import type { XmlElement } from '@rgrove/parse-xml';
import type { Node } from 'prosemirror-model';
import type { Relationship } from '../../package/relationships.js';
import { RELATIONSHIP_ID_NAMESPACE } from './ooxml-names.js';

/**
 * A relationship the writer needs and the part does not have yet: added after the part is
 * written, its Id then put where the placeholder stands.
 */
export type PendingRelationship =
  | { readonly placeholder: string; readonly kind: 'hyperlink' | 'image'; /** The URL of a hyperlink, or the `data:` URI of an image. */ readonly target: string }
  | { readonly placeholder: string; readonly kind: 'header' | 'footer'; /** The `header_footer` node the new part holds. */ readonly node: Node };

/**
 * The relationships of one part being written (the main part, the notes part, a header): those
 * it has, and those its new content needs, as placeholders in its text until they are added.
 */
export class PartLinks {
  readonly pending: PendingRelationship[] = [];

  /**
   * @param name tells this part's placeholders from other parts'
   * @param prefix the prefix the part's root declares for relationship Ids (`r`), null for none
   */
  constructor(
    private readonly relationships: readonly Relationship[],
    readonly name: string,
    readonly prefix: string | null,
  ) {}

  /** The qualified name and value of a relationship Id attribute (`r:id="…"`), its namespace declared where the part's root does not. */
  attribute(local: 'id' | 'embed', value: string): string {
    if (this.prefix !== null) return `${this.prefix}:${local}="${value}"`;
    return `xmlns:r="${RELATIONSHIP_ID_NAMESPACE}" r:${local}="${value}"`;
  }

  /**
   * The Id of the relationship to a hyperlink URL or an image (a part name, or a `data:` URI of a
   * new image): an existing one where the part has it, otherwise a placeholder. Undefined for an
   * image that is neither the package's nor a `data:` URI.
   */
  relationshipFor(kind: 'hyperlink' | 'image', target: string): string | undefined {
    const existing = this.relationships.find((r) =>
      kind === 'hyperlink' ? r.external && r.type.endsWith('/hyperlink') && r.target === target : !r.external && r.partName === target,
    );
    if (existing) return existing.id;
    if (kind === 'image' && !target.startsWith('data:')) return undefined;
    const known = this.pending.find((p) => p.kind === kind && p.target === target);
    return known ? known.placeholder : this.add({ kind, target });
  }

  /** Whether the part has a relationship with Id `id`. */
  hasId(id: string): boolean {
    return this.relationships.some((relationship) => relationship.id === id);
  }

  /** A placeholder for the relationship to a new header or footer part holding `node`. */
  partFor(kind: 'header' | 'footer', node: Node): string {
    return this.add({ kind, node });
  }

  private add(pending: { kind: 'hyperlink' | 'image'; target: string } | { kind: 'header' | 'footer'; node: Node }): string {
    const placeholder = `\u0000${this.name}:${this.pending.length}\u0000`;
    this.pending.push({ ...pending, placeholder } as PendingRelationship);
    return placeholder;
  }
}

/** The prefix `root` declares for relationship Ids, or null (a default namespace does not serve attributes). */
export function relationshipPrefix(root: XmlElement): string | null {
  for (const [name, value] of Object.entries(root.attributes)) {
    if (value === RELATIONSHIP_ID_NAMESPACE && name.startsWith('xmlns:')) return name.slice(6);
  }
  return null;
}
