import { escapeXmlAttribute } from '../xml/escape-xml.js';
import { attributeValue, childElementsNamed } from '../xml/namespaces.js';
import { createRootPatch } from '../xml/root-patch.js';
import { serializeXmlPart } from '../xml/serialize-xml-part.js';
import { CONTENT_TYPES_NAMESPACE, CONTENT_TYPES_PART_NAME, contentTypeOf, type ContentTypes } from './content-types.js';
import type { OpcPackage } from './open-package.js';
import { partNameKey, relationshipsPartNameFor } from './part-names.js';
import { RELATIONSHIPS_NAMESPACE } from './relationships.js';
import { rewriteZip, type RewriteZipOptions } from './rewrite-zip.js';
import { entryNameFromPartName, relativeTarget } from './written-part-names.js';

/**
 * Changes to an opened package, collected and then written in one pass by `toBytes()`:
 * relationships and content type overrides are inserted into their parts without re-serialising
 * them, and untouched entries are copied byte for byte. Methods that read the package return
 * promises; await each before the next, since a name or Id one claims must be seen by the next.
 */
export interface PackageEdit {
  /** The package being edited, whose parts and relationships the edit reads. */
  readonly package: OpcPackage;
  /** Sets the content of `partName`, replacing an existing part or adding a new one. */
  setPart(partName: string, content: Uint8Array): void;
  /** Adds a content type Override for `partName` unless it already resolves to `contentType`. */
  ensureContentType(partName: string, contentType: string): Promise<void>;
  /** Adds a relationship of `type` from `source` (`'/'` for the package) to `partName`; resolves to its new unique Id. */
  addRelationship(source: string, type: string, partName: string): Promise<string>;
  /** Adds a relationship of `type` from `source` to an external `target` (`TargetMode="External"`, a URL); resolves to its new unique Id. */
  addExternalRelationship(source: string, type: string, target: string): Promise<string>;
  /**
   * Resolves to `preferred`, or a numbered variant (`custom2.xml`) when a part or an override
   * already uses the name; an override without a part is no obstacle when it declares `contentType`.
   */
  freePartName(preferred: string, contentType?: string): Promise<string>;
  /** Resolves to the new package bytes (computed once); the original bytes, same object, when nothing was changed. */
  toBytes(options?: RewriteZipOptions): Promise<Uint8Array>;
}

/** Content type of relationships parts (ECMA-376 Part 2 §9.3.2). */
const RELATIONSHIPS_CONTENT_TYPE = 'application/vnd.openxmlformats-package.relationships+xml';

interface PendingRelationship {
  id: string;
  type: string;
  target: string;
  external: boolean;
}

