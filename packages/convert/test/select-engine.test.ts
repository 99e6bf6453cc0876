import { describe, expect, it } from 'vitest';
import type { EngineName } from '../src/engine.js';
import { selectEngine, type SelectEngineInput } from '../src/select-engine.js';
import { createFakeEngine } from './support/fake-engine.js';

function registry(...names: EngineName[]): SelectEngineInput['available'] {
  return new Map(names.map((name) => [name, createFakeEngine(name, name === 'gotenberg' ? ['pdf'] : ['pdf', 'docx'])]));
}

describe('selectEngine', () => {
  it('prefers Gotenberg for PDF when it is configured, then the built-in engine, then LibreOffice', () => {
    expect(selectEngine({ from: 'docx', to: 'pdf', available: registry('builtin', 'libreoffice', 'gotenberg') })).toEqual({ ok: true, engine: 'gotenberg', warnings: [] });
    expect(selectEngine({ from: 'docx', to: 'pdf', available: registry('builtin', 'libreoffice') })).toEqual({ ok: true, engine: 'builtin', warnings: [] });
    expect(selectEngine({ from: 'docx', to: 'pdf', available: registry('libreoffice') })).toEqual({ ok: true, engine: 'libreoffice', warnings: [] });
  });

  it('falls to LibreOffice for a pair the built-in engine cannot convert', () => {
    const available = new Map([
      ['builtin' as const, createFakeEngine('builtin', ['docx'])],
      ['libreoffice' as const, createFakeEngine('libreoffice')],
    ]);
    expect(selectEngine({ from: 'docx', to: 'pdf', available })).toEqual({ ok: true, engine: 'libreoffice', warnings: [] });
    expect(selectEngine({ from: 'md', to: 'docx', available })).toEqual({ ok: true, engine: 'builtin', warnings: [] });
  });

  it('names LibreOffice as the remedy when only the built-in engine is there and cannot convert the pair', () => {
    const available = new Map([['builtin' as const, createFakeEngine('builtin', ['docx'])]]);
    const selection = selectEngine({ from: 'md', to: 'pdf', available });
    expect(selection.ok === false && selection.error.code).toBe('CONVERT_UNSUPPORTED_PAIR');
    expect(selection.ok === false && selection.error.message).toBe(
      'No available engine converts md to pdf: soffice was not found (install LibreOffice Writer and python3-uno, or set QUIRE_SOFFICE).',
    );
  });

  it('routes DOCX output locally when Gotenberg is configured, built-in engine first', () => {
    expect(selectEngine({ from: 'md', to: 'docx', available: registry('gotenberg', 'libreoffice') })).toEqual({ ok: true, engine: 'libreoffice', warnings: [] });
    expect(selectEngine({ from: 'md', to: 'docx', available: registry('gotenberg', 'builtin', 'libreoffice') })).toEqual({ ok: true, engine: 'builtin', warnings: [] });
  });

  it('uses an explicitly requested engine over the automatic order', () => {
    expect(selectEngine({ from: 'html', to: 'pdf', requested: 'builtin', available: registry('builtin', 'libreoffice', 'gotenberg') })).toEqual({ ok: true, engine: 'builtin', warnings: [] });
  });

  it('reads QUIRE_ENGINE when no engine is requested, and lets the argument win over it', () => {
    const available = registry('builtin', 'libreoffice');
    expect(selectEngine({ from: 'html', to: 'pdf', env: { QUIRE_ENGINE: ' Builtin ' }, available })).toEqual({ ok: true, engine: 'builtin', warnings: [] });
    expect(selectEngine({ from: 'html', to: 'pdf', requested: 'libreoffice', env: { QUIRE_ENGINE: 'builtin' }, available })).toEqual({ ok: true, engine: 'libreoffice', warnings: [] });
    expect(selectEngine({ from: 'html', to: 'pdf', env: { QUIRE_ENGINE: 'libreoffice' }, available })).toEqual({ ok: true, engine: 'libreoffice', warnings: [] });
    expect(selectEngine({ from: 'html', to: 'pdf', env: { QUIRE_ENGINE: 'auto' }, available })).toEqual({ ok: true, engine: 'builtin', warnings: [] });
  });

  it('routes an explicit Gotenberg request for DOCX output to a local engine, with a warning', () => {
    const selection = selectEngine({ from: 'docx', to: 'docx', requested: 'gotenberg', available: registry('gotenberg', 'builtin', 'libreoffice') });
    expect(selection).toEqual({ ok: true, engine: 'builtin', warnings: ['Gotenberg does not write docx; the conversion ran locally.'] });
  });

  it('fails with CONVERT_ENGINE_UNAVAILABLE for an explicit engine that is not available, with a hint', () => {
    const selection = selectEngine({ from: 'docx', to: 'pdf', requested: 'libreoffice', available: registry('builtin') });
    expect(selection.ok === false && selection.error.code).toBe('CONVERT_ENGINE_UNAVAILABLE');
    expect(selection.ok === false && selection.error.message).toMatch(/QUIRE_SOFFICE/);
    const gotenberg = selectEngine({ from: 'docx', to: 'pdf', env: { QUIRE_ENGINE: 'gotenberg' }, available: registry('builtin') });
    expect(gotenberg.ok === false && gotenberg.error.message).toMatch(/QUIRE_GOTENBERG_URL/);
  });

  it('fails with CONVERT_ENGINE_UNAVAILABLE for an unknown QUIRE_ENGINE value', () => {
    const selection = selectEngine({ from: 'docx', to: 'pdf', env: { QUIRE_ENGINE: 'pandoc' }, available: registry('builtin') });
    expect(selection.ok === false && selection.error.message).toBe('QUIRE_ENGINE is "pandoc"; use builtin, libreoffice, gotenberg or auto.');
  });

  it('fails with CONVERT_UNSUPPORTED_PAIR when engines exist but none converts the pair', () => {
    const onlyGotenberg = selectEngine({ from: 'md', to: 'docx', available: registry('gotenberg') });
    expect(onlyGotenberg.ok === false && onlyGotenberg.error.code).toBe('CONVERT_ENGINE_UNAVAILABLE');
    const pdfOnly = new Map([['builtin' as const, createFakeEngine('builtin', ['pdf'])]]);
    const selection = selectEngine({ from: 'md', to: 'docx', available: pdfOnly });
    expect(selection.ok === false && selection.error.code).toBe('CONVERT_UNSUPPORTED_PAIR');
    const explicit = selectEngine({ from: 'md', to: 'docx', requested: 'builtin', available: pdfOnly });
    expect(explicit.ok === false && explicit.error.code).toBe('CONVERT_UNSUPPORTED_PAIR');
  });

  it('fails with CONVERT_ENGINE_UNAVAILABLE when no engine is available at all', () => {
    const selection = selectEngine({ from: 'docx', to: 'pdf', available: new Map() });
    expect(selection.ok === false && selection.error.code).toBe('CONVERT_ENGINE_UNAVAILABLE');
  });
});
