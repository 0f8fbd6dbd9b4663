import { Anchor, Button, Skeleton } from '@mantine/core';
import { financeMessages as m, flockFigure, formatKes, type Finance } from '@kuku/domain';
import { paths } from '@kuku/domain/screens';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import classes from './finance.module.css';

interface CardProps {
  label: string;
  value: ReactNode;
  /** The line or lines under the value. */
  children: ReactNode;
  loading: boolean;
  valueClass?: string;
}

/** A figure's card. While loading, skeletons wrap the same lines, so the card keeps its height when the figures arrive. */
function FigureCard({ label, value, children, loading, valueClass }: CardProps) {
  return (
    <div className={classes.card} role="group" aria-label={label}>
      <p className={classes.label}>{label}</p>
      <Skeleton visible={loading} w={loading ? '60%' : undefined}>
        <p className={valueClass ? `${classes.value} ${valueClass}` : classes.value}>{value}</p>
      </Skeleton>
      <Skeleton visible={loading} w={loading ? '85%' : undefined} mt={loading ? 4 : 0}>
        {children}
      </Skeleton>
    </div>
  );
}

interface SectionProps {
  data: Finance | undefined;
  loading: boolean;
}

/** 'Financial Overview' (docs/product.md §2): the year's revenue (paid and pending apart), expenses and net profit. */
export function FinanceOverview({ data, loading, failed, onRetry }: SectionProps & { failed: boolean; onRetry: () => void }) {
  // Never a made-up 0 when the figures could not be read.
  const money = (cents: number | undefined) => (cents === undefined ? '—' : formatKes(cents));
  const net = data?.net_profit_cents;
  return (
    <section aria-labelledby="finance-overview-title">
      <h2 className={classes.sectionTitle} id="finance-overview-title">
        {m.overview}
      </h2>
      {failed && !data ? (
        <div className={classes.failed} role="alert">
          <span>{m.loadFailed}</span>
          <Button size="xs" variant="default" onClick={onRetry}>
            {m.retry}
          </Button>
        </div>
      ) : null}
      <div className={classes.overviewCards}>
        <FigureCard label={m.totalRevenue} value={money(data?.total_revenue_cents)} loading={loading}>
          <dl className={classes.split}>
            <div>
              <dt>{m.paid}</dt>
              <dd>{money(data?.paid_cents)}</dd>
            </div>
            <div>
              <dt>{data ? m.pendingIn(data.year) : m.pending}</dt>
              <dd>
                {money(data?.pending_cents)}
                {data && data.pending_cents > 0 ? (
                  <>
                    {' '}
                    <Anchor component={Link} to={paths.debtors.getHref()} fz="xs">
                      {m.seeWhoOwes}
                    </Anchor>
                  </>
                ) : null}
              </dd>
            </div>
          </dl>
        </FigureCard>
        <FigureCard label={m.totalExpenses} value={money(data?.total_expenses_cents)} loading={loading}>
          <p className={classes.note}>{m.totalExpensesNote}</p>
        </FigureCard>
        <FigureCard label={m.netProfit} value={money(net)} loading={loading} valueClass={net !== undefined && net < 0 ? classes.negative : undefined}>
          <p className={classes.note}>{m.netProfitNote}</p>
        </FigureCard>
      </div>
    </section>
  );
}

/** 'Flock Performance' (docs/product.md §2): the flock with the highest revenue and the one with the highest net profit per bird. */
export function FlockPerformance({ data, loading }: SectionProps) {
  const best = data?.best_performing;
  const efficient = data?.most_efficient;
  const figure = (text: ReactNode, empty: string) => (data && !text ? <p className={classes.empty}>{empty}</p> : <p className={classes.figure}>{text ?? '—'}</p>);
  return (
    <section aria-labelledby="finance-performance-title">
      <h2 className={classes.sectionTitle} id="finance-performance-title">
        {m.flockPerformance}
      </h2>
      <div className={classes.performanceCards}>
        <div className={classes.card} role="group" aria-label={m.bestPerforming}>
          <p className={classes.label}>{m.bestPerforming}</p>
          <Skeleton visible={loading} w={loading ? '70%' : undefined}>
            {figure(best ? flockFigure(best.flock_name, formatKes(best.amount_cents)) : null, data?.flocks.length === 0 ? m.noFlocks : m.noBestFlock)}
          </Skeleton>
          <p className={classes.note}>{m.bestPerformingNote}</p>
        </div>
        <div className={classes.card} role="group" aria-label={m.mostEfficient}>
          <p className={classes.label}>{m.mostEfficient}</p>
          <Skeleton visible={loading} w={loading ? '70%' : undefined}>
            {figure(
              efficient ? (
                <>
                  {flockFigure(efficient.flock_name, formatKes(efficient.amount_cents))} <span className={classes.perBird}>{m.perBird}</span>
                </>
              ) : null,
              data?.flocks.length === 0 ? m.noFlocks : m.noEfficientFlock,
            )}
          </Skeleton>
          <p className={classes.note}>{m.mostEfficientNote}</p>
        </div>
      </div>
    </section>
  );
}
