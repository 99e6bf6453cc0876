import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

// Nodes of org.openoffice.ucb.Configuration that register remote content providers in
// LibreOffice 7.x (http, https, WebDAV variants, FTP, CMIS). Removing them leaves LibreOffice
// unable to open any remote URL; the UNO bridge also deregisters such providers at run time.
const REMOTE_PROVIDER_NODES = ['Provider3', 'Provider4', 'Provider4a', 'Provider6', 'Provider12', 'Provider12a', 'Provider12b', 'Provider43'];

interface ProfileSetting {
  path: string;
  name: string;
  type: 'boolean' | 'int';
  value: boolean | number;
}

const SETTINGS: readonly ProfileSetting[] = [
  // Linked images and other links in documents are not loaded from untrusted (any) locations.
  { path: '/org.openoffice.Office.Common/Security/Scripting', name: 'BlockUntrustedRefererLinks', type: 'boolean', value: true },
  { path: '/org.openoffice.Office.Common/Security/Scripting', name: 'DisableMacrosExecution', type: 'boolean', value: true },
  { path: '/org.openoffice.Office.Common/Security/Scripting', name: 'MacroSecurityLevel', type: 'int', value: 3 },
  // 0: no proxy, whatever the desktop or environment says.
  { path: '/org.openoffice.Inet/Settings', name: 'ooInetProxyType', type: 'int', value: 0 },
  // 2: never update links (Writer and Writer/Web).
  { path: '/org.openoffice.Office.Writer/Content/Update', name: 'Link', type: 'int', value: 2 },
  { path: '/org.openoffice.Office.WriterWeb/Content/Update', name: 'Link', type: 'int', value: 2 },
  // Each job has its own folder; lock files would only be litter.
  { path: '/org.openoffice.Office.Common/Misc', name: 'UseDocumentOOoLockFile', type: 'boolean', value: false },
  { path: '/org.openoffice.Office.Common/Misc', name: 'UseDocumentSystemFileLocking', type: 'boolean', value: false },
];

/**
 * Returns the `registrymodifications.xcu` of Quire's LibreOffice profile: remote content
 * providers removed, untrusted links blocked, macros disabled, no proxy, link updates off.
 */
export function buildProfileSettings(): string {
  const items = [
    ...SETTINGS.map(
      (setting) =>
        `<item oor:path="${setting.path}"><prop oor:name="${setting.name}" oor:op="fuse">` +
        `<value>${String(setting.value)}</value></prop></item>`,
    ),
    ...REMOTE_PROVIDER_NODES.map(
      (node) =>
        '<item oor:path="/org.openoffice.ucb.Configuration/ContentProviders/Local/SecondaryKeys/Office/ProviderData">' +
        `<node oor:name="${node}" oor:op="remove"/></item>`,
    ),
  ];
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" ' +
    'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">\n' +
    items.join('\n') +
    '\n</oor:items>\n'
  );
}

/**
 * Writes Quire's settings into the profile folder `dir` (a LibreOffice `UserInstallation`),
 * creating it when needed. LibreOffice merges them into the profile at its next start.
 */
export async function writeOfficeProfile(dir: string): Promise<void> {
  await mkdir(join(dir, 'user'), { recursive: true });
  await writeFile(join(dir, 'user', 'registrymodifications.xcu'), buildProfileSettings());
}
