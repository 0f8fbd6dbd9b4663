import { economicsWords, economicsSummaryWords as w, formatKes } from '@kuku/domain';
import { useQuery } from '@tanstack/react-query';
import { farmEconomicsQuery } from '../../economics/api';
import classes from './flock-trays.module.css';

interface FlockTraysProps {
  flockId: number;
  /** The screen's year: its figures are summed from 1 January to 31 December (the server stops at today). */
  year: number;
}

/** A figure the server could not make (its records are missing): '—', never 0. */
const shown = (cents: number | null) => (cents === null ? '—' : formatKes(cents));

/**
 * A laying flock's all costs, price and margin a tray over the screen's year (decision 074), from
 * GET /api/economics for the year: one request for every card (one query key). Nothing for a broiler
 * batch or a flock the answer does not list. Feed is counted as given, at its cost, in these figures
 * only: the finance screen's totals do not move (decision 070).
 */
export function FlockTrays({ flockId, year }: FlockTraysProps) {
  const query = useQuery(farmEconomicsQuery(`${year}-01-01`, `${year}-12-31`));
  const flock = query.data?.flocks.find((f) => f.flock_id === flockId);
  const layers = flock?.kind === 'layers' ? flock.layers : null;
  if (!layers) return null;
  const margin = layers.margin_per_tray_cents;
  return (
    <div className={classes.trays} role="group" aria-label={`${flock?.flock_name ?? ''}: ${w.trayIn(year)}`}>
      <p className={classes.caption}>{w.trayIn(year)}</p>
      <dl className={classes.figures}>
        <div>
          <dt>{economicsWords.costPerTray}</dt>
          <dd>{shown(layers.cost_per_tray_cents)}</dd>
        </div>
        <div>
          <dt>{economicsWords.pricePerTray}</dt>
          <dd>{shown(layers.price_per_tray_cents)}</dd>
        </div>
        <div>
          <dt>{economicsWords.marginPerTray}</dt>
          <dd className={margin !== null && margin < 0 ? classes.negative : undefined}>{shown(margin)}</dd>
        </div>
      </dl>
    </div>
  );
}
