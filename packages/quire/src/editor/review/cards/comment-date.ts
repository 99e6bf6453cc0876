/**
 * Formats a comment's `w:date` for its card in the page's locale, or returns null without a date.
 * A date that does not parse is shown as written.
 */
export function formatCommentDate(date: string | null, format: Intl.DateTimeFormat): string | null {
  if (date === null || date === '') return null;
  const time = Date.parse(date);
  return Number.isNaN(time) ? date : format.format(time);
}

/** The date format of the cards: the page's language (`<html lang>`), else the browser's, medium date and short time. */
export function commentDateFormat(page: Document): Intl.DateTimeFormat {
  const lang = page.documentElement.lang.trim();
  try {
    return new Intl.DateTimeFormat(lang === '' ? undefined : lang, { dateStyle: 'medium', timeStyle: 'short' });
  } catch {
    // A `lang` that is no language tag.
    return new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  }
}
