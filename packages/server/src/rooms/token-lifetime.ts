/** How long a room token stays valid: seconds, or a number with a unit (`90s`, `30m`, `1h`, `7d`). */
export type TokenLifetime = number | `${number}${'s' | 'm' | 'h' | 'd'}`;

const secondsPerUnit: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400 };

/**
 * Returns the number of whole seconds `lifetime` stands for, or undefined when it is not a
 * positive duration in the forms {@link TokenLifetime} allows.
 */
export function lifetimeSeconds(lifetime: TokenLifetime | string): number | undefined {
  if (typeof lifetime === 'number') return Number.isInteger(lifetime) && lifetime > 0 ? lifetime : undefined;
  const match = /^(\d+)([smhd])$/.exec(lifetime.trim());
  if (match === null) return undefined;
  const seconds = Number(match[1]) * (secondsPerUnit[match[2] ?? 's'] ?? 1);
  return seconds > 0 && Number.isSafeInteger(seconds) ? seconds : undefined;
}
