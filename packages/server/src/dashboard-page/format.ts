const integer = new Intl.NumberFormat('en', { maximumFractionDigits: 0 });

/** A count with thousands separators. */
export function formatCount(value: number): string {
  return integer.format(value);
}

/** The change from `previous` to `current` in words, e.g. "+12% (+30) vs 2026-01", or "new vs 2026-01" from zero. */
export function describeChange(current: number, previous: number, previousMonth: string): string {
  const difference = current - previous;
  const signed = `${difference > 0 ? '+' : ''}${formatCount(difference)}`;
  if (previous === 0) return current === 0 ? `no change vs ${previousMonth}` : `${signed} vs ${previousMonth} (none then)`;
  const percent = Math.round((difference / previous) * 100);
  return `${percent > 0 ? '+' : ''}${percent}% (${signed}) vs ${previousMonth}`;
}

/** `up`, `down` or `flat`, for the colour of a change. */
export function changeDirection(current: number, previous: number): 'up' | 'down' | 'flat' {
  return current > previous ? 'up' : current < previous ? 'down' : 'flat';
}
