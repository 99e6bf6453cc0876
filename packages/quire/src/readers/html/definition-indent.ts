/**
 * Left indent in twips of the paragraphs of a definition (HTML `dd`, Markdown `: definition`),
 * whose term is a bold paragraph before it: half an inch, Word's default indent step, since Word
 * has no definition lists of its own.
 */
export const DEFINITION_INDENT = 720;
