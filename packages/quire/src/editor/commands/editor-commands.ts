import { toggleMark } from 'prosemirror-commands';
import { redo, undo } from 'prosemirror-history';
import type { Schema } from 'prosemirror-model';
import type { Command } from 'prosemirror-state';
import { addRowAfter, addRowBefore, deleteRow } from 'prosemirror-tables';
import type { Alignment } from '../../model/paragraph-attrs.js';
import { setAlignment, setParagraphStyle } from './block-commands.js';
import { insertImage, readImageFile } from './image-commands.js';
import { removeLink, setLink } from './link-commands.js';
import { indent, outdent, toggleList } from './list-commands.js';
import type { ParagraphStyleOption } from './paragraph-style-options.js';
import { addColumnLeft, addColumnRight, insertTable, removeColumns } from './table-commands.js';

/**
 * The editing commands of an editor (`editor.commands`), for the built-in toolbar, keyboard
 * shortcuts and host pages alike. Each applies to the current selection and returns whether it
 * did anything: false in `view` mode, before a document is shown, or where the command does not
 * apply (deleting a row outside a table, outdenting an unindented paragraph).
 */
export interface EditorCommands {
  /** Toggles bold. */
  bold(): boolean;
  /** Toggles italic. */
  italic(): boolean;
  /** Toggles a single underline. */
  underline(): boolean;
  /** Toggles strikethrough. */
  strike(): boolean;
  /** Gives the selected paragraphs the paragraph style `styleId` (an id from `editor.getParagraphStyles()`); false for an unknown id. */
  setParagraphStyle(styleId: string): boolean;
  /** Aligns the selected paragraphs. */
  align(alignment: Alignment): boolean;
  /** Toggles a bulleted list. */
  bulletList(): boolean;
  /** Toggles a numbered list. */
  numberedList(): boolean;
  /** Indents: a list item one level deeper, another paragraph by half an inch. */
  indent(): boolean;
  /** Outdents: a list item one level up, another paragraph by half an inch. */
  outdent(): boolean;
  /** Inserts a `rows` × `columns` table (default 2 × 2) with Word's grid borders. */
  insertTable(rows?: number, columns?: number): boolean;
  /** Adds a row above the selected cells. */
  addRowBefore(): boolean;
  /** Adds a row below the selected cells. */
  addRowAfter(): boolean;
  /** Deletes the selected rows. */
  deleteRow(): boolean;
  /** Adds a column left of the selected cells. */
  addColumnBefore(): boolean;
  /** Adds a column right of the selected cells. */
  addColumnAfter(): boolean;
  /** Deletes the selected columns. */
  deleteColumn(): boolean;
  /** Inserts a PNG, JPEG, GIF or BMP picture from a file, embedded as a `data:` URI. Resolves to false for other files. */
  insertImage(file: Blob): Promise<boolean>;
  /** Links the selection to `href` (http, https, mailto, tel, ftp, a relative address or `#bookmark`); false for other schemes. */
  setLink(href: string): boolean;
  /** Removes the link at the selection. */
  removeLink(): boolean;
  /** Undoes the last change. */
  undo(): boolean;
  /** Redoes the last undone change. */
  redo(): boolean;
}

/** The commands without arguments, by name: what keyboard shortcuts and toolbar buttons run. */
export type SimpleCommandName = Exclude<
  {
    [K in keyof EditorCommands]: EditorCommands[K] extends () => boolean ? K : never;
  }[keyof EditorCommands],
  'insertTable'
>;

/** Returns the ProseMirror command behind each command without arguments. */
export function simpleCommands(schema: Schema): Record<SimpleCommandName, Command> {
  const marks = schema.marks;
  return {
    bold: toggleMark(marks['bold']!),
    italic: toggleMark(marks['italic']!),
    underline: toggleMark(marks['underline']!, { style: 'single' }),
    strike: toggleMark(marks['strike']!),
    bulletList: toggleList('bullet'),
    numberedList: toggleList('numbered'),
    indent,
    outdent,
    addRowBefore,
    addRowAfter,
    deleteRow,
    addColumnBefore: addColumnLeft,
    addColumnAfter: addColumnRight,
    deleteColumn: removeColumns,
    removeLink,
    undo,
    redo,
  };
}

/** What the public commands need from their editor. */
export interface CommandHost {
  readonly schema: Schema;
  /** Runs `command` on the shown document; false in view mode or with no document shown. */
  run(command: Command): boolean;
  /** The paragraph styles on offer for the shown document. */
  paragraphStyles(): readonly ParagraphStyleOption[];
}

const ALIGNMENTS: ReadonlySet<string> = new Set(['left', 'center', 'right', 'justify']);

/** Returns `editor.commands` for an editor. */
export function createEditorCommands(host: CommandHost): EditorCommands {
  const simple = simpleCommands(host.schema);
  const named = Object.fromEntries(Object.entries(simple).map(([name, command]) => [name, () => host.run(command)])) as Record<SimpleCommandName, () => boolean>;
  return Object.freeze({
    ...named,
    setParagraphStyle(styleId: string) {
      const style = host.paragraphStyles().find((option) => option.id === styleId);
      return style ? host.run(setParagraphStyle(style)) : false;
    },
    align(alignment: Alignment) {
      return ALIGNMENTS.has(alignment) ? host.run(setAlignment(alignment)) : false;
    },
    insertTable(rows = 2, columns = 2) {
      return host.run(insertTable(rows, columns));
    },
    setLink(href: string) {
      return host.run(setLink(href));
    },
    async insertImage(file: Blob) {
      if (typeof file !== 'object' || file === null || typeof file.arrayBuffer !== 'function') return false;
      const image = await readImageFile(file);
      return image ? host.run(insertImage(image)) : false;
    },
  });
}
