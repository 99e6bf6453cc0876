/** `YYYY-MM` with a month from 01 to 12. */
export const monthPattern = /^\d{4}-(0[1-9]|1[0-2])$/;

/** Returns the UTC month (`YYYY-MM`) of `date`. */
export function monthOf(date: Date): string {
  return date.toISOString().slice(0, 7);
}

/** Returns `month` (`YYYY-MM`) moved by `count` months, forwards or backwards. */
export function addMonths(month: string, count: number): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return monthOf(new Date(Date.UTC(year, monthNumber - 1 + count, 1)));
}

/** Returns every month from `from` to `to`, both included, in order; empty when `from` is after `to`. */
export function listMonths(from: string, to: string): string[] {
  const months: string[] = [];
  for (let month = from; month <= to; month = addMonths(month, 1)) months.push(month);
  return months;
}
