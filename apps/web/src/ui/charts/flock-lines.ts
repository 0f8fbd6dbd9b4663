import { useComputedColorScheme, useMantineTheme } from '@mantine/core';
import type { ChartColors } from './chart-js';

/** The flocks drawn one line each; the rest are summed into one 'Other flocks' line. */
export const MAX_FLOCK_LINES = 10;

export interface FlockLine {
  label: string;
  /** One value per bucket (day, week or month). */
  values: number[];
  other: boolean;
}

/**
 * One line per flock, in the server's order; past `limit` the flocks with the largest totals
 * keep theirs and the others are summed bucket by bucket into 'Other flocks (n)'.
 */
export function flockLines<F extends { flock_name: string }>(
  flocks: readonly F[],
  valuesOf: (flock: F) => number[],
  buckets: number,
  limit = MAX_FLOCK_LINES,
): FlockLine[] {
  const line = (f: F): FlockLine => ({ label: f.flock_name, values: valuesOf(f), other: false });
  if (flocks.length <= limit) return flocks.map(line);
  const total = (values: number[]) => values.reduce((sum, n) => sum + n, 0);
  const kept = new Set(
    flocks
      .map((f, index) => ({ index, total: total(valuesOf(f)) }))
      .sort((a, b) => b.total - a.total || a.index - b.index)
      .slice(0, limit)
      .map((f) => f.index),
  );
  const rest = flocks.filter((_, index) => !kept.has(index));
  return [
    ...flocks.filter((_, index) => kept.has(index)).map(line),
    {
      label: `Other flocks (${rest.length})`,
      values: Array.from({ length: buckets }, (_, bucket) => total(rest.map((f) => valuesOf(f)[bucket] ?? 0))),
      other: true,
    },
  ];
}

/**
 * The flock lines' colours: the chart colours first (primary, warning, danger), then more of
 * Mantine's hues at the same shades (7 on light, 4 on dark), so each reads on the card in
 * either scheme. 'Other flocks' takes the muted grey.
 */
export function useLinePalette(colors: ChartColors): string[] {
  const theme = useMantineTheme();
  const dark = useComputedColorScheme('light', { getInitialValueInEffect: false }) === 'dark';
  const shade = dark ? 4 : 7;
  const hue = (name: string) => theme.colors[name]?.[shade] ?? colors.muted;
  return [colors.primary, hue('blue'), colors.warning, hue('grape'), hue('teal'), colors.danger, hue('indigo'), hue('cyan'), hue('pink'), hue('violet')];
}
