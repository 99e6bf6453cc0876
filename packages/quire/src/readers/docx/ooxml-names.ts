import { XmlElement, XmlText } from '@rgrove/parse-xml';

// Namespaces the reader understands, each with the prefix its canonical names use. Transitional
// and Strict (ISO/IEC 29500 Strict) URIs share a prefix, so the reader matches both by one name.
const CANONICAL_PREFIXES: Readonly<Record<string, string>> = {
  'http://schemas.openxmlformats.org/wordprocessingml/2006/main': 'w',
  'http://purl.oclc.org/ooxml/wordprocessingml/main': 'w',
  'http://schemas.openxmlformats.org/officeDocument/2006/relationships': 'r',
  'http://purl.oclc.org/ooxml/officeDocument/relationships': 'r',
  'http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing': 'wp',
  'http://purl.oclc.org/ooxml/drawingml/wordprocessingDrawing': 'wp',
  'http://schemas.openxmlformats.org/drawingml/2006/main': 'a',
  'http://purl.oclc.org/ooxml/drawingml/main': 'a',
  'http://schemas.openxmlformats.org/drawingml/2006/picture': 'pic',
  'http://purl.oclc.org/ooxml/drawingml/picture': 'pic',
  'http://schemas.openxmlformats.org/drawingml/2006/chart': 'c',
  'http://purl.oclc.org/ooxml/drawingml/chart': 'c',
  'http://schemas.openxmlformats.org/drawingml/2006/diagram': 'dgm',
  'http://purl.oclc.org/ooxml/drawingml/diagram': 'dgm',
  'http://schemas.openxmlformats.org/officeDocument/2006/math': 'm',
  'http://purl.oclc.org/ooxml/officeDocument/math': 'm',
  'http://schemas.openxmlformats.org/markup-compatibility/2006': 'mc',
  'http://schemas.microsoft.com/office/word/2010/wordprocessingShape': 'wps',
  'http://schemas.microsoft.com/office/word/2010/wordprocessingGroup': 'wpg',
  'http://schemas.microsoft.com/office/word/2010/wordprocessingCanvas': 'wpc',
  'http://schemas.microsoft.com/office/word/2010/wordprocessingDrawing': 'wp14',
  'http://schemas.microsoft.com/office/word/2010/wordml': 'w14',
  'http://schemas.microsoft.com/office/word/2012/wordml': 'w15',
  'http://schemas.microsoft.com/office/word/2016/wordml/cid': 'w16cid',
  'http://schemas.microsoft.com/office/drawing/2010/main': 'a14',
  'urn:schemas-microsoft-com:vml': 'v',
  'urn:schemas-microsoft-com:office:office': 'o',
  'urn:schemas-microsoft-com:office:word': 'w10',
  'http://purl.org/dc/elements/1.1/': 'dc',
  'http://www.w3.org/XML/1998/namespace': 'xml',
};

/** Returns the canonical prefix of a namespace URI the reader understands, or undefined. */
export function canonicalPrefixOf(uri: string): string | undefined {
  return CANONICAL_PREFIXES[uri];
}

interface Scope {
  /** Prefix (`''` for the default namespace) to namespace URI. */
  readonly uris: ReadonlyMap<string, string>;
  /** Canonical prefix to the prefixes bound to its namespaces in this scope (attributes only). */
  reverse?: Map<string, string[]>;
}

const ROOT_SCOPE: Scope = { uris: new Map([['xml', 'http://www.w3.org/XML/1998/namespace']]) };

/**
 * Namespace-aware names for the elements and attributes of parsed OOXML parts. Elements and
 * attributes are matched by namespace URI, never by the prefix a producer chose: `name()` returns
 * `w:p` for a paragraph whatever its prefix, in Transitional and Strict documents alike, and
 * `{uri}local` for a namespace the reader does not know. Scopes and names are cached per element.
 */
export class OoxmlNames {
  private readonly scopes = new WeakMap<XmlElement, Scope>();
  private readonly names = new WeakMap<XmlElement, string>();

  /** Returns the canonical name of `element` (`w:p`, `mc:AlternateContent`, ...). */
  name(element: XmlElement): string {
    let name = this.names.get(element);
    if (name !== undefined) return name;
    const colon = element.name.indexOf(':');
    const prefix = colon === -1 ? '' : element.name.slice(0, colon);
    const local = element.name.slice(colon + 1);
    const uri = this.scopeOf(element).uris.get(prefix);
    if (uri === undefined) name = local;
    else {
      const canonical = CANONICAL_PREFIXES[uri];
      name = canonical === undefined ? `{${uri}}${local}` : `${canonical}:${local}`;
    }
    this.names.set(element, name);
    return name;
  }

