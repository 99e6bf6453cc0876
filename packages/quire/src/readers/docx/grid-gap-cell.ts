import type { BorderLine, Borders } from '../../model/nodes/table-nodes.js';
import { schema } from '../../model/schema.js';
import type { StoryState } from './docx-context.js';

const NO_LINE: BorderLine = { style: 'none', width: 0, color: '000000' };
const NO_BORDERS: Borders = { top: NO_LINE, right: NO_LINE, bottom: NO_LINE, left: NO_LINE };

/**
 * Adds an empty cell without borders or background over the grid columns that a row skips before
 * its first cell or after its last (`w:gridBefore`, `w:gridAfter`; ECMA-376 Part 1, 17.4.14 and
 * 17.4.15), so that the row's cells stay in their columns. Only where no source maps are kept:
 * the editor's rows hold only cells that a DOCX writer can map back to elements.
 */
export function addGridGapCell(state: StoryState, column: number, span: number, widths: readonly number[] | null): void {
  if (span <= 0 || state.sources) return;
  state.builder.addBlock(
    schema.nodes['table_cell']!.create(
      { colspan: span, colwidth: widths ? widths.slice(column, column + span) : null, borders: NO_BORDERS },
      schema.nodes['paragraph']!.create(),
    ),
  );
}
