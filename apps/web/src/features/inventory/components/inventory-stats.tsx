import { Button, Paper, Skeleton } from '@mantine/core';
import { formatQuantity, INVENTORY_UNIT_LABELS, inventoryMessages as m, type InventoryStats, kesParts } from '@kuku/domain';
import type { ReactNode } from 'react';
import { useSeesMoney } from '../../../lib/use-can';
import classes from './inventory-stats.module.css';

interface StatCardProps {
  label: string;
  value: ReactNode;
  note: ReactNode;
  loading: boolean;
  warn?: boolean;
}

function StatCard({ label, value, note, loading, warn = false }: StatCardProps) {
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} role="group" aria-label={label} className={warn ? classes.warnCard : undefined}>
      <p className={classes.label}>{label}</p>
      {/* The skeletons wrap the same lines of text, so the card keeps its height when the numbers arrive. */}
      <Skeleton visible={loading} w={loading ? '60%' : undefined} mt={4}>
        <div className={`${classes.value} ${warn ? classes.warn : ''}`}>{value}</div>
      </Skeleton>
      <Skeleton visible={loading} w={loading ? '80%' : undefined} mt={4}>
        <p className={classes.note}>{note}</p>
      </Skeleton>
    </Paper>
  );
}

/** A money figure as formatKes writes it, the currency small in front, the figure never split. */
function Money({ cents }: { cents: number }) {
  const { currency, figure } = kesParts(cents);
  return (
    <>
      {currency ? <span className={classes.currency}>{currency}</span> : null} <span className={classes.figure}>{figure}</span>
    </>
  );
}

interface InventoryStatsProps {
  stats: InventoryStats | undefined;
  failed: boolean;
  /** 'Restock' on a low item: the stock-in dialog opens on it. Without it (a role that cannot restock) no such button. */
  onRestock?: (itemId: number) => void;
  onRestockIntent?: () => void;
}

/**
 * The inventory statistics from GET /api/inventory/stats: items, stock value (quantity × cost),
 * and the items at or below their reorder level, each listed with one tap to restock it.
 */
export function InventoryStatsCards({ stats: s, failed, onRestock, onRestockIntent }: InventoryStatsProps) {
  const loading = !s && !failed;
  const none = failed && !s;
  const lowCount = s?.low_stock_count ?? 0;
  // A role that does not see money gets no stock value (decision 051).
  const money = useSeesMoney();
  return (
    <section aria-labelledby="inventory-stats-title">
      <h2 className={classes.title} id="inventory-stats-title">
        {m.statsTitle}
      </h2>
      {none ? (
        <p className={classes.failed} role="alert">
          {m.statsFailed}
        </p>
      ) : null}
      <div className={classes.cards}>
        <StatCard label={m.statItems} loading={loading} value={s ? formatQuantity(s.items) : '—'} note={m.statItemsNote} />
        {money ? (
          <StatCard label={m.statStockValue} loading={loading} value={s ? <Money cents={s.stock_value_cents ?? 0} /> : '—'} note={m.statValueNote} />
        ) : null}
        <StatCard
          label={m.statLowStock}
          loading={loading}
          warn={lowCount > 0}
          value={s ? formatQuantity(lowCount) : '—'}
          note={s?.items === 0 ? m.noItems : s && lowCount === 0 ? m.allStocked : m.statLowNote}
        />
      </div>
      {s && s.low_stock.length > 0 ? (
        <ul className={classes.low} aria-label={m.lowStockTitle}>
          {s.low_stock.map((item) => (
            <li key={item.id} className={classes.lowItem}>
              <div className={classes.lowText}>
                <span className={classes.lowName}>{item.item_name}</span>
                <span className={classes.badge}>{m.lowStockBadge}</span>
                <span className={classes.lowStock}>
                  {m.stockOf(formatQuantity(item.quantity), INVENTORY_UNIT_LABELS[item.unit], formatQuantity(item.reorder_level))}
                </span>
              </div>
              {onRestock ? (
                <Button
                  size="xs"
                  variant="light"
                  color="orange"
                  className={classes.restock}
                  aria-label={m.restockOf(item.item_name)}
                  onClick={() => onRestock(item.id)}
                  onPointerEnter={onRestockIntent}
                  onFocus={onRestockIntent}
                >
                  {m.restock}
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
