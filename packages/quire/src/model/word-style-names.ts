// Word's built-in style names as documents spell them. Word stores them in English ("heading 1")
// whatever the UI language, but other producers (and old Word versions) write localised names,
// and Word derives ids from them with non-ASCII letters dropped ("berschrift1"). Readers and
// writers match names and ids through this one normalisation.

const HEADING_NAME =
  /^(?:heading|überschrift|titre|título|titulo|titolo|kop|rubrik|overskrift|otsikko|nagłówek|заголовок|nadpis|címsor|başlık|επικεφαλίδα|見出し|标题|標題|제목)([1-9])$/u;

/** A style name or id lower-cased, without white space, underscores or hyphens: `Heading 1` is `heading1`. */
export function normalizeStyleName(text: string): string {
  return text.toLowerCase().replace(/[\s_-]+/g, '');
}

/**
 * The level (1 to 9) of a built-in heading style from its name or id, localised names included
 * (`heading 1`, `Überschrift 2`, `Titre 3`, `見出し 1`); undefined for any other style.
 */
export function headingLevelOfStyleName(nameOrId: string): number | undefined {
  const match = HEADING_NAME.exec(normalizeStyleName(nameOrId));
  return match ? Number(match[1]) : undefined;
}
