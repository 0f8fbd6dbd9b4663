import { describe, expect, it } from 'vitest';
import { flockLines } from './flock-lines';

describe('flockLines', () => {
  const flocks = Array.from({ length: 12 }, (_, i) => ({
    flock_name: `Flock ${i + 1}`,
    // Flocks 3 and 8 have the smallest totals.
    amounts: i === 2 || i === 7 ? [100, 200] : [10_000 + i, 10_000],
  }));

  it('keeps the ten flocks with the largest totals, in order, and sums the others bucket by bucket', () => {
    const lines = flockLines(flocks, (f) => f.amounts, 2);
    expect(lines).toHaveLength(11);
    expect(lines.map((l) => l.label)).not.toContain('Flock 3');
    expect(lines[0]).toEqual({ label: 'Flock 1', values: [10_000, 10_000], other: false });
    expect(lines.at(-1)).toEqual({ label: 'Other flocks (2)', values: [200, 400], other: true });
  });

  it('draws every flock when there are few', () => {
    expect(flockLines(flocks.slice(0, 3), (f) => f.amounts, 2).map((l) => l.other)).toEqual([false, false, false]);
  });
});
