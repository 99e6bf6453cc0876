import { XmlElement, XmlText } from '@rgrove/parse-xml';
import type { Node } from 'prosemirror-model';
import { schema } from '../../model/schema.js';
import type { Story } from './docx-context.js';
import { readMathText } from './math-text.js';
import type { OoxmlNames } from './ooxml-names.js';

// Markup larger than this is not kept in an opaque node (its text still is): the model travels
// as JSON to the editor, and one equation or control is far smaller.
const MAX_SOURCE_LENGTH = 256 * 1024;
// Elements visited to collect an opaque element's text.
const MAX_TEXT_ELEMENTS = 100_000;

/**
 * Returns an opaque node (inline or block) keeping `element` as the markup it was written with
 * and the text it shows: an equation's linear text (see `readMathText`), otherwise the text of its
 * `w:t` descendants.
 */
export function createOpaqueNode(element: XmlElement, story: Story, names: OoxmlNames, inline: boolean, sourceId: string | null = null): Node {
  const source = element.end - element.start <= MAX_SOURCE_LENGTH ? story.text.slice(element.start, element.end) : '';
  const text = names.name(element).startsWith('m:') ? readMathText(element, names, (deep) => collectText(deep, names)) : collectText(element, names);
  const attrs = inline ? { format: 'ooxml', source, text } : { format: 'ooxml', source, text, sourceId };
  return schema.nodes[inline ? 'opaque_inline' : 'opaque_block']!.create(attrs);
}

// Walks the element with an explicit stack, so that deep markup costs no recursion.
function collectText(element: XmlElement, names: OoxmlNames): string {
  let text = '';
  let visited = 0;
  const stack: XmlElement[] = [element];
  while (stack.length > 0 && visited++ < MAX_TEXT_ELEMENTS) {
    const current = stack.pop()!;
    const name = names.name(current);
    if (name === 'm:t' || name === 'w:t') {
      for (const node of current.children) if (node instanceof XmlText) text += node.text;
      continue;
    }
    for (let index = current.children.length - 1; index >= 0; index--) {
      const child = current.children[index];
      if (child instanceof XmlElement) stack.push(child);
    }
  }
  return text;
}
