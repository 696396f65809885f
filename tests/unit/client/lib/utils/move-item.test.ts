import { describe, expect, it } from 'vitest';
import { moveItem } from '../../../../../src/client/lib/utils/move-item.ts';

describe('moveItem', () => {
  it('moves one item and keeps the others in order', () => {
    expect(moveItem([1, 2, 3, 4], 3, 0)).toEqual([4, 1, 2, 3]);
    expect(moveItem([1, 2, 3, 4], 0, 2)).toEqual([2, 3, 1, 4]);
    expect(moveItem([1, 2, 3], 1, 1)).toEqual([1, 2, 3]);
    expect(moveItem([1, 2, 3], 0, 5)).toEqual([1, 2, 3]);
    expect(moveItem([1, 2, 3], -1, 0)).toEqual([1, 2, 3]);
  });
});
