import { describe, expect, it } from 'vitest';
import { b, blockquote, br, doc, heading, li, p, table, td, tr, ul } from '../../src/model/builders.js';
import { DocumentBuilder } from '../../src/model/document-builder.js';
import { createWarningLog } from '../../src/model/read-result.js';
import { schema } from '../../src/model/schema.js';

function createBuilder(maxDepth = 100) {
  const log = createWarningLog();
  return { builder: new DocumentBuilder({ maxDepth, log }), log };
}

describe('DocumentBuilder', () => {
  it('wraps loose inline content in paragraphs around blocks', () => {
    const { builder } = createBuilder();
    builder.addText('before');
    builder.addBlock(schema.nodes['horizontal_rule']!.create());
    builder.addText('after ');
    builder.addText('bold', [schema.marks['bold']!.create()]);
    expect(builder.finish().toJSON()).toEqual(doc(p('before'), schema.nodes['horizontal_rule']!.create(), p('after ', b('bold'))).toJSON());
  });

  it('splits a textblock around a container opened inside it', () => {
    const { builder } = createBuilder();
    builder.openTextblock('heading', { level: 2 });
    builder.addText('one');
    builder.openContainer('blockquote');
    builder.addText('quoted');
    builder.close();
    builder.addText('two');
    builder.close();
    expect(builder.finish().toJSON()).toEqual(doc(heading(2, 'one'), blockquote(p('quoted')), heading(2, 'two')).toJSON());
  });

  it('collapses white space only in text added as HTML text', () => {
    const { builder } = createBuilder();
    builder.openTextblock('paragraph');
    builder.addText('  a \n  b ', [], true);
    builder.addInline(schema.nodes['hard_break']!.create());
    builder.addText('  c  ', [], true);
    builder.close();
    builder.openTextblock('paragraph');
    builder.addText('kept  as  is');
    builder.close();
    expect(builder.finish().toJSON()).toEqual(doc(p('a b', br(), 'c'), p('kept  as  is')).toJSON());
  });

  it('drops paragraphs that are only collapsible white space', () => {
    const { builder } = createBuilder();
    builder.addText('\n   \n', [], true);
    builder.openTextblock('paragraph');
    builder.addText('x');
    builder.close();
    expect(builder.finish().toJSON()).toEqual(doc(p('x')).toJSON());
  });

  it('puts content that follows a list item into that item', () => {
    const { builder } = createBuilder();
    builder.openContainer('bullet_list');
    builder.openContainer('list_item');
    builder.addText('a');
    builder.close();
    builder.openTextblock('paragraph');
    builder.addText('b');
    builder.close();
    builder.close();
    expect(builder.finish().toJSON()).toEqual(doc(ul(li(p('a'), p('b')))).toJSON());
  });

  it('moves a table caption before the table and fills empty cells with a paragraph', () => {
    const { builder } = createBuilder();
    builder.openContainer('table');
    builder.addText('Caption');
    builder.openContainer('table_row');
    builder.openContainer('table_cell');
    builder.close();
    builder.close();
    builder.close();
    expect(builder.finish().toJSON()).toEqual(doc(p('Caption'), table(tr(td(p())))).toJSON());
  });

  it('drops empty lists, rows, tables and quotes', () => {
    const { builder } = createBuilder();
    builder.openContainer('bullet_list');
    builder.close();
    builder.openContainer('blockquote');
    builder.close();
    builder.openContainer('table');
    builder.openContainer('table_row');
    builder.close();
    builder.close();
    expect(builder.finish().toJSON()).toEqual(doc(p()).toJSON());
  });

  it('flattens containers deeper than maxDepth into their ancestor, with one warning', () => {
    const { builder, log } = createBuilder(2);
    for (let depth = 0; depth < 5; depth++) builder.openContainer('blockquote');
    builder.addText('deep');
    for (let depth = 0; depth < 5; depth++) builder.close();
    expect(builder.finish().toJSON()).toEqual(doc(blockquote(blockquote(p('deep')))).toJSON());
    expect(log.messages.map((message) => message.code)).toEqual(['READER_NESTING_FLATTENED']);
  });

  it('updates the attributes of the innermost open container of a given type only', () => {
    const { builder } = createBuilder();
    builder.openContainer('bullet_list');
    builder.openContainer('list_item');
    builder.openTextblock('paragraph');
    expect(builder.updateContainer('list_item', { checked: true })).toBe(true);
    expect(builder.updateContainer('table_row', { header: true })).toBe(false);
    builder.addText('done');
    const built = builder.finish();
    expect(built.toJSON()).toEqual(doc(ul(li({ checked: true }, 'done'))).toJSON());
  });

  it('throws when closing more than was opened, which is a reader bug', () => {
    const { builder } = createBuilder();
    expect(() => builder.close()).toThrow(/nothing is open/);
  });

  it('keeps code block text unmarked and drops its final line feed', () => {
    const { builder } = createBuilder();
    builder.openTextblock('code_block');
    builder.addText('let a;', [schema.marks['bold']!.create()]);
    builder.addInline(schema.nodes['hard_break']!.create());
    builder.addText('let b;\n');
    builder.close();
    const block = builder.finish().firstChild!.firstChild!;
    expect(block.type.name).toBe('code_block');
    expect(block.textContent).toBe('let a;\nlet b;');
    expect(block.firstChild!.marks).toEqual([]);
  });
});
