export { readDocx } from './read-docx.js';
export type { ReadDocxOptions } from './normalize-read-docx-options.js';
