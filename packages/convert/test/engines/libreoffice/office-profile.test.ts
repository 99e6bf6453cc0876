import { describe, expect, it } from 'vitest';
import { parseXml } from '@rgrove/parse-xml';
import { buildProfileSettings } from '../../../src/engines/libreoffice/office-profile.js';

describe('buildProfileSettings', () => {
  const xml = buildProfileSettings();
  const items = parseXml(xml).root!.children.filter((node) => node.type === 'element');

  it('is well-formed registry XML made of items', () => {
    expect(items.length).toBeGreaterThan(8);
    expect(items.every((item) => 'name' in item && item.name === 'item')).toBe(true);
  });

  it('removes the http, https, WebDAV, FTP and CMIS content providers', () => {
    for (const node of ['Provider3', 'Provider4', 'Provider4a', 'Provider6', 'Provider12', 'Provider12a', 'Provider12b', 'Provider43']) {
      expect(xml).toContain(`<node oor:name="${node}" oor:op="remove"/>`);
    }
  });

  it('blocks untrusted links, disables macros, proxies and link updates', () => {
    expect(xml).toContain('<prop oor:name="BlockUntrustedRefererLinks" oor:op="fuse"><value>true</value></prop>');
    expect(xml).toContain('<prop oor:name="DisableMacrosExecution" oor:op="fuse"><value>true</value></prop>');
    expect(xml).toContain('<item oor:path="/org.openoffice.Inet/Settings"><prop oor:name="ooInetProxyType" oor:op="fuse"><value>0</value></prop></item>');
    expect(xml).toContain('<item oor:path="/org.openoffice.Office.Writer/Content/Update"><prop oor:name="Link" oor:op="fuse"><value>2</value></prop></item>');
  });
});
