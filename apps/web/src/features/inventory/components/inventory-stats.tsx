import { Button } from '@mantine/core';
import { formatQuantity, inventoryMessages as m, type InventoryStats } from '@kuku/domain';
import { useSeesMoney } from '../../../lib/use-can';
import { StatCard, StatCards, StatMoney } from '../../../ui/stat-card';
import classes from './inventory-stats.module.css';

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
      <StatCards className={classes.cards}>
        <StatCard label={m.statItems} loading={loading} value={s ? formatQuantity(s.items) : '—'} note={m.statItemsNote} />
        {money ? (
          <StatCard label={m.statStockValue} loading={loading} value={s ? <StatMoney cents={s.stock_value_cents ?? 0} /> : '—'} note={m.statValueNote} />
        ) : null}
        <StatCard
          label={m.statLowStock}
          loading={loading}
          className={lowCount > 0 ? classes.warnCard : undefined}
          valueClassName={lowCount > 0 ? classes.warn : undefined}
          value={s ? formatQuantity(lowCount) : '—'}
          note={s?.items === 0 ? m.noItems : s && lowCount === 0 ? m.allStocked : m.statLowNote}
        />
      </StatCards>
      {s && s.low_stock.length > 0 ? (
        <ul className={classes.low} aria-label={m.lowStockTitle}>
          {s.low_stock.map((item) => (
            <li key={item.id} className={classes.lowItem}>
              <div className={classes.lowText}>
                <span className={classes.lowName}>{item.item_name}</span>
                <span className={classes.badge}>{m.lowStockBadge}</span>
                <span className={classes.lowStock}>
                  {m.stockOf(formatQuantity(item.quantity), item.unit, formatQuantity(item.reorder_level))}
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
