import { describe, expect, it } from 'vitest';
import { checkOutput } from '../src/check-output.js';
import { buildDocx } from '../../../test/support/docx-builder.js';

const latin1 = (text: string) => Uint8Array.from(text, (char) => char.charCodeAt(0));

describe('checkOutput', async () => {
  it('accepts a PDF with a header and an end-of-file marker, also followed by a few bytes', async () => {
    expect(await checkOutput(latin1('%PDF-1.7\n1 0 obj\n...\n%%EOF\n'), 'pdf')).toEqual({ ok: true });
    expect(await checkOutput(latin1(`%PDF-1.4\n%%EOF${' '.repeat(500)}`), 'pdf')).toEqual({ ok: true });
  });

  it('refuses empty output, a missing header and a truncated PDF', async () => {
    expect(await checkOutput(new Uint8Array(), 'pdf')).toEqual({ ok: false, reason: 'The engine produced an empty file.' });
    expect((await checkOutput(latin1('<html>error page</html>'), 'pdf')).ok).toBe(false);
    const truncated = await checkOutput(latin1(`%PDF-1.7\n${'x'.repeat(5000)}`), 'pdf');
    expect(truncated.ok === false && truncated.reason).toMatch(/truncated/);
  });

  it('accepts a DOCX package and refuses a PDF given as DOCX', async () => {
    expect(await checkOutput(buildDocx(), 'docx')).toEqual({ ok: true });
    expect((await checkOutput(latin1('%PDF-1.7\n%%EOF'), 'docx')).ok).toBe(false);
  });
});
