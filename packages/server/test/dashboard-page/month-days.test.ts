import { describe, expect, it } from 'vitest';
import { everyDayOf } from '../../src/dashboard-page/month-days.js';

describe('everyDayOf', () => {
  it('gives every day of the month in order, with zero figures on the days without usage', () => {
    const days = everyDayOf('2026-02', [{ date: '2026-02-03', opens: 10, documents: 2 }, { date: '2026-02-09', opens: 15, documents: 4 }]);
    expect(days).toHaveLength(28);
    expect(days[0]).toEqual({ date: '2026-02-01', opens: 0, documents: 0 });
    expect(days[2]).toEqual({ date: '2026-02-03', opens: 10, documents: 2 });
    expect(days[8]).toEqual({ date: '2026-02-09', opens: 15, documents: 4 });
    expect(days.at(-1)!.date).toBe('2026-02-28');
  });

  it('counts 29 days in a leap February and 31 in December', () => {
    expect(everyDayOf('2028-02', [])).toHaveLength(29);
    expect(everyDayOf('2026-12', []).at(-1)!.date).toBe('2026-12-31');
  });
});
