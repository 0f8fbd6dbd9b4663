import { loadavg } from 'node:os';

export type Align = 'left' | 'right';

/** A plain aligned text table: readable in a terminal and pasteable into a report. */
export function formatTable(headers: string[], rows: string[][], align: Align[] = []): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => {
        const width = widths[i] ?? 0;
        return align[i] === 'right' ? cell.padStart(width) : cell.padEnd(width);
      })
      .join('  ')
      .trimEnd();
  const rule = widths.map((w) => '-'.repeat(w)).join('  ');
  return [line(headers), rule, ...rows.map(line)].join('\n');
}

const int = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const one = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const two = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export const fmt = {
  int: (n: number) => int.format(n),
  one: (n: number) => one.format(n),
  two: (n: number) => two.format(n),
  ms: (n: number) => `${int.format(n)} ms`,
};

/** Other work on the machine skews every number: the load average says how much there was. */
export function loadLine(): string {
  return `load average ${loadavg()
    .map((n) => fmt.two(n))
    .join(' ')}`;
}
