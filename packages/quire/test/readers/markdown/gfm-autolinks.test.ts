import { describe, expect, it } from 'vitest';
import { GfmAutolinks } from '../../../src/readers/markdown/gfm-autolinks.js';

const links = (text: string) => new GfmAutolinks().match(text).map((link) => link.text);
const urls = (text: string) => new GfmAutolinks().match(text).map((link) => link.url);

describe('GFM extended autolinks', () => {
  it('finds www. domains and gives them an http:// target, leaving trailing punctuation out', () => {
    expect(links('Visit www.commonmark.org/help for more information.')).toEqual(['www.commonmark.org/help']);
    expect(links('Visit www.commonmark.org.')).toEqual(['www.commonmark.org']);
    expect(links('Visit www.commonmark.org/a.b.')).toEqual(['www.commonmark.org/a.b']);
    expect(urls('www.commonmark.org')).toEqual(['http://www.commonmark.org']);
  });

  it('keeps balanced parentheses in a link and leaves unmatched closing ones out', () => {
    expect(links('www.google.com/search?q=Markup+(business)')).toEqual(['www.google.com/search?q=Markup+(business)']);
    expect(links('www.google.com/search?q=Markup+(business)))')).toEqual(['www.google.com/search?q=Markup+(business)']);
    expect(links('(www.google.com/search?q=Markup+(business))')).toEqual(['www.google.com/search?q=Markup+(business)']);
    expect(links('www.google.com/search?q=(business))+ok')).toEqual(['www.google.com/search?q=(business))+ok']);
  });

  it('leaves an entity reference at the end out and stops at <', () => {
    expect(links('www.google.com/search?q=commonmark&hl=en')).toEqual(['www.google.com/search?q=commonmark&hl=en']);
    expect(links('www.google.com/search?q=commonmark&hl;')).toEqual(['www.google.com/search?q=commonmark']);
    expect(links('www.commonmark.org/he<lp')).toEqual(['www.commonmark.org/he']);
  });

  it('finds http, https and ftp URLs, one-word hosts included, only after a space, a line start or *_~(', () => {
    expect(links('(Visit https://encrypted.google.com/search?q=Markup+(business))')).toEqual(['https://encrypted.google.com/search?q=Markup+(business)']);
    expect(links('see http://localhost:8080/x and ftp://files.example/a')).toEqual(['http://localhost:8080/x', 'ftp://files.example/a']);
    expect(links('xhttps://a.example xwww.a.example')).toEqual([]);
  });

  it('refuses domains with an empty segment or an underscore in their last two segments', () => {
    expect(links('www.exa_mple.com www.a.b_c www..example.com https://')).toEqual([]);
    expect(links('www._a.example.com')).toEqual(['www._a.example.com']);
  });

  it('does not link a bare domain such as a file name', () => {
    expect(links('See README.md or example.com')).toEqual([]);
  });

  it('finds e-mail addresses, with or without mailto:, as GFM allows them', () => {
    expect(urls('foo@bar.baz')).toEqual(['mailto:foo@bar.baz']);
    expect(links("hello@mail+xyz.example isn't valid, but hello+xyz@mail.example is.")).toEqual(['hello+xyz@mail.example']);
    expect(links('a.b-c_d@a.b and a.b-c_d@a.b.')).toEqual(['a.b-c_d@a.b', 'a.b-c_d@a.b']);
    expect(links('a.b-c_d@a.b- a.b-c_d@a.b_ a@b @b.example')).toEqual([]);
    expect(new GfmAutolinks().match('write to mailto:foo@bar.baz')).toMatchObject([{ text: 'mailto:foo@bar.baz', url: 'mailto:foo@bar.baz', index: 9 }]);
  });

  it('does not find an address inside a URL it already found', () => {
    expect(links('https://user@host.example/a and me@x.example')).toEqual(['https://user@host.example/a', 'me@x.example']);
  });

  it('finds the URL at the start of a text for the inline rule, and nothing where the text does not start with a scheme', () => {
    const autolinks = new GfmAutolinks();
    expect(autolinks.matchAtStart('https://a.example/x_y_ more')?.url).toBe('https://a.example/x_y');
    expect(autolinks.matchAtStart('see https://a.example')).toBeNull();
    expect(autolinks.matchAtStart('mailto:a@b.example')).toBeNull();
  });

  it('reads links made of long runs of candidates exactly', () => {
    const text = `${'xwww.'.repeat(20_000)} ${'a'.repeat(50_000)}@ ${'(www.a.example'.repeat(2000)}${')'.repeat(5000)}`;
    const found = new GfmAutolinks().match(text);
    expect(found).toHaveLength(1);
    expect(found[0]!.text).toBe(`www.a.example${'(www.a.example'.repeat(1999)}${')'.repeat(1999)}`);
  });
});
