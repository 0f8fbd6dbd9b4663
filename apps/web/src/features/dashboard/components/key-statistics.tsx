import { Button, Skeleton } from '@mantine/core';
import { dashboardMessages as m, formatCount, mortalityDisplay, type Dashboard } from '@kuku/domain';
import type { ReactNode } from 'react';
import { StatMoney } from '../../../ui/stat-card';
import classes from './key-statistics.module.css';

interface TileProps {
  label: string;
  note: string;
  loading: boolean;
  children: ReactNode;
}

function Tile({ label, note, loading, children }: TileProps) {
  return (
    <div role="group" aria-label={label} className={classes.tile}>
      <p className={classes.label}>{label}</p>
      {/* The skeleton sits in the value's own line: the tile keeps its height when the number arrives. */}
      <div className={classes.value}>{loading ? <Skeleton className={classes.skeleton} aria-hidden /> : children}</div>
      <p className={classes.note}>{note}</p>
    </div>
  );
}

interface KeyStatisticsProps {
  data: Dashboard | undefined;
  failed: boolean;
  onRetry: () => void;
  retrying?: boolean;
}

/**
 * docs/product.md §2 Key Statistics: Total Birds (today), Eggs Produced (this month), Total Revenue (this
 * month) and the Mortality Rate (docs/product.md §9), every figure from GET /api/stats/dashboard.
 */
export function KeyStatistics({ data, failed, onRetry, retrying = false }: KeyStatisticsProps) {
  const loading = !data && !failed;
  const none = '—';
  const mortality = data ? mortalityDisplay(data.mortality_rate) : null;
  return (
    <section aria-labelledby="dashboard-stats-title" aria-busy={loading || undefined}>
      <h2 className={classes.title} id="dashboard-stats-title">
        {m.keyStatistics}
      </h2>
      {failed && !data ? (
        <div className={classes.failed} role="alert">
          <span>{m.loadFailed}</span>
          <Button size="xs" variant="light" onClick={onRetry} loading={retrying}>
            {m.retry}
          </Button>
        </div>
      ) : null}
      <div className={classes.tiles}>
        <Tile label={m.totalBirds} note={m.totalBirdsNote} loading={loading}>
          {data ? formatCount(data.total_birds) : none}
        </Tile>
        <Tile label={m.eggsProduced} note={m.eggsProducedNote} loading={loading}>
          {data ? formatCount(data.eggs_this_month) : none}
        </Tile>
        <Tile label={m.totalRevenue} note={m.totalRevenueNote} loading={loading}>
          {data ? (
            // One flex item: the currency and the figure wrap as text, between them only.
            <span>
              <StatMoney cents={data.revenue_this_month_cents} />
            </span>
          ) : (
            none
          )}
        </Tile>
        <Tile label={m.mortalityRate} note={m.mortalityRateNote} loading={loading}>
          {mortality ? (
            <span className={`${classes[mortality.tone]} ${mortality.tone === 'good' ? classes.words : ''}`} data-tone={mortality.tone}>
              {mortality.text}
            </span>
          ) : (
            none
          )}
        </Tile>
      </div>
    </section>
  );
}
