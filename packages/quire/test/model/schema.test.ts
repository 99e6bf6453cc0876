import { Node } from 'prosemirror-model';
import { describe, expect, it } from 'vitest';
import { a, b, blockquote, br, codeBlock, doc, footer, footnote, footnoteRef, header, heading, hr, i, img, li, ol, opaqueBlock, opaqueInline, p, section, table, td, tr, ul } from '../../src/model/builders.js';
import { extractText } from '../../src/model/extract-text.js';
import { schema } from '../../src/model/schema.js';

const PNG = 'data:image/png;base64,iVBORw0KGgo=';

describe('schema', () => {
  it('builds a document of sections followed by footnotes', () => {
    const built = doc(section(header('default', 'Head'), p('Body ', footnoteRef('n1'))), footnote('n1', 'Note'));
    expect(built.childCount).toBe(2);
    expect(built.child(0).type.name).toBe('section');
    expect(built.child(0).child(0).type.name).toBe('header_footer');
    expect(built.child(1).type.name).toBe('footnote');
  });

  it('rejects a footnote before a section', () => {
    const note = footnote('n1', 'Note');
    const body = section(p('x'));
    expect(() => schema.nodes['doc']!.createChecked(null, [note, body])).toThrow();
  });

  it('rejects a row directly inside a blockquote', () => {
    const row = tr(td('x'));
    expect(() => schema.nodes['blockquote']!.createChecked(null, [row])).toThrow();
  });

  it('lets a list item open with a nested list, as Markdown "- - a" does', () => {
    const item = schema.nodes['list_item']!.createChecked(null, [ul(li('a'))]);
    expect(item.firstChild?.type.name).toBe('bullet_list');
  });

  it('keeps marks off code block text', () => {
    expect(() => schema.nodes['code_block']!.createChecked(null, [schema.text('x', [schema.marks['bold']!.create()])])).toThrow();
  });

  it('survives a JSON round trip unchanged', () => {
    const built = doc(
      { title: 'T' },
      section({ orientation: 'landscape', margins: { top: 720, right: 720, bottom: 720, left: 720, header: 360, footer: 360, gutter: 0 } }, footer('first', 'Page'), heading(2, { align: 'center' }, 'H'), p(b('bold ', i('both')), br(), a('https://example.com', 'link'))),
      footnote('1', p('note')),
    );
    const again = Node.fromJSON(schema, built.toJSON());
    expect(again.eq(built)).toBe(true);
  });

  it('excludes superscript and subscript from each other', () => {
    const sup = schema.marks['superscript']!.create();
    const sub = schema.marks['subscript']!.create();
    expect(sub.addToSet(sup.addToSet([]))).toEqual([sub]);
  });

  it('rejects an attribute of the wrong type', () => {
    expect(() => schema.nodes['heading']!.create({ level: 'one' })).toThrow();
  });
});

describe('extractText', () => {
  it('joins blocks with line feeds and shows hard breaks, opaque content and cells', () => {
    const built = doc(
      heading(1, 'Title'),
      p('a', br(), 'b', opaqueInline({ format: 'ooxml', source: '<m:oMath/>', text: 'x²' }), img({ src: PNG, alt: 'pic' })),
      ul(li('one'), li(p('two'), ol(li('three')))),
      table(tr(td('c1'), td('c2'))),
      blockquote(codeBlock('code')),
      hr(),
      opaqueBlock({ format: 'html', source: '<video></video>', text: 'video' }),
    );
    expect(extractText(built)).toBe('Title\na\nbx²\none\ntwo\nthree\nc1\nc2\ncode\nvideo');
  });
});
