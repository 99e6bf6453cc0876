// @vitest-environment happy-dom
// What the layout leaves out in a markup, the editor hides in it (style.css): a paragraph that
// accepting or rejecting its mark's change takes away whole, and a row inserted, in original.
import { afterEach, describe, expect, it } from 'vitest';
import { Editor } from '../../src/editor/index.js';
import { build } from '../../src/model/index.js';
import { writeDocx } from '../../src/writers/index.js';

const { doc, section, p, ins, del, table, tr, td } = build;
const mark = { id: '1', author: 'Ada', date: '2026-01-02T03:04:00Z', move: null };
const change = (kind: 'insertion' | 'deletion') => ({ kind, id: '2', author: 'Ada', date: '2026-01-02T03:04:00Z' });

afterEach(() => {
  document.body.replaceChildren();
});

describe('paragraphs and rows a markup takes away', () => {
  it('are marked for hiding in the markup that leaves them out, and others are not', async () => {
    const docx = await writeDocx(
      doc(
        section(
          p('Kept'),
          p({ markChange: change('deletion') }, del(mark, 'Deleted whole')),
          p({ markChange: change('insertion') }, ins(mark, 'Inserted whole')),
          p({ markChange: change('deletion') }, 'Kept text ', del(mark, 'and deleted')),
          table(tr(td(p('Old row'))), tr({ change: change('insertion') }, td(p('New row')))),
        ),
      ),
      { now: () => new Date(0) },
    );
    const element = document.body.appendChild(document.createElement('div'));
    const editor = new Editor({ element, document: docx, fonts: false, telemetry: { enabled: false } });
    await editor.ready;
    const paragraph = (text: string) => [...element.querySelectorAll<HTMLElement>('.quire-document p')].find((each) => each.textContent === text)!;
    expect(paragraph('Deleted whole').className).toContain('quire-gone-accepted');
    expect(paragraph('Deleted whole').className).not.toContain('quire-gone-rejected');
    expect(paragraph('Inserted whole').className).toContain('quire-gone-rejected');
    expect(paragraph('Inserted whole').className).not.toContain('quire-gone-accepted');
    expect(paragraph('Kept text and deleted').className).not.toMatch(/quire-gone/);
    expect(paragraph('Kept').className).not.toMatch(/quire-gone/);
    const rows = [...element.querySelectorAll<HTMLElement>('.quire-document tr')];
    expect(rows.map((row) => row.dataset['change'] ?? null)).toEqual([null, 'insertion']);
    editor.destroy();
  });
});
