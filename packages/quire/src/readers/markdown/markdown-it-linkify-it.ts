/**
 * What the build gives markdown-it for `linkify-it` (see rollup.config.mjs): an empty class, as
 * the parser it makes gets Quire's `GfmAutolinks` in its place (create-markdown-parser.ts).
 */
export class LinkifyIt {}
