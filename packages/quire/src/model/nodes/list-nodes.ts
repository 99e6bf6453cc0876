import type { NodeSpec } from 'prosemirror-model';

/**
 * Number formats of ordered lists, named as in WordprocessingML (ECMA-376 Part 1, 17.18.59
 * ST_NumberFormat) so that a DOCX reader and writer map them one to one.
 */
export type ListNumberFormat = 'decimal' | 'decimalZero' | 'lowerLetter' | 'upperLetter' | 'lowerRoman' | 'upperRoman';

const CSS_LIST_TYPES: Record<ListNumberFormat, string> = {
  decimal: '1',
  decimalZero: '1',
  lowerLetter: 'a',
  upperLetter: 'A',
  lowerRoman: 'i',
  upperRoman: 'I',
};

// Where a list came from in a DOCX: its numbering instance (`w:numId`) and level (`w:ilvl`, 0 to
// 8). A list without them (new, or from another format) takes its enclosing list's instance one
// level deeper, or a new instance of its own when a DOCX writer needs one.
// `indent` is where the items' text and marker stand (`Indentation` in twips from the text
// column's edge: `left` for the text, `hanging` for the marker before it), as the numbering level
// and the list paragraph style set it; null is Word's usual indent: the text half an inch further
// in per nesting level, the marker a quarter inch before it.
const wordNumberingAttrs = {
  numId: { default: null, validate: 'string|null' },
  level: { default: null, validate: 'number|null' },
  indent: { default: null },
};

/**
 * Lists are nested containers (list > list_item > blocks), as in Markdown and HTML. The DOCX
 * writer turns each list into a numbering instance and each item's paragraphs into numbered
 * paragraphs whose level is the list's nesting depth, which is how Word itself stores them; a DOCX
 * reader regroups numbered paragraphs by their numbering instance and level.
 */
export const listNodes: Record<string, NodeSpec> = {
  bullet_list: {
    content: 'list_item+',
    group: 'block',
    attrs: {
      /** The bullet character; `null` uses the writer's bullet for the nesting level. */
      marker: { default: null, validate: 'string|null' },
      ...wordNumberingAttrs,
    },
    toDOM: () => ['ul', 0],
    parseDOM: [{ tag: 'ul' }],
  },
  ordered_list: {
    content: 'list_item+',
    group: 'block',
    attrs: {
      start: { default: 1, validate: 'number' },
      format: { default: 'decimal', validate: 'string' },
      // The text around each item's number, as Word's level text has it (`Article %1.`, `(%1)`);
      // a DOCX reader fills in the numbers of enclosing levels (`%1.%2` under item 3 is `3.` + number).
      prefix: { default: '', validate: 'string' },
      suffix: { default: '.', validate: 'string' },
      ...wordNumberingAttrs,
    },
    toDOM: (node) => [
      'ol',
      {
        start: String(node.attrs['start']),
        type: CSS_LIST_TYPES[node.attrs['format'] as ListNumberFormat] ?? '1',
      },
      0,
    ],
    parseDOM: [{ tag: 'ol' }],
  },
  list_item: {
    // `block+` rather than `paragraph block*`: an item may open directly with a nested list
    // (Markdown `- - a`, or a Word list that skips a level).
    content: 'block+',
    attrs: {
      /** Task-list state: `true` checked, `false` unchecked, `null` for an ordinary item. */
      checked: { default: null, validate: 'boolean|null' },
    },
    defining: true,
    toDOM: (node) => ['li', node.attrs['checked'] === null ? {} : { 'data-checked': String(node.attrs['checked']) }, 0],
    parseDOM: [{ tag: 'li' }],
  },
};