  /** Returns the value of the attribute with canonical name `name` (`w:val`, `r:id`, or `Requires` unprefixed). */
  attr(element: XmlElement, name: string): string | undefined {
    const colon = name.indexOf(':');
    if (colon === -1) return element.attributes[name];
    const canonical = name.slice(0, colon);
    const local = name.slice(colon + 1);
    for (const prefix of this.prefixesFor(element, canonical)) {
      const value = element.attributes[`${prefix}:${local}`];
      if (value !== undefined) return value;
    }
    return undefined;
  }

  /** Returns the namespace URI bound to `prefix` in scope at `element` (for `mc:Ignorable` and `Requires` lists). */
  namespaceOfPrefix(element: XmlElement, prefix: string): string | undefined {
    return this.scopeOf(element).uris.get(prefix);
  }

  /** Returns the child elements of `element`. */
  children(element: XmlElement): XmlElement[] {
    const out: XmlElement[] = [];
    for (const node of element.children) if (node instanceof XmlElement) out.push(node);
    return out;
  }

  /** Returns the first child element named `name`, or undefined. */
  child(element: XmlElement | undefined, name: string): XmlElement | undefined {
    if (!element) return undefined;
    for (const node of element.children) if (node instanceof XmlElement && this.name(node) === name) return node;
    return undefined;
  }

  /** Returns the child elements named `name`. */
  childrenNamed(element: XmlElement, name: string): XmlElement[] {
    return this.children(element).filter((child) => this.name(child) === name);
  }

  /** Returns the `w:val` of the child `name` of `element`, or undefined when either is absent. */
  childVal(element: XmlElement | undefined, name: string): string | undefined {
    const child = this.child(element, name);
    return child ? this.attr(child, 'w:val') : undefined;
  }

  private prefixesFor(element: XmlElement, canonical: string): readonly string[] {
    const scope = this.scopeOf(element);
    if (!scope.reverse) {
      const reverse = new Map<string, string[]>();
      for (const [prefix, uri] of scope.uris) {
        if (prefix === '') continue;
        const key = CANONICAL_PREFIXES[uri] ?? `{${uri}}`;
        const list = reverse.get(key);
        if (list) list.push(prefix);
        else reverse.set(key, [prefix]);
      }
      scope.reverse = reverse;
    }
    return scope.reverse.get(canonical) ?? [];
  }

  // Walks up to the nearest element whose scope is known, then down again, so that a deep element
  // costs no recursion and each element is visited once.
  private scopeOf(element: XmlElement): Scope {
    const cached = this.scopes.get(element);
    if (cached) return cached;
    const pending: XmlElement[] = [];
    let scope = ROOT_SCOPE;
    for (let node: unknown = element; node instanceof XmlElement; node = node.parent) {
      const known = this.scopes.get(node);
      if (known) {
        scope = known;
        break;
      }
      pending.push(node);
    }
    for (let index = pending.length - 1; index >= 0; index--) {
      const node = pending[index]!;
      scope = extendScope(scope, node);
      this.scopes.set(node, scope);
    }
    return scope;
  }
}

function extendScope(parent: Scope, element: XmlElement): Scope {
  let uris: Map<string, string> | undefined;
  const attributes = element.attributes;
  // A plain loop over keys: this runs for every element of every part.
  for (const name in attributes) {
    if (!name.startsWith('xmlns') || (name.length > 5 && name[5] !== ':')) continue;
    const value = attributes[name]!;
    uris ??= new Map(parent.uris);
    const prefix = name === 'xmlns' ? '' : name.slice('xmlns:'.length);
    // `xmlns=""` undeclares the default namespace (Namespaces in XML 1.0, 6.2).
    if (value === '') uris.delete(prefix);
    else uris.set(prefix, value);
  }
  return uris ? { uris } : parent;
}

/** Returns the concatenated text of the text and CDATA children of `element`. */
export function directText(element: XmlElement): string {
  let text = '';
  for (const node of element.children) if (node instanceof XmlText) text += node.text;
  return text;
}
