import { describe, expect, it } from 'vitest';
import type { HtmlHandler } from '../../../../quire/src/readers/html/html-parser.js';
import { parseHtml } from '../../../src/readers/parse-html.js';

// Records the events as `<name>`, text and `</name>`, and the deepest nesting seen.
function record(): HtmlHandler & { events: string[]; deepest: number } {
  let depth = 0;
  const recorder = {
    events: [] as string[],
    deepest: 0,
    onopentag(name: string) {
      depth++;
      recorder.deepest = Math.max(recorder.deepest, depth);
      recorder.events.push(`<${name}>`);
    },
    ontext(text: string) {
      recorder.events.push(text);
    },
    onclosetag(name: string) {
      depth--;
      recorder.events.push(`</${name}>`);
    },
  };
  return recorder;
}

describe('parseHtml', () => {
  it('reports the tags and text of ordinary markup as htmlparser2 does, with implied end tags', () => {
    const handler = record();
    parseHtml('<p>one<p>two <b>bold</b><ul><li>item</ul>', handler);
    expect(handler.events).toEqual(['<p>', 'one', '</p>', '<p>', 'two ', '<b>', 'bold', '</b>', '</p>', '<ul>', '<li>', 'item', '</li>', '</ul>']);
  });

  it('hands the rest of the input to a fresh parser each time one holds the bound, so no parser holds more', () => {
    const handler = record();
    let bounds = 0;
    parseHtml(`${'<div>'.repeat(35)}deep${'</div>'.repeat(35)}<p>after</p>`, handler, { maxParserDepth: 10, onDepthBound: () => bounds++ });
    // 35 levels: parsers stop at 10, 20 and 30 open elements; the last one holds 5.
    expect(bounds).toBe(3);
    expect(handler.deepest).toBe(35);
    expect(handler.events.filter((event) => !event.startsWith('<')).join('|')).toBe('deep|after');
    // Every element opened is closed, the abandoned ones at the end of the input.
    expect(handler.events.filter((event) => event === '<div>')).toHaveLength(35);
    expect(handler.events.filter((event) => event === '</div>')).toHaveLength(35);
    expect(handler.events.at(-1)).toBe('</div>');
  });

  it('keeps elements below the bound as written', () => {
    const handler = record();
    let bounds = 0;
    parseHtml(`${'<div>'.repeat(9)}x${'</div>'.repeat(9)}<p>after</p>`, handler, { maxParserDepth: 10, onDepthBound: () => bounds++ });
    expect(bounds).toBe(0);
    expect(handler.events.slice(-4)).toEqual(['</div>', '<p>', 'after', '</p>']);
  });

  it('does not start a fresh parser right after a raw text element, whose content is not markup', () => {
    const handler = record();
    parseHtml(`${'<div>'.repeat(9)}<script>if (a <b) x()</script>tail`, handler, { maxParserDepth: 10 });
    expect(handler.events).toContain('if (a <b) x()');
    expect(handler.events).not.toContain('<b>');
  });
});
