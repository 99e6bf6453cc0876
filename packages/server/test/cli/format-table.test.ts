import { describe, expect, it } from 'vitest';
import { formatTable } from '../../src/cli/format-table.js';

describe('formatTable', () => {
  it('pads columns to their widest cell, right-aligning numeric columns', () => {
    expect(formatTable(['key', 'n'], [['alpha', '5'], ['b', '120']])).toBe(['key      n', '-----  ---', 'alpha    5', 'b      120', ''].join('\n'));
  });

  it('prints just the header and rule without rows', () => {
    expect(formatTable(['date', 'opens'], [])).toBe('date  opens\n----  -----\n');
  });
});
