import { describe, expect, it } from 'vitest';
import {
  a,
  b,
  blockquote,
  br,
  code,
  codeBlock,
  color,
  doc,
  font,
  heading,
  highlight,
  hr,
  i,
  img,
  li,
  ol,
  p,
  s,
  sub,
  sup,
  table,
  td,
  tr,
  u,
  ul,
} from '../../../../quire/src/model/builders.js';
import { readHtml } from '../../../src/readers/read-html.js';

const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGBgAAAABQABpfZFQAAAAABJRU5ErkJggg==';

function read(html: string) {
  return readHtml(html).value.toJSON();
}

describe('readHtml', () => {
  it('reads headings of every level and paragraphs', () => {
    const html = '<h1>One</h1><h2>Two</h2><h3>Three</h3><h4>Four</h4><h5>Five</h5><h6>Six</h6><p>Text</p>';
    expect(read(html)).toEqual(
      doc(heading(1, 'One'), heading(2, 'Two'), heading(3, 'Three'), heading(4, 'Four'), heading(5, 'Five'), heading(6, 'Six'), p('Text')).toJSON(),
    );
  });

  it('reads inline formatting elements as marks', () => {
    const html =
      '<p><b>b</b><strong>strong</strong><i>i</i><em>em</em><u>u</u><s>s</s><del>del</del><code>code</code><sub>sub</sub><sup>sup</sup><a href="https://example.com/">a</a></p>';
    expect(read(html)).toEqual(
      doc(p(b('b'), b('strong'), i('i'), i('em'), u('u'), s('s'), s('del'), code('code'), sub('sub'), sup('sup'), a('https://example.com/', 'a'))).toJSON(),
    );
  });

  it('nests marks and collapses white space as a browser renders it', () => {
    expect(read('<p>\n  Hello   <b>bold <i>both</i></b>\n  world  </p>')).toEqual(doc(p('Hello ', b('bold ', i('both')), ' world')).toJSON());
  });

  it('reads basic inline CSS: weight, style, decoration, colour, background and alignment', () => {
    const html =
      '<p style="text-align: center"><span style="font-weight: 700">w</span><span style="font-style: italic">s</span>' +
      '<span style="text-decoration: underline line-through">d</span><span style="color: #f00">c</span>' +
      '<span style="background-color: rgb(255, 255, 0)">h</span><span style="font-family: \'Times New Roman\', serif; font-size: 16px">f</span></p>';
    const expected = doc(
      p({ align: 'center' }, b('w'), i('s'), u(s('d')), color('FF0000', 'c'), highlight('FFFF00', 'h'), font({ family: 'Times New Roman', size: 12 }, 'f')),
    );
    expect(read(html)).toEqual(expected.toJSON());
  });

  it('reads dir="rtl" and dir="ltr" as the base direction of the blocks inside, and leaves dir="auto" to the text', () => {
    expect(read('<div dir="rtl"><p>مرحبا</p><h2 dir="ltr">Title</h2></div><p dir="auto">plain</p>')).toEqual(
      doc(p({ direction: 'rtl' }, 'مرحبا'), heading(2, { direction: 'ltr' }, 'Title'), p('plain')).toJSON(),
    );
  });

  it('passes a wrapper’s alignment on to the paragraphs inside it', () => {
    expect(read('<div style="text-align:right"><p>a</p>loose</div>')).toEqual(doc(p({ align: 'right' }, 'a'), p({ align: 'right' }, 'loose')).toJSON());
  });

  it('reads nested lists with their number formats and start values', () => {
    const html = '<ol start="3" type="a"><li>one<ul><li>inner</li></ul></li><li><p>two</p><p>more</p></li></ol><ol class="upper-roman"><li>r</li></ol>';
    expect(read(html)).toEqual(
      doc(ol({ start: 3, format: 'lowerLetter' }, li(p('one'), ul(li('inner'))), li(p('two'), p('more'))), ol({ format: 'upperRoman' }, li('r'))).toJSON(),
    );
  });

  it('reads GitHub task list checkboxes as checked items', () => {
    const html = '<ul><li><input type="checkbox" checked disabled> done</li><li><input type="checkbox"> todo</li></ul>';
    expect(read(html)).toEqual(doc(ul(li({ checked: true }, 'done'), li({ checked: false }, 'todo'))).toJSON());
  });

  it('reads tables with header rows, spans and cell shading', () => {
    const html =
      '<table><thead><tr><th>A</th><th>B</th></tr></thead><tbody>' +
      '<tr><td colspan="2" style="background-color:#00ff00">wide</td></tr>' +
      '<tr><td rowspan="2" bgcolor="blue">tall</td><td>x</td></tr><tr><td>y</td></tr></tbody></table>';
    expect(read(html)).toEqual(
      doc(
        table(
          tr({ header: true }, td('A'), td('B')),
          tr(td({ colspan: 2, background: '00FF00' }, 'wide')),
          tr(td({ rowspan: 2, background: '0000FF' }, 'tall'), td('x')),
          tr(td('y')),
        ),
      ).toJSON(),
    );
  });

  it('treats leading rows of th cells as header rows in a table without thead', () => {
    const html = '<table><tr><th>H</th></tr><tr><td>d</td></tr><tr><th>not a header row</th></tr></table>';
    expect(read(html)).toEqual(doc(table(tr({ header: true }, td('H')), tr(td('d')), tr(td('not a header row')))).toJSON());
  });

  it('keeps track of header rows across thead, dropped elements and nested tables', () => {
    const html =
      '<table><script>x</script><thead><tr><th>H</th></tr></thead><tbody><tr><th>also leading</th></tr>' +
      '<tr><td><table><tr><th>inner</th></tr></table></td></tr><tr><th>not leading</th></tr></tbody></table>';
    expect(read(html)).toEqual(
      doc(table(tr({ header: true }, td('H')), tr({ header: true }, td('also leading')), tr(td(table(tr({ header: true }, td('inner'))))), tr(td('not leading')))).toJSON(),
    );
  });

  it('reads block quotes, preformatted code, rules and line breaks', () => {
    const html = '<blockquote><p>quote</p></blockquote><pre>\nline 1\n  line 2\n</pre><hr><p>a<br>b</p>';
    expect(read(html)).toEqual(doc(blockquote(p('quote')), codeBlock('line 1\n  line 2'), hr(), p('a', br(), 'b')).toJSON());
  });

  it('embeds data: images with their size in twips', () => {
    const html = `<p><img src="${PNG}" alt="dot" width="20" style="height: 10px"></p>`;
    expect(read(html)).toEqual(doc(p(img({ src: PNG, alt: 'dot', width: 300, height: 150 }))).toJSON());
  });

  it('takes the document title from <title>', () => {
    const result = readHtml('<html><head><title> My   doc </title></head><body><p>x</p></body></html>');
    expect(result.value.attrs['title']).toBe('My doc');
    expect(result.value.toJSON()).toEqual(doc({ title: 'My doc' }, p('x')).toJSON());
  });

  it('keeps the text of unknown elements and warns once per element name', () => {
    const result = readHtml('<p><blink>one</blink> <blink>two</blink></p>');
    expect(result.value.toJSON()).toEqual(doc(p('one two')).toJSON());
    expect(result.messages).toEqual([{ type: 'warning', code: 'READER_UNKNOWN_ELEMENT', message: expect.stringContaining('<blink>') }]);
  });

  it('reads definition lists as a bold term and an indented description', () => {
    expect(read('<dl><dt>Term</dt><dd>Meaning</dd></dl>')).toEqual(doc(p(b('Term')), p({ indent: { left: 720 } }, 'Meaning')).toJSON());
  });

  it('returns an empty paragraph for empty input, never an invalid document', () => {
    expect(read('')).toEqual(doc(p()).toJSON());
  });
});
