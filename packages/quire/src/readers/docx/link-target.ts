import type { XmlElement } from '@rgrove/parse-xml';
import type { WarningLog } from '../../model/read-result.js';
import { readSafeHref } from '../html/safe-href.js';
import type { StoryState } from './docx-context.js';

/**
 * Returns `target` as a link to keep, or null with a warning when its scheme could run code or
 * read local files (`javascript:`, `file:`...): the text then stays, without the link.
 */
export function checkLinkTarget(log: WarningLog, target: string): string | null {
  const safe = readSafeHref(target);
  if (safe === undefined) {
    if (target.trim() !== '') log.warn('READER_UNSAFE_LINK', `A link to ${JSON.stringify(target.length > 120 ? `${target.slice(0, 117)}...` : target)} was dropped; its text was kept.`);
    return null;
  }
  return safe;
}

/**
 * Returns the target of a `w:hyperlink` (ECMA-376 Part 1, 17.16.22): its relationship's target,
 * with `w:anchor` as the fragment (`#bookmark` alone for a link inside the document), checked by
 * {@link checkLinkTarget}; null when it has none.
 */
export function readHyperlinkTarget(state: StoryState, hyperlink: XmlElement): string | null {
  const { names, log } = state.context;
  const id = names.attr(hyperlink, 'r:id');
  const anchor = names.attr(hyperlink, 'w:anchor');
  let target = id === undefined ? '' : (state.story.relationships.get(id)?.target ?? '');
  if (anchor) target = `${target.replace(/#.*$/s, '')}#${anchor}`;
  return target === '' ? null : checkLinkTarget(log, target);
}
