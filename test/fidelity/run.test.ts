import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const script = fileURLToPath(new URL('../../fidelity/run.ts', import.meta.url));

describe('npm run fidelity', () => {
  it('exits 1 naming LibreOffice and poppler when neither can be found', async () => {
    // An empty PATH hides pdftoppm and pdfinfo; a missing QUIRE_SOFFICE path hides LibreOffice too.
    const failure = await run(process.execPath, ['--import', 'tsx', script], { env: { PATH: '', QUIRE_SOFFICE: '/nonexistent/soffice' } }).then(
      () => undefined,
      (error: unknown) => error as { code: number; stdout: string; stderr: string },
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stderr).toMatch(/LibreOffice \(soffice\) was not found/);
    expect(failure?.stderr).toMatch(/pdftoppm, pdfinfo or pdftotext was not found on PATH/);
    expect(failure?.stdout).toBe('');
  });

  it('rejects a threshold outside -1..1 with its usage line', async () => {
    const failure = await run(process.execPath, ['--import', 'tsx', script, '--threshold', '7']).then(
      () => undefined,
      (error: unknown) => error as { code: number; stderr: string },
    );
    expect(failure?.code).toBe(2);
    expect(failure?.stderr).toMatch(/usage: npm run fidelity/);
  });

  it('names the --system-fonts flag in its usage line', async () => {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', script, '--help']);
    expect(stdout).toMatch(/\[--system-fonts\]/);
  });
});
