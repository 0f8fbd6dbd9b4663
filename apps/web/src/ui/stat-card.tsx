import { Paper, Skeleton } from '@mantine/core';
import { kesParts } from '@kuku/domain';
import type { CSSProperties, ReactNode } from 'react';
import classes from './stat-card.module.css';

interface StatCardsProps {
  /** Cards a row from sm (two on phones). */
  columns?: number;
  /** The feature's own class: where a card goes on a phone's row, say. */
  className?: string;
  children: ReactNode;
}

/** The grid of a screen's statistics cards. */
export function StatCards({ columns = 3, className, children }: StatCardsProps) {
  const style = { '--stat-columns': columns } as CSSProperties;
  return (
    <div className={className ? `${classes.cards} ${className}` : classes.cards} style={style}>
      {children}
    </div>
  );
}

interface StatCardProps {
  label: string;
  value: ReactNode;
  note: ReactNode;
  loading: boolean;
  /** A count, shown larger than a money figure. */
  large?: boolean;
  /** The card's own class: its place in the grid, a warning border, a stretched link's card. */
  className?: string | undefined;
  /** The value's own class: a colour. */
  valueClassName?: string | undefined;
  /** At the end of the label's line: the card's link. */
  aside?: ReactNode;
}

/** One statistic: its label, the figure, and a line under it; named by its label for a screen reader. */
export function StatCard({ label, value, note, loading, large = false, className, valueClassName, aside }: StatCardProps) {
  const valueClass = [classes.value, large ? classes.large : '', valueClassName ?? ''].filter(Boolean).join(' ');
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} role="group" aria-label={label} className={className}>
      <p className={classes.label}>
        {label}
        {aside}
      </p>
      {/* The skeletons wrap the same lines of text, so the card keeps its height when the numbers arrive. */}
      <Skeleton visible={loading} w={loading ? '60%' : undefined} mt={4}>
        <div className={valueClass}>{value}</div>
      </Skeleton>
      <Skeleton visible={loading} w={loading ? '80%' : undefined} mt={4}>
        <p className={classes.note}>{note}</p>
      </Skeleton>
    </Paper>
  );
}

/** A money figure as formatKes writes it, the currency small in front; the space lets 'Ksh' take a line of its own rather than the figure breaking. */
export function StatMoney({ cents }: { cents: number }) {
  const { currency, figure } = kesParts(cents);
  return (
    <>
      {currency ? <span className={classes.currency}>{currency}</span> : null} <span className={classes.figure}>{figure}</span>
    </>
  );
}
