import { describe, expect, it } from 'vitest';
import { decodeDataUriImage, isDataUri, readDataUriImageType } from '../../src/model/data-uri.js';

describe('decodeDataUriImage', () => {
  it('decodes a base64 PNG data URI', () => {
    const image = decodeDataUriImage('data:image/png;base64,iVBORw0KGgo=');
    expect(image?.type).toBe('png');
    expect([...(image?.bytes ?? [])]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  });

  it('accepts media type parameters and white space in the payload', () => {
    expect(decodeDataUriImage('data:image/jpeg;name=a.jpg;base64,/9j/\n4AAQ')?.type).toBe('jpg');
  });

  it('refuses types a document cannot embed, URLs and broken base64', () => {
    expect(decodeDataUriImage('data:image/svg+xml;base64,PHN2Zy8+')).toBeUndefined();
    expect(decodeDataUriImage('https://example.com/a.png')).toBeUndefined();
    expect(decodeDataUriImage('data:image/png;base64,%%%')).toBeUndefined();
    expect(decodeDataUriImage('data:image/png,rawtext')).toBeUndefined();
  });
});

describe('readDataUriImageType', () => {
  it('names the type of embeddable images only', () => {
    expect(readDataUriImageType('data:image/gif;base64,R0lGOD')).toBe('gif');
    expect(readDataUriImageType('data:text/html;base64,PGI+')).toBeUndefined();
  });
});

describe('isDataUri', () => {
  it('tells data URIs of any type from other sources', () => {
    expect(isDataUri(' DATA:text/plain,x')).toBe(true);
    expect(isDataUri('/images/a.png')).toBe(false);
  });
});
