import { Skeleton } from '@mantine/core';
import { financeMessages as m, formatKes, type Finance, type FinanceMonth } from '@kuku/domain';
import { useId, type ReactNode } from 'react';
import { Deferred } from '../../../first-screen/deferred';
import { lazyWithPreload } from '../../../first-screen/lazy';
import { monthsBegun, pieShares, pieSummary, rankedFlocks, shareText, trendLines } from './finance-lines';
import classes from './finance.module.css';

// chart.js and the plots come in their own chunk, when a plot nears the viewport or the screen
// has settled; the frames, titles and empty states are drawn at once (docs/design.md §9).
const TrendPlot = lazyWithPreload(() => import('./finance-charts'), (mod) => mod.TrendPlot);
const RevenuePie = lazyWithPreload(() => import('./finance-charts'), (mod) => mod.RevenuePie);
export { RevenuePie };

interface FrameProps {
  title: string;
  note: string;
  /** The title's level: h2 for a panel of its own, h3 inside a section. */
  level: 2 | 3;
  tall?: boolean;
  /** Only a message, no plot: a line's height. */
  compact?: boolean;
  children: ReactNode;
  /** Under the plot, e.g. a legend. */
  footer?: ReactNode;
}

/** A chart's frame: title, note and a plot of fixed height. Holds no chart code. */
export function ChartFrame({ title, note, level, tall = false, compact = false, children, footer }: FrameProps) {
  const id = useId();
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section className={classes.panel} aria-labelledby={id}>
      <Heading id={id}>{title}</Heading>
      <p className={classes.panelNote}>{note}</p>
      <div className={compact ? classes.compactPlot : tall ? classes.tallPlot : classes.plot}>{children}</div>
      {footer}
    </section>
  );
}

/** The plot's place while its data or code loads. */
export function PlotSkeleton({ className = classes.plotSkeleton }: { className?: string }) {
  return <Skeleton className={className} radius="md" aria-label={m.chartLoading} />;
}

function EmptyPlot({ children }: { children: ReactNode }) {
  return <p className={classes.emptyPlot}>{children}</p>;
}

interface TrendSpec {
  title: string;
  pick: (month: FinanceMonth) => number;
  /** Whether the farm has anything to draw on this chart. */
  has: (data: Finance) => boolean;
  empty: string;
}

/** The three trends; a function: words are read in render, once the page's language has arrived (decision 068). */
const trends = (): TrendSpec[] => [
  { title: m.revenueTrend, pick: (mo) => mo.revenue_cents, has: (d) => d.total_revenue_cents !== 0, empty: m.noBestFlock },
  { title: m.expensesTrend, pick: (mo) => mo.expenses_cents, has: (d) => d.total_expenses_cents !== 0, empty: m.noExpenses },
  {
    title: m.netRevenueTrend,
    pick: (mo) => mo.net_revenue_cents,
    has: (d) => d.total_revenue_cents !== 0 || d.total_expenses_cents !== 0,
    empty: m.noRecords,
  },
];

interface TrendsProps {
  data: Finance | undefined;
  /** The farm's today, 'YYYY-MM-DD': this year's lines stop at this month. */
  today: string;
}

/** docs/product.md §2: Revenue, Expenses and Net Revenue Trend, January to December, a line a flock. */
export function FinanceTrends({ data, today }: TrendsProps) {
  const ranked = data ? rankedFlocks(data.flocks) : [];
  const months = data ? monthsBegun(data.year, today) : 12;
  // A farm with nothing this year: three short messages, not three empty plots. They sit below the
  // first screen at every width, so this changes no place a farmer is looking at.
  const nothing = data !== undefined && data.total_revenue_cents === 0 && data.total_expenses_cents === 0;
  return (
    <section aria-labelledby="finance-trends-title">
      <h2 className={classes.sectionTitle} id="finance-trends-title">
        {m.trendsTitle}
      </h2>
      <div className={classes.trends}>
        {trends().map((spec) => {
          let plot: ReactNode;
          if (!data) plot = <PlotSkeleton />;
          else if (data.flocks.length === 0) plot = <EmptyPlot>{m.noFlocks}</EmptyPlot>;
          else if (!spec.has(data) || ranked.length === 0) plot = <EmptyPlot>{spec.empty}</EmptyPlot>;
          else {
            const trend = trendLines(ranked, spec.pick, months);
            plot = (
              <Deferred fallback={<PlotSkeleton />} ahead="0px">
                <TrendPlot title={spec.title} summary={m.trendSummary(trend.shown, trend.others)} lines={trend.lines} />
              </Deferred>
            );
          }
          return (
            <ChartFrame key={spec.title} title={spec.title} note={m.trendNote} level={3} tall compact={nothing}>
              {plot}
            </ChartFrame>
          );
        })}
      </div>
    </section>
  );
}

/** The overall 'Total Revenue vs Expenses' pie, with its two figures and shares as its legend. */
export function OverallPie({ data }: { data: Finance | undefined }) {
  let plot: ReactNode;
  if (!data) plot = <PlotSkeleton />;
  else if (data.total_revenue_cents === 0 && data.total_expenses_cents === 0) plot = <EmptyPlot>{data.flocks.length === 0 ? m.noFlocks : m.noRecords}</EmptyPlot>;
  else {
    plot = (
      <Deferred fallback={<PlotSkeleton />} ahead="0px">
        <RevenuePie
          label={`${m.totalRevenueVsExpenses}: ${pieSummary(data.total_revenue_cents, data.total_expenses_cents)}.`}
          revenueCents={data.total_revenue_cents}
          expensesCents={data.total_expenses_cents}
          shares={pieShares(data.total_revenue_cents, data.total_expenses_cents)}
          tableCaption={m.totalRevenueVsExpenses}
        />
      </Deferred>
    );
  }
  const total = data ? data.total_revenue_cents + data.total_expenses_cents : 0;
  // The legend's place is kept while loading and when empty: nothing below it moves.
  const legend = (
    <ul className={classes.pieLegend} aria-hidden>
      {data && total > 0 ? (
        <>
          <li>
            <span className={`${classes.swatch} ${classes.revenueSwatch}`} />
            {m.revenue} {formatKes(data.total_revenue_cents)} ({shareText(data.total_revenue_cents, total)})
          </li>
          <li>
            <span className={`${classes.swatch} ${classes.expensesSwatch}`} />
            {m.expenses} {formatKes(data.total_expenses_cents)} ({shareText(data.total_expenses_cents, total)})
          </li>
        </>
      ) : null}
    </ul>
  );
  return (
    <ChartFrame title={m.totalRevenueVsExpenses} note={m.pieNote} level={2} footer={legend}>
      {plot}
    </ChartFrame>
  );
}
