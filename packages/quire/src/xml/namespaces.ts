import { XmlElement, XmlText } from '@rgrove/parse-xml';

/** The namespace bound to the `xml` prefix by the Namespaces in XML recommendation. */
export const XML_NAMESPACE = 'http://www.w3.org/XML/1998/namespace';

/** Returns the prefix of a qualified name (`''` when unprefixed). */
export function prefixOf(qualifiedName: string): string {
  const colon = qualifiedName.indexOf(':');
  return colon === -1 ? '' : qualifiedName.slice(0, colon);
}

/** Returns the local part of a qualified name. */
export function localNameOf(qualifiedName: string): string {
  return qualifiedName.slice(qualifiedName.indexOf(':') + 1);
}

/**
 * Returns the namespace URI bound to `prefix` (`''` for the default namespace) in scope at
 * `element`, or undefined when none is bound (`xmlns=""` undeclares the default namespace).
 */
export function lookupNamespaceUri(element: XmlElement, prefix: string): string | undefined {
  if (prefix === 'xml') return XML_NAMESPACE;
  const attribute = prefix === '' ? 'xmlns' : `xmlns:${prefix}`;
  for (let node: unknown = element; node instanceof XmlElement; node = node.parent) {
    const value = node.attributes[attribute];
    if (value !== undefined) return value === '' ? undefined : value;
  }
  return undefined;
}

/** Returns the namespace URI of `element`, resolved from its prefix, or undefined. */
export function namespaceOf(element: XmlElement): string | undefined {
  return lookupNamespaceUri(element, prefixOf(element.name));
}

/**
 * Returns true when `element` has local name `localName` in one of `namespaces` (a URI or a
 * list of URIs, e.g. the transitional and strict namespaces of one vocabulary).
 */
export function isElementNamed(
  element: XmlElement,
  namespaces: string | readonly string[],
  localName: string,
): boolean {
  if (localNameOf(element.name) !== localName) return false;
  const uri = namespaceOf(element);
  return uri !== undefined && (typeof namespaces === 'string' ? uri === namespaces : namespaces.includes(uri));
}

/** Returns the child elements of `parent` named `localName` in `namespaces`, in document order. */
export function childElementsNamed(
  parent: XmlElement,
  namespaces: string | readonly string[],
  localName: string,
): XmlElement[] {
  return parent.children.filter(
    (node): node is XmlElement => node instanceof XmlElement && isElementNamed(node, namespaces, localName),
  );
}

/**
 * Returns the value of the attribute `localName` in `namespace` on `element` (`null` for an
 * unqualified attribute, which has no namespace), or undefined when absent.
 */
export function attributeValue(element: XmlElement, namespace: string | null, localName: string): string | undefined {
  for (const [name, value] of Object.entries(element.attributes)) {
    if (localNameOf(name) !== localName) continue;
    const prefix = prefixOf(name);
    if (namespace === null) {
      if (prefix === '') return value;
    } else if (prefix !== '' && prefix !== 'xmlns' && lookupNamespaceUri(element, prefix) === namespace) {
      return value;
    }
  }
  return undefined;
}

/** Returns the concatenated text of `element`'s direct text (and CDATA) children. */
export function directTextOf(element: XmlElement): string {
  let text = '';
  for (const node of element.children) if (node instanceof XmlText) text += node.text;
  return text;
}
