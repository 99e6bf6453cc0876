import type { UsageDay } from './api.js';

/**
 * Every day of `month` (YYYY-MM) with its figures, zero on the days without any, so that a chart
 * spaces days evenly and shows the quiet ones instead of leaving them out.
 */
export function everyDayOf(month: string, days: readonly UsageDay[]): UsageDay[] {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const count = new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
  const byDate = new Map(days.map((day) => [day.date, day]));
  return Array.from({ length: count }, (_, index) => {
    const date = `${month}-${String(index + 1).padStart(2, '0')}`;
    return byDate.get(date) ?? { date, opens: 0, documents: 0 };
  });
}
