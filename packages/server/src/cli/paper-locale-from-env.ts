import { isLocaleTag, type Env } from '@quire/convert';

/**
 * Returns the BCP 47 locale whose paper the user's environment asks for, as POSIX orders the
 * variables: `LC_ALL`, then `LC_PAPER`, then `LANG` (`en_US.UTF-8` gives `en-US`); undefined for
 * `C`, `POSIX` or nothing usable.
 */
export function paperLocaleFromEnv(env: Env): string | undefined {
  const value = [env.LC_ALL, env.LC_PAPER, env.LANG].find((candidate) => candidate !== undefined && candidate !== '');
  if (value === undefined) return undefined;
  const tag = value.replace(/[.@].*$/, '').replace('_', '-');
  if (tag === 'C' || tag === 'POSIX' || !isLocaleTag(tag)) return undefined;
  return tag;
}
