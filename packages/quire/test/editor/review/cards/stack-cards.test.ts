import { describe, expect, it } from 'vitest';
import { stackCards } from '../../../../src/editor/review/cards/stack-cards.js';

describe('stackCards', () => {
  it('stands each card at the top of its range when the cards do not overlap', () => {
    expect(stackCards([10, 100, 300], [50, 50, 50], 8)).toEqual([10, 100, 300]);
  });

  it('pushes a card down under the card above it when they would overlap, and the ones after it as needed', () => {
    expect(stackCards([10, 30, 60, 400], [50, 40, 20, 10], 8)).toEqual([10, 68, 116, 400]);
  });

  it('puts a card without a range just under the card above it, and the first one at the top', () => {
    expect(stackCards([null, 100, null], [20, 30, 10], 8)).toEqual([0, 100, 138]);
  });
});
