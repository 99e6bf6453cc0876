import { Parser } from 'htmlparser2';
import { MAX_PARSER_DEPTH, type HtmlHandler, type HtmlParser } from 'quire/readers';

// htmlparser2 keeps its open elements in an array that it grows and shrinks at the front, so each
// open and close costs time in proportion to the depth: n nested elements cost n² (about 12 s for
// 50 000). The bound (MAX_PARSER_DEPTH) is Blink's: browsers stop nesting there too.

// Elements whose content the tokenizer reads as raw text: a fresh parser started right after one
// would read that text as markup, so the bound waits for the next element.
const RAW_TEXT_ELEMENTS = new Set(['script', 'style', 'title', 'textarea', 'xmp', 'iframe', 'noembed', 'noframes', 'noscript', 'plaintext']);

const PARSER_OPTIONS = { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true };

/**
 * Parses `html` with htmlparser2 and calls `handler` for each start tag, text and end tag, in
 * linear time however deep the nesting: when one parser holds `maxParserDepth` open elements, a
 * fresh one reads the rest of the input, and the elements still open are closed (as implied) at
 * the end of the input. Every element opened is closed before it returns. Never throws.
 */
export const parseHtml: HtmlParser = (html, handler, options = {}) => {
  const maxDepth = options.maxParserDepth ?? MAX_PARSER_DEPTH;
  // Elements of parsers that stopped, whose end tags no later parser will match.
  const abandoned: string[] = [];
  let open: string[] = [];
  let parser: Parser | undefined;
  let restartAt = -1;
  const counting: HtmlHandler = {
    onopentag(name, attributes, isImplied) {
      open.push(name);
      handler.onopentag?.(name, attributes, isImplied);
      if (open.length >= maxDepth && !isImplied && !RAW_TEXT_ELEMENTS.has(name) && parser && restartAt < 0) {
        options.onDepthBound?.();
        // `endIndex` is the tag's closing `>`; the fresh parser starts right after it.
        restartAt = parser.endIndex + 1;
        parser.pause();
      }
    },
    ontext(text) {
      handler.ontext?.(text);
    },
    onclosetag(name, isImplied) {
      open.pop();
      handler.onclosetag?.(name, isImplied);
    },
  };
  let rest = html;
  for (;;) {
    parser = new Parser(counting, PARSER_OPTIONS);
    restartAt = -1;
    parser.write(rest);
    if (restartAt < 0) break;
    abandoned.push(...open);
    open = [];
    rest = rest.slice(restartAt);
  }
  parser.end();
  for (let name = abandoned.pop(); name !== undefined; name = abandoned.pop()) handler.onclosetag?.(name, true);
};
