/**
 * The callbacks an {@link HtmlParser} calls, in document order. Tag and attribute names are lower
 * case and character references are decoded; every element opened is closed.
 */
export interface HtmlHandler {
  onopentag?(name: string, attributes: Record<string, string>, isImplied: boolean): void;
  ontext?(text: string): void;
  onclosetag?(name: string, isImplied: boolean): void;
}

/** Options of an {@link HtmlParser}. */
export interface ParseHtmlOptions {
  /** Open elements one parser may hold before a fresh parser goes on; default {@link MAX_PARSER_DEPTH}. */
  readonly maxParserDepth?: number;
  /** Called each time the bound is reached (elements past it keep their content but lose their end tags). */
  readonly onDepthBound?: () => void;
}

/** Default of {@link ParseHtmlOptions.maxParserDepth}: Blink's bound (kMaximumHTMLParserDOMTreeDepth). */
export const MAX_PARSER_DEPTH = 512;

/**
 * Parses HTML and calls `handler` for each start tag, text and end tag; never throws. The readers
 * take one as a parameter: `parseHtml` (htmlparser2) where there is no DOM, as in the converter, and
 * `parseHtmlWithDom` (the browser's own parser) in the editor, which then ships no HTML parser.
 */
export type HtmlParser = (html: string, handler: HtmlHandler, options?: ParseHtmlOptions) => void;
