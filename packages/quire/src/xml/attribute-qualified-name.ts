import type { XmlElement } from '@rgrove/parse-xml';
import { localNameOf, lookupNamespaceUri, prefixOf } from './namespaces.js';

/**
 * Returns the qualified name (`x15:val`) under which `element` carries the attribute `localName`
 * in `namespace`, or undefined when absent; an edit needs the name as written, not only its value.
 */
export function attributeQualifiedName(element: XmlElement, namespace: string, localName: string): string | undefined {
  return Object.keys(element.attributes).find(
    (name) =>
      localNameOf(name) === localName &&
      prefixOf(name) !== '' &&
      prefixOf(name) !== 'xmlns' &&
      lookupNamespaceUri(element, prefixOf(name)) === namespace,
  );
}
