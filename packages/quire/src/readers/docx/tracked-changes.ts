import type { StoryState } from './docx-context.js';

/**
 * Records that tracked deletions were left out. Deleted and inserted text is read with review
 * marks (see `review-marks.ts`); what the model has no place for yet (deleted table rows,
 * deletions around whole blocks, deletions in code) is dropped, as if the change were accepted.
 * One warning per document says so.
 */
export function noteTrackedDeletion(state: StoryState): void {
  state.context.log.warn(
    'READER_ELEMENT_DROPPED',
    'The document has tracked deletions of table rows or whole blocks: they were read as if accepted (left out).',
  );
}
