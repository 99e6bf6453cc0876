export { readMarkdown } from './read-markdown.js';
export type { ReadMarkdownOptions } from './read-markdown.js';
