/**
 * What the build gives markdown-it for `uc.micro` (see rollup.config.mjs): Unicode's punctuation
 * and symbol categories as the JavaScript engine knows them. markdown-it tests one character with
 * them, to tell where emphasis may open and close.
 */
export const P = /\p{P}/u;
export const S = /\p{S}/u;
