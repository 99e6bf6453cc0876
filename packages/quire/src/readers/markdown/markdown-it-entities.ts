import { decodeNamedCharacterReference } from 'decode-named-character-reference';

/**
 * Stands in for the `entities` package inside markdown-it, which the build bundles with this module
 * in its place (rollup.config.mjs): markdown-it imports nothing else from it, and calls it with one
 * named reference at a time (`&copy;`; it decodes numeric ones itself). decode-named-character-reference
 * asks the browser's own parser in browsers, so that the editor ships no table of the 2 231 HTML
 * names (13 KB min+gzip), and looks the name up in its table in Node. Unknown names stay as written.
 */
export function decodeHTMLStrict(text: string): string {
  return text.replace(/&([A-Za-z][A-Za-z0-9]*);/g, (reference, name: string) => {
    const decoded = decodeNamedCharacterReference(name);
    return decoded === false ? reference : decoded;
  });
}
