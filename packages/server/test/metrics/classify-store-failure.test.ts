import { describe, expect, it } from 'vitest';
import { classifyStoreFailure } from '../../src/metrics/classify-store-failure.js';
import { StoreUnavailableError } from '../../src/store/detect-store-outages.js';

const withSqlState = (code: string) => Object.assign(new Error(`failed with ${code}`), { code });

describe('classifyStoreFailure', () => {
  it('calls a store outage unavailable, whether wrapped or carrying an outage SQLSTATE', () => {
    expect(classifyStoreFailure(new StoreUnavailableError(new Error('connect ECONNREFUSED')))).toBe('unavailable');
    expect(classifyStoreFailure(withSqlState('57P01'))).toBe('unavailable');
  });

  it('calls a statement the store refused a query failure', () => {
    expect(classifyStoreFailure(withSqlState('42601'))).toBe('query');
    expect(classifyStoreFailure(withSqlState('23505'))).toBe('query');
  });

  it('leaves errors that did not come from the store unclassified', () => {
    expect(classifyStoreFailure(new TypeError('x is not a function'))).toBeUndefined();
    expect(classifyStoreFailure(Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }))).toBeUndefined();
    expect(classifyStoreFailure(null)).toBeUndefined();
  });
});
