// Line breaks in Japanese and Chinese as Word's standard kinsoku and browsers' normal line
// breaking make them, where the linebreak library follows an older, stricter UAX #14.

// Small kana and the prolonged sound mark (UAX #14 class CJ), which normal line breaking lets start
// a line (LB1: CJ resolves to ID; strict breaking resolves it to NS), as Word does without
// w:strictFirstAndLastChars (ECMA-376 Part 1, 17.15.1.58): the library resolves it to NS.
const SMALL_KANA = /[\u3041\u3043\u3045\u3047\u3049\u3063\u3083\u3085\u3087\u308e\u3095\u3096\u30a1\u30a3\u30a5\u30a7\u30a9\u30c3\u30e3\u30e5\u30e7\u30ee\u30f5\u30f6\u30fc\u31f0-\u31ff\uff67-\uff70]/gu;

// Curly quotation marks between two East Asian characters, where UAX #14 since Unicode 15.1 (LB19a)
// breaks before an opening one and after a closing one, as around brackets; the library keeps them
// glued to their neighbours, as it does in Latin text.
const QUOTE_BETWEEN_EAST_ASIAN = /(?<=[\u2e80-\u9fff\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef])[\u2018\u2019\u201c\u201d](?=[\u2e80-\u9fff\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef])/gu;

// Stand-ins of the class the characters above take, one UTF-16 unit for one so that break
// positions stay where they are: an ideograph (ID), and fullwidth brackets (OP, CL).
const AS_IDEOGRAPH = '\u3042';
const AS_OPENING = '\uff08';
const AS_CLOSING = '\uff09';

/**
 * Returns `text` with the characters whose break classes the linebreak library resolves more
 * strictly than Word and browsers replaced by characters of the class they take there, for finding
 * break opportunities only: small kana and ー may start a line, and curly quotes between East Asian
 * characters break like brackets. The result has the length of `text`, and breaks at the same places
 * everywhere else.
 */
export function textForBreaking(text: string): string {
  return text
    .replace(SMALL_KANA, AS_IDEOGRAPH)
    .replace(QUOTE_BETWEEN_EAST_ASIAN, (quote) => (quote === '\u2018' || quote === '\u201c' ? AS_OPENING : AS_CLOSING));
}
