import { describe, expect, it } from 'vitest';
import { parseXmlPart } from '../../src/xml/parse-xml-part.js';
import { serializeXmlPart } from '../../src/xml/serialize-xml-part.js';
import { decodeXmlText } from '../../src/xml/xml-text-encoding.js';
import { codeOf } from '../package/zip-test-helpers.js';
import { ratioOfMedians } from '../../../../test/support/ratio-of-medians.js';

const utf8 = (value: string): Uint8Array => new TextEncoder().encode(value);

function utf16(value: string, littleEndian: boolean): Uint8Array {
  const bytes = new Uint8Array(value.length * 2);
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < value.length; i++) view.setUint16(i * 2, value.charCodeAt(i), littleEndian);
  return bytes;
}

describe('parseXmlPart', () => {
  it('parses UTF-8 with node offsets indexing the returned text', () => {
    const part = parseXmlPart(utf8('<?xml version="1.0"?>\n<a><b x="1"/>é</a>'), '/a.xml');
    const b = part.root.children[0];
    expect(part.text.slice(b?.start, b?.end)).toBe('<b x="1"/>');
    expect(part.text.slice(part.root.start, part.root.end)).toBe('<a><b x="1"/>é</a>');
  });

  it('strips a byte order mark for parsing and writes it back', () => {
    const bytes = utf8('\uFEFF<a>text</a>');
    const part = parseXmlPart(bytes, '/a.xml');
    expect(part.bom).toBe(true);
    expect(part.text.slice(part.root.start, part.root.end)).toBe('<a>text</a>');
    expect(serializeXmlPart(part, part.text)).toEqual(bytes);
  });

  it('reads and writes back UTF-16 parts in either byte order, with or without BOM', () => {
    for (const littleEndian of [true, false]) {
      for (const source of ['\uFEFF<?xml version="1.0" encoding="UTF-16"?><a>ü</a>', '<a>ü</a>']) {
        const bytes = utf16(source, littleEndian);
        const part = parseXmlPart(bytes, '/a.xml');
        expect(part.encoding).toBe(littleEndian ? 'utf-16le' : 'utf-16be');
        expect(part.root.name).toBe('a');
        expect(serializeXmlPart(part, part.text)).toEqual(bytes);
      }
    }
  });

  it('uses the end of the text for a root that ends it when the text holds non-BMP characters', () => {
    const part = parseXmlPart(utf8('<a>😀</a>'), '/a.xml');
    expect(part.root.end).toBe(part.text.length);
  });

  it('rejects a DOCTYPE (billion laughs) with DOCX_MALFORMED_XML without expanding entities', async () => {
    const laughs = (entity: string): Uint8Array =>
      utf8(
        '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">' +
          Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i || ''};`.repeat(10)}">`).join('') +
          `]><w:settings xmlns:w="x">&${entity};</w:settings>`,
      );
    // Expanded, lol9 is 10^9 laughs and lol1 ten; refused unexpanded, both cost the same.
    const billion = laughs('lol9');
    const ten = laughs('lol1');
    expect(codeOf(() => parseXmlPart(billion, '/word/settings.xml'))).toBe('DOCX_MALFORMED_XML');
    expect(() => parseXmlPart(billion, '/word/settings.xml')).toThrow(/DOCTYPE/);
    expect(codeOf(() => parseXmlPart(utf8('<!-- c --><!DOCTYPE a><a/>'), '/a.xml'))).toBe('DOCX_MALFORMED_XML');
    // Each sample parses 300 times, to take milliseconds, well above the timer's resolution.
    const parsed300Times = (bytes: Uint8Array) => () => {
      for (let time = 0; time < 300; time++) codeOf(() => parseXmlPart(bytes, '/word/settings.xml'));
    };
    expect(await ratioOfMedians(parsed300Times(billion), parsed300Times(ten))).toBeLessThan(3);
  });

  it('accepts the text "<!DOCTYPE" inside content, which is not a declaration', () => {
    expect(parseXmlPart(utf8('<a><![CDATA[<!DOCTYPE x>]]></a>'), '/a.xml').root.name).toBe('a');
  });

  it('rejects ill-formed XML, invalid UTF-8 and deep nesting with DOCX_MALFORMED_XML naming the part', () => {
    expect(codeOf(() => parseXmlPart(utf8('<a><b></a>'), '/word/settings.xml'))).toBe('DOCX_MALFORMED_XML');
    expect(() => parseXmlPart(utf8('<a><b></a>'), '/word/settings.xml')).toThrow(/word\/settings\.xml/);
    expect(codeOf(() => parseXmlPart(new Uint8Array([0x3c, 0x61, 0x3e, 0xff, 0x3c, 0x2f, 0x61, 0x3e]), '/a.xml'))).toBe(
      'DOCX_MALFORMED_XML',
    );
    expect(codeOf(() => parseXmlPart(utf8(''), '/a.xml'))).toBe('DOCX_MALFORMED_XML');
    const deep = '<a>'.repeat(200_000) + '</a>'.repeat(200_000);
    expect(codeOf(() => parseXmlPart(utf8(deep), '/a.xml'))).toBe('DOCX_MALFORMED_XML');
  });
});

describe('decodeXmlText and serializeXmlPart', () => {
  it('round-trip UTF-8 text with a BOM byte for byte', () => {
    const bytes = utf8('\uFEFF<a>ß</a>');
    const decoded = decodeXmlText(bytes);
    expect(decoded).toMatchObject({ bom: true, encoding: 'utf-8', text: '<a>ß</a>' });
    expect(serializeXmlPart(decoded, decoded.text)).toEqual(bytes);
  });
});
