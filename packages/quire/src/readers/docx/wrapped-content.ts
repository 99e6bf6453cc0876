import type { XmlElement } from '@rgrove/parse-xml';
import { chooseAlternative } from './alternate-content.js';
import type { OoxmlNames } from './ooxml-names.js';

/** Names of the wrappers whose content block and inline content read in their place. */
export const CONTENT_WRAPPERS: ReadonlySet<string> = new Set(['w:sdt', 'mc:AlternateContent']);

/**
 * Returns the element holding what a {@link CONTENT_WRAPPERS} element wraps: a content control's
 * `w:sdtContent` (ECMA-376 Part 1, 17.5.2.36) or the chosen branch of `mc:AlternateContent`
 * (Part 3, 10.2.1); undefined when there is nothing to read.
 */
export function wrappedContent(wrapper: XmlElement, names: OoxmlNames): XmlElement | undefined {
  return names.name(wrapper) === 'w:sdt' ? names.child(wrapper, 'w:sdtContent') : chooseAlternative(wrapper, names);
}
