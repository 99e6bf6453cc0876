import type { XmlPart } from './parse-xml-part.js';
import { attributeQualifiedName } from './attribute-qualified-name.js';
import { escapeXmlAttribute } from './escape-xml.js';
import { scanStartTag } from './scan-start-tag.js';
import { applyTextEdits, type TextEdit } from './text-edits.js';

/** The Markup Compatibility namespace (ECMA-376 Part 3), home of `mc:Ignorable`. */
export const MARKUP_COMPATIBILITY_NAMESPACE = 'http://schemas.openxmlformats.org/markup-compatibility/2006';

/** Options of {@link RootPatch.prefixFor}. */
export interface PrefixForOptions {
  /** Return `''` when the namespace is the root's default namespace (fine for elements, never for attributes). */
  allowDefault?: boolean;
}

/**
 * Edits to the root element of an XML part that leave every other character of the part as it
 * was: namespace declarations, `mc:Ignorable` prefixes, appended children and node replacements.
 */
export interface RootPatch {
  /**
   * Returns the prefix to use for `namespace` in children of the root: the one the root already
   * declares, otherwise `preferredPrefix` (or a numbered variant when taken), declared on the root.
   */
  prefixFor(namespace: string, preferredPrefix: string, options?: PrefixForOptions): string;
  /** Ensures `prefix` is listed in the root's `mc:Ignorable` attribute, adding the attribute if needed. */
  addIgnorablePrefix(prefix: string): void;
  /** Appends `markup` as the last child of the root (an empty-element root gets an end tag). */
  appendChild(markup: string): void;
  /** Replaces the text of `node` (a node of this part) with `markup`. */
  replaceNode(node: { start: number; end: number }, markup: string): void;
  /** Returns the patched text of the part. */
  toText(): string;
}

/** Creates a {@link RootPatch} for `part`; nothing changes until `toText()` is read. */
export function createRootPatch(part: XmlPart): RootPatch {
  const { root, text } = part;
  const tag = scanStartTag(text, root.start);
  const edits: TextEdit[] = [];
  const declared = new Map<string, string>();
  for (const [name, value] of Object.entries(root.attributes)) {
    if (name.startsWith('xmlns:')) declared.set(name.slice('xmlns:'.length), value);
  }
  const appended: string[] = [];
  const addedIgnorable: string[] = [];
  let newIgnorableAttribute: { prefix: string; list: string[] } | undefined;

  function prefixFor(namespace: string, preferredPrefix: string, options: PrefixForOptions = {}): string {
    if (options.allowDefault && root.attributes['xmlns'] === namespace) return '';
    if (declared.get(preferredPrefix) === namespace) return preferredPrefix;
    for (const [prefix, uri] of declared) if (uri === namespace) return prefix;
    let prefix = preferredPrefix;
    for (let n = 1; declared.has(prefix); n++) prefix = `${preferredPrefix}${n}`;
    declared.set(prefix, namespace);
    edits.push({ start: tag.nameEnd, end: tag.nameEnd, text: ` xmlns:${prefix}="${escapeXmlAttribute(namespace)}"` });
    return prefix;
  }

  function addIgnorablePrefix(prefix: string): void {
    const qualifiedName = attributeQualifiedName(root, MARKUP_COMPATIBILITY_NAMESPACE, 'Ignorable');
    const range = qualifiedName === undefined ? undefined : tag.attributes.get(qualifiedName);
    if (qualifiedName === undefined || range === undefined) {
      newIgnorableAttribute ??= { prefix: prefixFor(MARKUP_COMPATIBILITY_NAMESPACE, 'mc'), list: [] };
      if (!newIgnorableAttribute.list.includes(prefix)) newIgnorableAttribute.list.push(prefix);
      return;
    }
    const listed = (root.attributes[qualifiedName] ?? '').split(/\s+/);
    if (listed.includes(prefix) || addedIgnorable.includes(prefix)) return;
    const raw = text.slice(range.valueStart, range.valueEnd);
    const endsOpen = raw.trim() === '' || /\s$/.test(raw);
    const separator = endsOpen && addedIgnorable.length === 0 ? '' : ' ';
    edits.push({ start: range.valueEnd, end: range.valueEnd, text: `${separator}${prefix}` });
    addedIgnorable.push(prefix);
  }

  function toText(): string {
    const all = [...edits];
    if (newIgnorableAttribute) {
      const { prefix, list } = newIgnorableAttribute;
      all.push({ start: tag.nameEnd, end: tag.nameEnd, text: ` ${prefix}:Ignorable="${list.join(' ')}"` });
    }
    if (appended.length > 0) {
      const children = appended.join('');
      if (tag.selfClosingAt !== -1) {
        all.push({ start: tag.selfClosingAt, end: tag.end, text: `>${children}</${root.name}>` });
      } else {
        const endTagAt = text.lastIndexOf('</', root.end - 1);
        all.push({ start: endTagAt, end: endTagAt, text: children });
      }
    }
    return applyTextEdits(text, all);
  }

  return {
    prefixFor,
    addIgnorablePrefix,
    appendChild: (markup) => void appended.push(markup),
    replaceNode: (node, markup) => void edits.push({ start: node.start, end: node.end, text: markup }),
    toText,
  };
}
