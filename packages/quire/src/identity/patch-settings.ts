import type { XmlPart } from '../xml/parse-xml-part.js';
import { createRootPatch, MARKUP_COMPATIBILITY_NAMESPACE } from '../xml/root-patch.js';
import { findDocIdElement, isSettingsRoot } from './metadata-elements.js';
import { METADATA_NAMESPACES as NS } from './metadata-vocabulary.js';

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/**
 * Returns the text of a settings part with `<w15:docId w15:val="{GUID}"/>` appended to its root,
 * the `w15` namespace declared (or its existing prefix reused) and listed in `mc:Ignorable` so
 * Word 2007/2010 skip it (ECMA-376 Part 3 §10.2.1). Returns undefined when the part already has a
 * `w15:docId` or is not a settings part.
 */
export function addDocIdToSettings(part: XmlPart, guid: string): string | undefined {
  if (!isSettingsRoot(part) || findDocIdElement(part)) return undefined;
  const patch = createRootPatch(part);
  const w15 = patch.prefixFor(NS.w15, 'w15');
  patch.addIgnorablePrefix(w15);
  patch.appendChild(`<${w15}:docId ${w15}:val="{${guid}}"/>`);
  return patch.toText();
}

/** Returns the text of a new settings part holding only `w15:docId` (every child of `w:settings` is optional). */
export function createSettingsPart(guid: string, strict: boolean): string {
  const w = strict ? NS.wordprocessingml[1] : NS.wordprocessingml[0];
  return (
    `${XML_DECLARATION}<w:settings xmlns:w="${w}" xmlns:mc="${MARKUP_COMPATIBILITY_NAMESPACE}" ` +
    `xmlns:w15="${NS.w15}" mc:Ignorable="w15"><w15:docId w15:val="{${guid}}"/></w:settings>`
  );
}
