import { describe, expect, it } from 'vitest';
import { findFidelityTools } from '../../fidelity/find-tools.js';

const existing = (...paths: string[]) => (path: string) => paths.includes(path);

describe('findFidelityTools', () => {
  it('finds soffice, pdftoppm, pdfinfo and pdftotext on PATH', () => {
    const result = findFidelityTools({ env: { PATH: '/opt/lo:/usr/bin' }, exists: existing('/opt/lo/soffice', '/usr/bin/pdftoppm', '/usr/bin/pdfinfo', '/usr/bin/pdftotext') });
    expect(result).toEqual({ ok: true, tools: { soffice: '/opt/lo/soffice', pdftoppm: '/usr/bin/pdftoppm', pdfinfo: '/usr/bin/pdfinfo', pdftotext: '/usr/bin/pdftotext' } });
  });

  it('names poppler when pdftotext is missing', () => {
    const result = findFidelityTools({ env: { PATH: '/usr/bin' }, exists: existing('/usr/bin/soffice', '/usr/bin/pdftoppm', '/usr/bin/pdfinfo') });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toMatch(/pdftotext/);
  });

  it('names poppler when pdftoppm is missing', () => {
    const result = findFidelityTools({ env: { PATH: '/usr/bin' }, exists: existing('/usr/bin/soffice', '/usr/bin/pdfinfo') });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.message).toMatch(/pdftoppm/);
      expect(result.message).toMatch(/poppler-utils/);
      expect(result.message).not.toMatch(/soffice/);
    }
  });

  it('names LibreOffice when soffice is missing', () => {
    const result = findFidelityTools({ env: { PATH: '/usr/bin' }, exists: existing('/usr/bin/pdftoppm', '/usr/bin/pdfinfo') });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toMatch(/LibreOffice \(soffice\) was not found/);
  });
});
