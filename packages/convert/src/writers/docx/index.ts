export { writeDocx } from './write-docx.js';
export type { WriteDocxOptions } from './normalize-write-docx-options.js';
