/**
 * Most page origins counted one by one per licence key and UTC day; opens from further origins
 * that day are added to {@link OTHER_ORIGINS}. Bounds the origins table however many sites a
 * (public) licence key is copied to.
 */
export const MAX_ORIGINS_PER_LICENSE_DAY = 100;

/** The origin under which opens beyond the cap are counted. Host names cannot contain parentheses. */
export const OTHER_ORIGINS = '(other)';

/** The origin of reports that named none (no `Origin` header and an empty `browserInfo.hostname`). */
export const UNKNOWN_ORIGIN = '(unknown)';
