import type { XmlElement } from '@rgrove/parse-xml';
import type { StoryState } from './docx-context.js';
import { createOpaqueNode } from './opaque-xml.js';
import { sourceIdOf } from './source-elements.js';

/**
 * Handles an element the reader does not know: one from a namespace the part declares ignorable
 * (`mc:Ignorable`, ECMA-376 Part 3, 10.1.1) is skipped silently, as the markup compatibility rules
 * allow; another that shows text is kept as an opaque node (inline or block) with its markup and
 * text; one that shows none is dropped. Both of the latter with a warning.
 */
export function readUnknownElement(state: StoryState, element: XmlElement, inline: boolean): void {
  const { names, log } = state.context;
  const colon = element.name.indexOf(':');
  const uri = names.namespaceOfPrefix(element, colon === -1 ? '' : element.name.slice(0, colon));
  if (uri !== undefined && state.ignorable.has(uri)) return;
  if (!state.fields.visible) return;
  const opaque = createOpaqueNode(element, state.story, names, inline);
  if (opaque.attrs['text'] === '') {
    log.warn('READER_ELEMENT_DROPPED', `The element <${element.name}> is not understood and shows no text; it was dropped.`);
    return;
  }
  log.warn('READER_UNKNOWN_ELEMENT', `The element <${element.name}> is not understood; its text was kept as an opaque node.`);
  if (inline) state.builder.addInline(opaque);
  // Recorded only now that a node carries it: a recorded element without nodes would read as deleted.
  else state.builder.addBlock(opaque.type.create({ ...opaque.attrs, sourceId: sourceIdOf(state.sources, element, 'other') }));
  state.added++;
}
