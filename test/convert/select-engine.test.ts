import { describe, expect, it } from 'vitest';
import type { EngineName } from '../../src/convert/engine.js';
import { selectEngine, type SelectEngineInput } from '../../src/convert/select-engine.js';
import { createFakeEngine } from './support/fake-engine.js';

function registry(...names: EngineName[]): SelectEngineInput['available'] {
  return new Map(names.map((name) => [name, createFakeEngine(name, name === 'gotenberg' ? ['pdf'] : ['pdf', 'docx'])]));
}

describe('selectEngine', () => {
  it('prefers Gotenberg for PDF when it is configured, then LibreOffice, then the built-in engine', () => {
    expect(selectEngine({ from: 'docx', to: 'pdf', available: registry('builtin', 'libreoffice', 'gotenberg') })).toEqual({ ok: true, engine: 'gotenberg', warnings: [] });
    expect(selectEngine({ from: 'docx', to: 'pdf', available: registry('builtin', 'libreoffice') })).toEqual({ ok: true, engine: 'libreoffice', warnings: [] });
    expect(selectEngine({ from: 'docx', to: 'pdf', available: registry('builtin') })).toEqual({ ok: true, engine: 'builtin', warnings: [] });
  });

  it('routes DOCX output locally when Gotenberg is configured', () => {
    expect(selectEngine({ from: 'md', to: 'docx', available: registry('gotenberg', 'libreoffice') })).toEqual({ ok: true, engine: 'libreoffice', warnings: [] });
    expect(selectEngine({ from: 'md', to: 'docx', available: registry('gotenberg', 'builtin') })).toEqual({ ok: true, engine: 'builtin', warnings: [] });
  });

  it('uses an explicitly requested engine over the automatic order', () => {
    expect(selectEngine({ from: 'html', to: 'pdf', requested: 'builtin', available: registry('builtin', 'libreoffice', 'gotenberg') })).toEqual({ ok: true, engine: 'builtin', warnings: [] });
  });

  it('reads QUIRE_ENGINE when no engine is requested, and lets the argument win over it', () => {
    const available = registry('builtin', 'libreoffice');
    expect(selectEngine({ from: 'html', to: 'pdf', env: { QUIRE_ENGINE: ' Builtin ' }, available })).toEqual({ ok: true, engine: 'builtin', warnings: [] });
    expect(selectEngine({ from: 'html', to: 'pdf', requested: 'libreoffice', env: { QUIRE_ENGINE: 'builtin' }, available })).toEqual({ ok: true, engine: 'libreoffice', warnings: [] });
    expect(selectEngine({ from: 'html', to: 'pdf', env: { QUIRE_ENGINE: 'auto' }, available })).toEqual({ ok: true, engine: 'libreoffice', warnings: [] });
  });

  it('routes an explicit Gotenberg request for DOCX output to a local engine, with a warning', () => {
    const selection = selectEngine({ from: 'docx', to: 'docx', requested: 'gotenberg', available: registry('gotenberg', 'libreoffice') });
    expect(selection).toEqual({ ok: true, engine: 'libreoffice', warnings: ['Gotenberg does not write docx; the conversion ran locally.'] });
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
