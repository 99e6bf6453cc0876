import type { StateCore } from 'markdown-it';

// GFM task list items (GFM spec, 5.3): a list item whose first paragraph starts with `[ ]`, `[x]`
// or `[X]` followed by white space.
const TASK_MARKER = /^\[([ xX])\][ \t]+/;

/**
 * markdown-it core rule (run after `inline`) that marks GFM task list items: the item's token gets
 * `meta.checked` and the marker is removed from its text. Written here rather than taken from a
 * plugin because the plugins available are unmaintained.
 */
export function markTaskListItems(state: StateCore): void {
  const tokens = state.tokens;
  for (let index = 0; index + 2 < tokens.length; index++) {
    const item = tokens[index]!;
    const paragraph = tokens[index + 1]!;
    const inline = tokens[index + 2]!;
    if (item.type !== 'list_item_open' || paragraph.type !== 'paragraph_open' || inline.type !== 'inline') continue;
    const first = inline.children?.[0];
    if (!first || first.type !== 'text') continue;
    const match = TASK_MARKER.exec(first.content);
    if (!match) continue;
    item.meta = { ...(item.meta as object | null), checked: match[1] !== ' ' };
    first.content = first.content.slice(match[0].length);
    inline.content = inline.content.slice(match[0].length);
  }
}
