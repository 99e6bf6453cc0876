import { Node } from 'prosemirror-model';
import { describe, expect, it } from 'vitest';
import { doc, field, footer, img, p, section } from '../../src/model/builders.js';
import { extractText } from '../../src/model/extract-text.js';
import { readDocumentDefaults, readImageFloat } from '../../src/model/index.js';
import { schema } from '../../src/model/schema.js';

const PNG = 'data:image/png;base64,iVBORw0KGgo=';

describe('field', () => {
  it('keeps a PAGE field with its cached result through JSON, and shows the result as its text', () => {
    const built = doc(section(footer('default', p('Page ', field('PAGE', '4'), ' of ', field('NUMPAGES', '9'))), p('Body')));
    const restored = Node.fromJSON(schema, built.toJSON());
    expect(restored.eq(built)).toBe(true);
    expect(extractText(restored)).toContain('Page 4 of 9');
  });
});

describe('page layout attributes', () => {
  it('keeps document defaults, section columns and image floats through JSON', () => {
    const defaults = { body: { fontFamily: 'Arial', fontSize: 11, bold: false, italic: false, color: null, spacing: { after: 200 } }, headings: [null] };
    const float = { wrap: 'square', x: 1440, y: 0, align: null };
    const built = doc({ defaults }, section({ columns: { count: 2, space: 720 } }, p(img({ src: PNG, width: 1440, height: 1440, float }), 'text')));
    const restored = Node.fromJSON(schema, built.toJSON());
    expect(readDocumentDefaults(restored.attrs['defaults'])).toEqual(defaults);
    expect(restored.child(0).attrs['columns']).toEqual({ count: 2, space: 720 });
    expect(readImageFloat(restored.child(0).child(0).child(0).attrs['float'])).toEqual(float);
  });

  it('reads attributes of the wrong shape as absent', () => {
    expect(readDocumentDefaults({ body: 'Arial' })).toBeNull();
    const body = { fontFamily: null, fontSize: 11, bold: false, italic: false, color: null, spacing: null };
    expect(readDocumentDefaults({ body, headings: [], styles: ['Quote'] })).toEqual({ body, headings: [] });
    expect(readImageFloat({ wrap: 'sideways', x: 0, y: 0 })).toBeNull();
    expect(readImageFloat({ wrap: 'square', x: 0, y: 0, align: null, wrapText: 'up' })).toEqual({ wrap: 'square', x: 0, y: 0, align: null });
    expect(readImageFloat({ wrap: 'square', x: 0, y: 0, align: null, wrapText: 'right' })?.wrapText).toBe('right');
    expect(readImageFloat(null)).toBeNull();
  });
});
