import type { XmlElement } from '@rgrove/parse-xml';
import type { Node } from 'prosemirror-model';
import { DocumentBuilder } from '../../model/document-builder.js';
import type { DocxContext, Story, StoryState } from './docx-context.js';
import { createFieldStack, readBlocks } from './read-blocks.js';
import { createReviewScope } from './review-marks.js';
import type { SourceScope } from './source-elements.js';

/** Returns the state for reading `story` into `builder`. */
export function createStoryState(context: DocxContext, story: Story, builder: DocumentBuilder): StoryState {
  const state: StoryState = {
    context,
    story,
    builder,
    fields: createFieldStack({ context }),
    cell: undefined,
    depth: 0,
    added: 0,
    sources: undefined,
    review: createReviewScope(),
    ignorable: readIgnorable(story.root, context),
  };
  return state;
}

/** Returns a new builder with the reader's limits and warning log. */
export function createBuilder(context: DocxContext): DocumentBuilder {
  return new DocumentBuilder({ maxDepth: context.limits.maxDepth, log: context.log });
}

/**
 * Returns the blocks of `elements` (children of a body, or the content of a header, footer or
 * note) read from `story`; at least one (an empty paragraph), as the model's containers need.
 * With `sources`, the elements the blocks come from are recorded there.
 */
export function readStoryBlocks(context: DocxContext, story: Story, elements: XmlElement, sources?: SourceScope): Node[] {
  const builder = createBuilder(context);
  const state = createStoryState(context, story, builder);
  state.sources = sources;
  readBlocks(state, elements);
  return finishBlocks(builder);
}

/** Finishes `builder` and returns the blocks of its one section. */
export function finishBlocks(builder: DocumentBuilder): Node[] {
  const blocks: Node[] = [];
  builder.finish().firstChild!.forEach((block) => blocks.push(block));
  return blocks;
}

// `mc:Ignorable` lists prefixes; they are resolved on the root, where producers declare them.
function readIgnorable(root: XmlElement, context: DocxContext): ReadonlySet<string> {
  const { names } = context;
  const uris = new Set<string>();
  for (const prefix of (names.attr(root, 'mc:Ignorable') ?? '').split(/\s+/)) {
    const uri = prefix === '' ? undefined : names.namespaceOfPrefix(root, prefix);
    if (uri !== undefined) uris.add(uri);
  }
  return uris;
}
