import type { XmlElement } from '@rgrove/parse-xml';
import { canonicalPrefixOf, type OoxmlNames } from './ooxml-names.js';

// Namespaces whose markup the reader handles (or can safely skip) when a Choice requires them:
// Word 2010+ drawing shapes and groups, their text boxes, and the w14/w15 additions to
// WordprocessingML. Any other requirement (charts, ink, newer symbol fonts) falls back.
const UNDERSTOOD = new Set(['w', 'wp', 'a', 'pic', 'wps', 'wpg', 'wpc', 'wp14', 'w14', 'w15', 'a14', 'v', 'o', 'w10', 'm']);

/**
 * Returns the branch of an `mc:AlternateContent` element to read (ECMA-376 Part 3, 10.2.1): the
 * first `mc:Choice` whose `Requires` namespaces are all understood, else the `mc:Fallback`, else
 * undefined (nothing to read).
 */
export function chooseAlternative(element: XmlElement, names: OoxmlNames): XmlElement | undefined {
  let fallback: XmlElement | undefined;
  for (const child of names.children(element)) {
    const name = names.name(child);
    if (name === 'mc:Fallback') {
      fallback ??= child;
    } else if (name === 'mc:Choice' && isUnderstood(child, names)) {
      return child;
    }
  }
  return fallback;
}

function isUnderstood(choice: XmlElement, names: OoxmlNames): boolean {
  const prefixes = (names.attr(choice, 'Requires') ?? '').split(/\s+/).filter((prefix) => prefix !== '');
  if (prefixes.length === 0) return false;
  return prefixes.every((prefix) => {
    const uri = names.namespaceOfPrefix(choice, prefix);
    const canonical = uri === undefined ? undefined : canonicalPrefixOf(uri);
    return canonical !== undefined && UNDERSTOOD.has(canonical);
  });
}
