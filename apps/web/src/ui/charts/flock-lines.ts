/** A flock's line (or bars) on a chart, or the one that sums the flocks past the limit. */
export interface FlockLine {
  /** null for the summed 'Other flocks' line. */
  flockId: number | null;
  label: string;
  values: number[];
  other: boolean;
}

interface FlockPoints {
  id: number;
  name: string;
  values: readonly number[];
}

/**
 * One line per flock, in the order given; past `limit` flocks the ones with the most over the
 * chart keep theirs and the rest are summed bucket by bucket into one line named by
 * `otherLabel` (so a chart of fifty flocks stays readable on a phone).
 */
export function flockLines<T>(
  flocks: readonly T[],
  points: (flock: T) => FlockPoints,
  buckets: number,
  limit: number,
  otherLabel: (count: number) => string,
): FlockLine[] {
  const all = flocks.map(points);
  const line = (f: FlockPoints): FlockLine => ({ flockId: f.id, label: f.name, values: [...f.values], other: false });
  if (all.length <= limit) return all.map(line);
  const total = (values: readonly number[]) => values.reduce((sum, n) => sum + n, 0);
  const kept = new Set(
    all
      .map((f, index) => ({ index, total: total(f.values) }))
      .sort((a, b) => b.total - a.total || a.index - b.index)
      .slice(0, limit)
      .map((f) => f.index),
  );
  const rest = all.filter((_, index) => !kept.has(index));
  return [
    ...all.filter((_, index) => kept.has(index)).map(line),
    {
      flockId: null,
      label: otherLabel(rest.length),
      values: Array.from({ length: buckets }, (_, bucket) => total(rest.map((f) => f.values[bucket] ?? 0))),
      other: true,
    },
  ];
}
