import { Parser } from 'htmlparser2';

const SKIPPED = new Set(['script', 'style', 'head', 'title', 'template', 'noscript', 'iframe', 'object', 'svg', 'math', 'select', 'textarea', 'button']);

/**
 * Returns the text a reader should keep from `html`, found independently of the reader: every text
 * node outside skipped elements, plus the alt text of images that are not `data:` URIs (which
 * readers put in their place), with all white space removed so that only the characters and
 * their order are compared.
 */
export function extractHtmlText(html: string): string {
  let skipping = 0;
  let text = '';
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (skipping > 0 || SKIPPED.has(name)) skipping++;
        else if (name === 'img' && !/^\s*data:image\/(png|jpeg|gif|bmp);base64,/i.test(attributes['src'] ?? '')) text += attributes['alt'] ?? '';
      },
      ontext(data) {
        if (skipping === 0) text += data;
      },
      onclosetag() {
        if (skipping > 0) skipping--;
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.end(html);
  return removeWhiteSpace(text);
}

/** Returns `text` without any white space, for order-preserving text comparisons. */
export function removeWhiteSpace(text: string): string {
  return text.replace(/\s+/g, '');
}
