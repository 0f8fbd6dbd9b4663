import { Anchor, Button, Skeleton } from '@mantine/core';
import { economicsSummaryWords as w, economicsWords, FEED_DAYS_LOW, type FarmEconomics, type FeedDaysAnswer } from '@kuku/domain';
import { paths } from '@kuku/domain/screens';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { StatMoney } from '../../../ui/stat-card';
import { farmEconomicsQuery } from '../../economics/api';
import { feedDaysQuery } from '../../feed/api';
import classes from './feed-cost-card.module.css';

/** A figure whose records are missing (decision 071): never 0. */
const NONE = '—';

interface TileProps {
  label: string;
  loading: boolean;
  children: ReactNode;
  note: ReactNode;
}

function Tile({ label, loading, children, note }: TileProps) {
  return (
    <div role="group" aria-label={label} className={classes.tile}>
      <p className={classes.label}>{label}</p>
      <div className={classes.value}>{loading ? <Skeleton className={classes.skeleton} aria-hidden /> : children}</div>
      <div className={classes.note}>{note}</div>
    </div>
  );
}

/** What the feed days figure is from, or what to record for it. */
function feedNote(data: FeedDaysAnswer): ReactNode {
  if (data.days_left !== null && data.store_kg !== null && data.kg_per_day !== null) {
    return (
      <>
        {w.storeAndUse(data.store_kg, data.kg_per_day, data.window_days)}
        {data.low ? <span className={classes.warning}> {w.low(FEED_DAYS_LOW)}</span> : null}
      </>
    );
  }
  const inventory = (
    <>
      {' '}
      <Anchor component={Link} to={paths.inventory.getHref()} fz="xs" fw={600}>
        {w.openInventory}
      </Anchor>
    </>
  );
  if (data.missing === 'feed_items') return <>{w.noFeedItems}{inventory}</>;
  if (data.missing === 'weight') return <>{w.noWeight(data.unweighed_items.join(', '))}{inventory}</>;
  return w.noUse(data.window_days);
}

function FeedDaysTile() {
  const query = useQuery(feedDaysQuery());
  const data = query.data;
  const loading = !data && !query.isError;
  return (
    <Tile
      label={w.feedDaysLeft}
      loading={loading}
      note={data ? feedNote(data) : query.isError ? <Failed onRetry={() => void query.refetch()} /> : null}
    >
      {data?.days_left != null ? (
        <span className={data.low ? classes.low : undefined} data-low={data.low || undefined}>
          {w.days(data.days_left)}
        </span>
      ) : (
        NONE
      )}
    </Tile>
  );
}

function Failed({ onRetry }: { onRetry: () => void }) {
  return (
    <span role="alert" className={classes.failed}>
      {w.loadFailed}{' '}
      <Button size="compact-xs" variant="light" onClick={onRetry}>
        {w.retry}
      </Button>
    </span>
  );
}

const money = (cents: number | null | undefined) => (cents == null ? NONE : <StatMoney cents={cents} />);

/** This month's laying flocks together: all costs, price and margin a tray (GET /api/economics). */
function TrayTile() {
  const query = useQuery(farmEconomicsQuery());
  const data: FarmEconomics | undefined = query.data;
  const loading = !data && !query.isError;
  const layers = data?.layers ?? null;
  let note: ReactNode = w.trayNote;
  if (query.isError && !data) note = <Failed onRetry={() => void query.refetch()} />;
  else if (data && !layers) note = w.noLayers;
  else if (layers && layers.cost_per_tray_cents === null) note = economicsWords.missing;
  const margin = layers?.margin_per_tray_cents ?? null;
  const figures = [
    { label: economicsWords.costPerTray, value: money(layers?.cost_per_tray_cents) },
    { label: economicsWords.pricePerTray, value: money(layers?.price_per_tray_cents) },
    { label: economicsWords.marginPerTray, value: money(margin), negative: margin !== null && margin < 0 },
  ];
  return (
    <div role="group" aria-label={w.trayThisMonth} className={`${classes.tile} ${classes.trayTile}`}>
      <p className={classes.label}>{w.trayThisMonth}</p>
      <dl className={classes.trays}>
        {figures.map((figure) => (
          <div key={figure.label}>
            <dt>{figure.label}</dt>
            <dd className={figure.negative ? classes.negative : undefined}>{loading ? <Skeleton className={classes.skeleton} aria-hidden /> : figure.value}</dd>
          </div>
        ))}
      </dl>
      <div className={classes.note}>{note}</div>
    </div>
  );
}

interface FeedCostCardProps {
  /** The role sees money: this month's tray figures beside the feed days (a worker's card has only the feed). */
  money: boolean;
}

/**
 * The dashboard's feed and cost card (decision 074): how many days the store's feed lasts at the last
 * 7 days' use, for every role that reads the store, and, for the roles that see money, this month's
 * all costs, price and margin a tray of the laying flocks. Loaded lazily after the first screen, with
 * its words (economics-summary-words.ts); every figure is the server's, '—' where records are missing.
 */
export function FeedCostCard({ money: seesMoney }: FeedCostCardProps) {
  return (
    <section aria-labelledby="dashboard-feed-cost-title" className={seesMoney ? classes.card : `${classes.card} ${classes.feedOnly}`}>
      <h2 className={classes.title} id="dashboard-feed-cost-title">
        {seesMoney ? w.title : w.feedTitle}
      </h2>
      <div className={classes.tiles}>
        <FeedDaysTile />
        {seesMoney ? <TrayTile /> : null}
      </div>
    </section>
  );
}
