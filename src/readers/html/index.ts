export { readHtml } from './read-html.js';
export type { ReadHtmlOptions } from './read-html.js';
