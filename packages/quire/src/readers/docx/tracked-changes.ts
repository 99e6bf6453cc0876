import type { StoryState } from './docx-context.js';

/**
 * Records that tracked deletions were left out. The reader shows a document with tracked changes
 * as if every change were accepted: insertions and moved-in text are kept as ordinary content,
 * deletions, moved-out text and deleted table rows are dropped, and formatting changes keep the
 * new formatting. One warning per document says so.
 */
export function noteTrackedDeletion(state: StoryState): void {
  state.context.log.warn(
    'READER_ELEMENT_DROPPED',
    'The document has tracked changes: it was read as if all were accepted (insertions kept, deletions left out).',
  );
}