/** Starts a {@link PackageEdit} of `pkg`. */
export function editPackage(pkg: OpcPackage): PackageEdit {
  const contents = new Map<string, { partName: string; content: Uint8Array }>();
  const overrides = new Map<string, { partName: string; contentType: string }>();
  const relationships = new Map<string, { source: string; items: PendingRelationship[] }>();
  let result: Promise<Uint8Array> | undefined;

  const setPart = (partName: string, content: Uint8Array): void => {
    contents.set(partNameKey(partName), { partName, content });
  };
  // A name is free when no part, pending part or override uses it; a dangling override that
  // already declares the wanted content type is reused rather than left dangling.
  const isTaken = (partName: string, contentType: string | undefined, types: ContentTypes | undefined): boolean => {
    const key = partNameKey(partName);
    if (pkg.hasPart(partName) || contents.has(key) || overrides.has(key)) return true;
    const declared = types?.overrides.get(key);
    return declared !== undefined && declared !== contentType;
  };

  async function ensureContentType(partName: string, contentType: string): Promise<void> {
    const types = await pkg.readContentTypes();
    const pending = overrides.get(partNameKey(partName));
    if (pending?.contentType === contentType) return;
    if (!pending && types && contentTypeOf(types, partName) === contentType) return;
    overrides.set(partNameKey(partName), { partName, contentType });
  }

  async function addRelationship(source: string, type: string, partName: string): Promise<string> {
    return addPending(source, type, relativeTarget(source, partName), false);
  }

  async function addExternalRelationship(source: string, type: string, target: string): Promise<string> {
    return addPending(source, type, target, true);
  }

  async function addPending(source: string, type: string, target: string, external: boolean): Promise<string> {
    const existing = await pkg.readRelationships(source);
    const key = partNameKey(source);
    const pending = relationships.get(key) ?? { source, items: [] };
    relationships.set(key, pending);
    const taken = new Set([...existing.map((r) => r.id), ...pending.items.map((r) => r.id)]);
    let n = taken.size + 1;
    while (taken.has(`rId${n}`)) n++;
    const id = `rId${n}`;
    pending.items.push({ id, type, target, external });
    return id;
  }

  async function freePartName(preferred: string, contentType?: string): Promise<string> {
    const types = await pkg.readContentTypes();
    if (!isTaken(preferred, contentType, types)) return preferred;
    const dot = preferred.lastIndexOf('.');
    const stem = dot > preferred.lastIndexOf('/') ? preferred.slice(0, dot) : preferred;
    const extension = preferred.slice(stem.length);
    for (let n = 2; ; n++) if (!isTaken(`${stem}${n}${extension}`, contentType, types)) return `${stem}${n}${extension}`;
  }

  async function writeRelationships(): Promise<void> {
    for (const { source, items } of relationships.values()) {
      const relsName = relationshipsPartNameFor(source);
      const markup = (name: string): string =>
        items
          .map((r) => `<${name} Id="${escapeXmlAttribute(r.id)}" Type="${escapeXmlAttribute(r.type)}" Target="${escapeXmlAttribute(r.target)}"${r.external ? ' TargetMode="External"' : ''}/>`)
          .join('');
      if (pkg.hasPart(relsName)) {
        const part = await pkg.readXmlPart(relsName);
        const patch = createRootPatch(part);
        const prefix = patch.prefixFor(RELATIONSHIPS_NAMESPACE, 'r', { allowDefault: true });
        patch.appendChild(markup(prefix ? `${prefix}:Relationship` : 'Relationship'));
        setPart(relsName, serializeXmlPart(part, patch.toText()));
      } else {
        const text = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="${RELATIONSHIPS_NAMESPACE}">${markup('Relationship')}</Relationships>`;
        setPart(relsName, new TextEncoder().encode(text));
        await ensureContentType(relsName, RELATIONSHIPS_CONTENT_TYPE);
      }
    }
  }

  async function writeContentTypes(): Promise<void> {
    if (overrides.size === 0) return;
    const part = await pkg.readXmlPart(CONTENT_TYPES_PART_NAME);
    const patch = createRootPatch(part);
    const prefix = patch.prefixFor(CONTENT_TYPES_NAMESPACE, 'ct', { allowDefault: true });
    const name = prefix ? `${prefix}:Override` : 'Override';
    // A part name may have one Override only (ECMA-376 Part 2 §10.1.2.2.3): an existing one is replaced.
    const existing = new Map(
      childElementsNamed(part.root, CONTENT_TYPES_NAMESPACE, 'Override').map((element) => [
        partNameKey(attributeValue(element, null, 'PartName') ?? ''),
        element,
      ]),
    );
    for (const [key, o] of overrides) {
      const markup = `<${name} PartName="${escapeXmlAttribute(o.partName)}" ContentType="${escapeXmlAttribute(o.contentType)}"/>`;
      const element = existing.get(key);
      if (element) patch.replaceNode(element, markup);
      else patch.appendChild(markup);
    }
    setPart(CONTENT_TYPES_PART_NAME, serializeXmlPart(part, patch.toText()));
  }

  return {
    package: pkg,
    setPart,
    ensureContentType,
    addRelationship,
    addExternalRelationship,
    freePartName,
    toBytes(options) {
      result ??= (async () => {
        await writeRelationships();
        await writeContentTypes();
        if (contents.size === 0) return pkg.bytes;
        const parts = new Map<string, Uint8Array>();
        for (const { partName, content } of contents.values()) {
          parts.set(pkg.entryOf(partName)?.name ?? entryNameFromPartName(partName), content);
        }
        return rewriteZip(pkg.bytes, pkg.directory, parts, options);
      })();
      return result;
    },
  };
}
