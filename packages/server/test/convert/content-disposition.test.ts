import { describe, expect, it } from 'vitest';
import { buildContentDisposition } from '../../src/convert/content-disposition.js';

describe('buildContentDisposition', () => {
  it('names the attachment after the input with the output extension', () => {
    expect(buildContentDisposition('report.docx', 'pdf')).toBe('attachment; filename="report.pdf"');
    expect(buildContentDisposition('notes.v2.md', 'docx')).toBe('attachment; filename="notes.v2.docx"');
    expect(buildContentDisposition('README', 'docx')).toBe('attachment; filename="README.docx"');
  });

  it('falls back to "document" without a usable name', () => {
    expect(buildContentDisposition(undefined, 'pdf')).toBe('attachment; filename="document.pdf"');
    expect(buildContentDisposition('', 'pdf')).toBe('attachment; filename="document.pdf"');
    expect(buildContentDisposition('   ', 'pdf')).toBe('attachment; filename="document.pdf"');
    expect(buildContentDisposition('../..', 'pdf')).toBe('attachment; filename="document.pdf"');
  });

  it('drops paths, control characters and header-breaking characters', () => {
    expect(buildContentDisposition('C:\\Users\\ada\\plan.docx', 'pdf')).toBe('attachment; filename="plan.pdf"');
    expect(buildContentDisposition('../../etc/passwd', 'pdf')).toBe('attachment; filename="passwd.pdf"');
    expect(buildContentDisposition('.profile', 'pdf')).toBe('attachment; filename="profile.pdf"');
    expect(buildContentDisposition('a\r\nSet-Cookie: x=1.md', 'pdf')).toBe('attachment; filename="aSet-Cookie: x=1.pdf"');
    expect(buildContentDisposition('say "hi" 100%.md', 'docx')).toBe(
      'attachment; filename="say _hi_ 100_.docx"; filename*=UTF-8\'\'say%20%22hi%22%20100%25.docx',
    );
  });

  it('adds an RFC 8187 filename* for names beyond ASCII, with an ASCII fallback', () => {
    expect(buildContentDisposition('Überblick (neu).md', 'pdf')).toBe(
      'attachment; filename="_berblick (neu).pdf"; filename*=UTF-8\'\'%C3%9Cberblick%20%28neu%29.pdf',
    );
    expect(buildContentDisposition('報告.docx', 'pdf')).toBe("attachment; filename=\"__.pdf\"; filename*=UTF-8''%E5%A0%B1%E5%91%8A.pdf");
    expect(buildContentDisposition('bad\ud800name.md', 'pdf')).toContain("filename*=UTF-8''bad%EF%BF%BDname.pdf");
  });

  it('cuts very long names', () => {
    const header = buildContentDisposition(`${'x'.repeat(500)}.md`, 'pdf');
    expect(header).toBe(`attachment; filename="${'x'.repeat(120)}.pdf"`);
  });
});
