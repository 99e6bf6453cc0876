import { describe, expect, it } from 'vitest';
import {
  a,
  b,
  blockquote,
  br,
  code,
  codeBlock,
  doc,
  footnote,
  footnoteRef,
  heading,
  hr,
  i,
  img,
  li,
  ol,
  p,
  s,
  sup,
  table,
  td,
  tr,
  ul,
} from '../../../../quire/src/model/builders.js';
import { readMarkdown } from '../../../src/readers/read-markdown.js';

const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGBgAAAABQABpfZFQAAAAABJRU5ErkJggg==';

function read(markdown: string) {
  return readMarkdown(markdown).value.toJSON();
}

describe('readMarkdown', () => {
  it('reads ATX and setext headings and paragraphs', () => {
    expect(read('# One\n\n###### Six\n\nTwo\n---\n\nText\nwrapped')).toEqual(doc(heading(1, 'One'), heading(6, 'Six'), heading(2, 'Two'), p('Text wrapped')).toJSON());
  });

  it('reads emphasis, strong emphasis, code spans and GFM strikethrough', () => {
    expect(read('*i* __b__ ***both*** `co de` ~~gone~~')).toEqual(doc(p(i('i'), ' ', b('b'), ' ', b(i('both')), ' ', code('co de'), ' ', s('gone'))).toJSON());
  });

  it('reads inline and reference links with titles, and keeps their marks inside', () => {
    expect(read('[see *this*](https://example.com/a "T") and [ref]\n\n[ref]: /relative')).toEqual(
      doc(p(a({ href: 'https://example.com/a', title: 'T' }, 'see ', i('this')), ' and ', a('/relative', 'ref'))).toJSON(),
    );
  });

  it('turns URLs, www. domains, e-mail addresses and angle-bracket autolinks into links, but not bare domains', () => {
    expect(read('Visit www.example.com, https://a.example/x or <https://example.org>. Mail a@b.example. See README.md')).toEqual(
      doc(
        p(
          'Visit ',
          a('http://www.example.com', 'www.example.com'),
          ', ',
          a('https://a.example/x', 'https://a.example/x'),
          ' or ',
          a('https://example.org', 'https://example.org'),
          '. Mail ',
          a('mailto:a@b.example', 'a@b.example'),
          '. See README.md',
        ),
      ).toJSON(),
    );
  });

  it('keeps emphasis out of a URL, leaves its trailing punctuation out of the link and links addresses after emphasis', () => {
    expect(read('Go to https://a.example/x_y_z_ or *www.b.example* or write to c@d.example.')).toEqual(
      doc(
        p(
          'Go to ',
          a('https://a.example/x_y_z', 'https://a.example/x_y_z'),
          '_ or ',
          i(a('http://www.b.example', 'www.b.example')),
          ' or write to ',
          a('mailto:c@d.example', 'c@d.example'),
          '.',
        ),
      ).toJSON(),
    );
  });

  it('reads hard breaks from two trailing spaces and from a backslash', () => {
    expect(read('a  \nb\\\nc')).toEqual(doc(p('a', br(), 'b', br(), 'c')).toJSON());
  });

  it('reads nested bullet and ordered lists with their start value', () => {
    const markdown = '3. three\n   - inner\n     - innermost\n4. four\n\n* loose\n\n* items\n';
    expect(read(markdown)).toEqual(doc(ol({ start: 3 }, li(p('three'), ul(li(p('inner'), ul(li('innermost'))))), li('four')), ul(li('loose'), li('items'))).toJSON());
  });

  it('reads GFM task list items as checked or unchecked items', () => {
    expect(read('- [ ] todo\n- [x] done\n- [X] also done\n- plain\n- [ ]not a task')).toEqual(
      doc(ul(li({ checked: false }, 'todo'), li({ checked: true }, 'done'), li({ checked: true }, 'also done'), li('plain'), li('[ ]not a task'))).toJSON(),
    );
  });

  it('reads a list item that opens directly with a nested list', () => {
    expect(read('- - a')).toEqual(doc(ul(li(ul(li('a'))))).toJSON());
  });

  it('reads block quotes, fenced and indented code, and thematic breaks', () => {
    expect(read('> quoted\n> > nested\n\n```ts\nlet x = 1;\n```\n\n    indented\n\n***')).toEqual(
      doc(blockquote(p('quoted'), blockquote(p('nested'))), codeBlock({ language: 'ts' }, 'let x = 1;'), codeBlock('indented'), hr()).toJSON(),
    );
  });

  it('reads GFM tables with a header row and column alignment', () => {
    expect(read('| a | b | c |\n|:--|:-:|--:|\n| 1 | *2* | 3 |')).toEqual(
      doc(
        table(
          tr({ header: true }, td(p({ align: 'left' }, 'a')), td(p({ align: 'center' }, 'b')), td(p({ align: 'right' }, 'c'))),
          tr(td(p({ align: 'left' }, '1')), td(p({ align: 'center' }, i('2'))), td(p({ align: 'right' }, '3'))),
        ),
      ).toJSON(),
    );
  });

  it('embeds data: images and keeps their title', () => {
    expect(read(`![dot](${PNG} "A dot")`)).toEqual(doc(p(img({ src: PNG, alt: 'dot', title: 'A dot' }))).toJSON());
  });

  it('reads raw HTML blocks through the HTML reader', () => {
    expect(read('<div align="center">\n<b>bold</b> <sup>up</sup>\n</div>\n\nafter')).toEqual(doc(p({ align: 'center' }, b('bold'), ' ', sup('up')), p('after')).toJSON());
  });

  it('reads inline HTML formatting tags as marks, even around Markdown emphasis', () => {
    expect(read('a <b>bold *both*</b> <span style="font-style: italic">it</span><br>next')).toEqual(
      doc(p('a ', b('bold ', i('both')), ' ', i('it'), br(), 'next')).toJSON(),
    );
  });

  it('drops HTML comments', () => {
    expect(read('- one\n<!--\n- two\n-->\n- three')).toEqual(doc(ul(li('one')), ul(li('three'))).toJSON());
  });

  it('reads footnote references as the model\'s footnotes, numbered in order of first reference, their definitions at the end of the document', () => {
    const markdown = 'First[^b], then[^a].\n\n[^a]: Note *a*.\n\n[^b]: Note b.\n\n    Its second paragraph.\n';
    expect(read(markdown)).toEqual(
      doc(p('First', footnoteRef('1'), ', then', footnoteRef('2'), '.'), footnote('1', p('Note b.'), p('Its second paragraph.')), footnote('2', p('Note ', i('a'), '.'))).toJSON(),
    );
  });

  it('gives each reference to the same footnote a note of its own, as Word and pandoc do, kept in order of reference', () => {
    expect(read('One[^n], two^[Inline.], three[^n].\n\n[^n]: Shared.')).toEqual(
      doc(p('One', footnoteRef('1'), ', two', footnoteRef('2'), ', three', footnoteRef('1.2'), '.'), footnote('1', p('Shared.')), footnote('2', p('Inline.')), footnote('1.2', p('Shared.'))).toJSON(),
    );
  });

  it('reads inline footnotes, and leaves a reference without a definition as text', () => {
    expect(read('Said^[Inline **note**.] and[^missing].')).toEqual(doc(p('Said', footnoteRef('1'), ' and[^missing].'), footnote('1', p('Inline ', b('note'), '.'))).toJSON());
  });

  it('reads a definition list as the HTML reader reads <dl>: bold term paragraphs, each followed by its indented definitions', () => {
    const markdown = 'Apple\n: A *fruit*.\n: A company.\n\nKale\n\n:   A leaf.\n\n    Also green.\n';
    expect(read(markdown)).toEqual(
      doc(
        p(b('Apple')),
        p({ indent: { left: 720 } }, 'A ', i('fruit'), '.'),
        p({ indent: { left: 720 } }, 'A company.'),
        p(b('Kale')),
        p({ indent: { left: 720 } }, 'A leaf.'),
        p({ indent: { left: 720 } }, 'Also green.'),
      ).toJSON(),
    );
  });

  it('uses the title option as the document title', () => {
    expect(readMarkdown('x', { title: 'Notes' }).value.attrs['title']).toBe('Notes');
  });

  it('throws a TypeError for input that is not text (a programmer error)', () => {
    expect(() => readMarkdown(42 as unknown as string)).toThrow(TypeError);
  });
});
