import { describe, expect, it } from 'vitest';
import { flockLines } from './flock-lines';

const flock = (id: number, values: number[]) => ({ id, name: `F${id}`, values });
const lines = (flocks: ReturnType<typeof flock>[], buckets: number, limit: number) =>
  flockLines(flocks, (f) => f, buckets, limit, (n) => `Other flocks (${n})`);

describe('flockLines', () => {
  it('keeps every flock, in the order given, up to the limit', () => {
    expect(lines([flock(2, [1]), flock(1, [5])], 1, 2)).toEqual([
      { flockId: 2, label: 'F2', values: [1], other: false },
      { flockId: 1, label: 'F1', values: [5], other: false },
    ]);
  });

  it('keeps the flocks with the most and sums the rest bucket by bucket', () => {
    const drawn = lines([flock(1, [1, 1]), flock(2, [9, 9]), flock(3, [2, 0]), flock(4, [5, 5])], 2, 2);
    expect(drawn.map((l) => l.label)).toEqual(['F2', 'F4', 'Other flocks (2)']);
    expect(drawn[2]).toEqual({ flockId: null, label: 'Other flocks (2)', values: [3, 1], other: true });
  });

  it('breaks a tie by the order given', () => {
    expect(lines([flock(1, [3]), flock(2, [3]), flock(3, [3])], 1, 2).map((l) => l.label)).toEqual(['F1', 'F2', 'Other flocks (1)']);
  });
});
