import { describe, expect, it } from 'vitest';
import { findSoffice, listPythonCandidates } from '../../../src/engines/libreoffice/find-office.js';
import { buildChildEnv } from '../../../src/engines/libreoffice/start-office-pool.js';

const existing = (...paths: string[]) => (path: string) => paths.includes(path);

describe('findSoffice', () => {
  it('uses QUIRE_SOFFICE when it exists and nothing else when it does not', () => {
    expect(findSoffice({ env: { QUIRE_SOFFICE: '/opt/lo/soffice', PATH: '/usr/bin' }, exists: existing('/opt/lo/soffice', '/usr/bin/soffice') })).toBe('/opt/lo/soffice');
    expect(findSoffice({ env: { QUIRE_SOFFICE: '/missing', PATH: '/usr/bin' }, exists: existing('/usr/bin/soffice') })).toBeUndefined();
  });

  it('searches PATH for soffice and libreoffice, then the usual install locations', () => {
    expect(findSoffice({ env: { PATH: '/a:/b' }, exists: existing('/b/libreoffice') })).toBe('/b/libreoffice');
    expect(findSoffice({ env: { PATH: '/a' }, exists: existing('/opt/libreoffice/program/soffice') })).toBe('/opt/libreoffice/program/soffice');
    expect(findSoffice({ env: { PATH: '/a' }, exists: existing() })).toBeUndefined();
  });
});

describe('listPythonCandidates', () => {
  it('puts QUIRE_LIBREOFFICE_PYTHON alone, else the bundled Python, the system python3, then python3 on PATH', () => {
    expect(listPythonCandidates('/opt/lo/program', { env: { QUIRE_LIBREOFFICE_PYTHON: '/py' } })).toEqual(['/py']);
    expect(listPythonCandidates('/opt/lo/program', { env: {}, exists: existing('/opt/lo/program/python', '/usr/bin/python3') })).toEqual([
      '/opt/lo/program/python',
      '/usr/bin/python3',
      'python3',
    ]);
  });
});

describe('buildChildEnv', () => {
  it('passes PATH, locale, time zone and the fontconfig file only, never proxy settings or secrets', () => {
    const env = buildChildEnv(
      { PATH: '/usr/bin', LANG: 'de_DE.UTF-8', TZ: 'Europe/Berlin', FONTCONFIG_FILE: '/fonts/fonts.conf', http_proxy: 'http://proxy:3128', HTTPS_PROXY: 'http://proxy:3128', DATABASE_URL: 'postgres://x' },
      '/work',
    );
    expect(env).toEqual({ PATH: '/usr/bin', HOME: '/work/home', TMPDIR: '/work/tmp', LANG: 'de_DE.UTF-8', TZ: 'Europe/Berlin', FONTCONFIG_FILE: '/fonts/fonts.conf', SAL_USE_VCLPLUGIN: 'svp' });
  });
});
