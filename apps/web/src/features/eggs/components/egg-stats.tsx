import { Paper, Skeleton, Text, Title } from '@mantine/core';
import { ADJUSTMENT_TYPE_LABELS, ADJUSTMENT_TYPES, type EggStats, formatCount, monthText, traysText } from '@kuku/domain';
import { eggsText } from './egg-format';
import { StatCard, StatCards } from '../../../ui/stat-card';
import classes from './egg-stats.module.css';

const percent = (rate: number | null) => (rate === null ? '—' : `${rate}%`);

/** The cards in order: a label, the number and a line under it, and what each shows while loading. */
const CARDS: { label: string; value: (s: EggStats) => string; note: (s: EggStats) => string; empty: [string, string] }[] = [
  { label: 'Eggs this month', value: (s) => formatCount(s.eggs_this_month), note: (s) => traysText(s.eggs_this_month), empty: ['0', '0 trays + 0 eggs'] },
  { label: 'Production days', value: (s) => formatCount(s.production_days), note: () => 'Days recorded this month', empty: ['0', 'Days recorded this month'] },
  { label: 'Average per day', value: (s) => formatCount(s.average_per_day), note: () => 'Eggs a production day', empty: ['0', 'Eggs a production day'] },
  {
    label: 'Average trays per day',
    value: (s) => String(s.average_trays_per_day),
    note: () => 'Trays of 30 a production day',
    empty: ['0', 'Trays of 30 a production day'],
  },
  {
    label: 'Available egg stock',
    value: (s) => formatCount(s.available_stock),
    // docs/product.md §9: this month's eggs less egg sales (crates of 30) and adjustments.
    note: (s) =>
      s.egg_sale_crates_this_month > 0
        ? `${traysText(s.available_stock)}, after ${formatCount(s.egg_sale_crates_this_month)} crates sold`
        : traysText(s.available_stock),
    empty: ['0', '0 trays + 0 eggs'],
  },
  { label: 'Laying rate', value: (s) => percent(s.laying_rate), note: () => 'Eggs per bird a day, all flocks', empty: ['0%', 'Eggs per bird a day, all flocks'] },
];

/** docs/product.md §2 Egg production statistics, this month in the farm's time zone: every number comes from the server. */
export function EggStatsCards({ stats }: { stats: EggStats | undefined }) {
  return (
    <section aria-labelledby="egg-stats-title">
      <Title order={2} fz="lg" mb="sm" id="egg-stats-title">
        Egg Production Statistics
        <Text component="span" fz="sm" c="dimmed" fw={400} ml="xs">
          {stats ? monthText(stats.month) : 'This month'}
        </Text>
      </Title>
      <StatCards>
        {CARDS.map((card) => (
          <StatCard
            key={card.label}
            large
            label={card.label}
            loading={!stats}
            value={stats ? card.value(stats) : card.empty[0]}
            note={stats ? card.note(stats) : card.empty[1]}
          />
        ))}
      </StatCards>
    </section>
  );
}

/** Each flock's laying this month: birds, eggs, days recorded and hen-day rate, as the server counted them. */
export function LayingRateByFlock({ stats }: { stats: EggStats | undefined }) {
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <Title order={2} fz="lg" mb="sm" id="laying-rate-title">
        Laying Rate by Flock
      </Title>
      {!stats ? (
        <Skeleton h={96} aria-label="Loading laying rates" />
      ) : stats.flocks.length === 0 ? (
        <Text c="dimmed" fz="sm">
          No production recorded this month.
        </Text>
      ) : (
        <div className={classes.scroll}>
          <table className={classes.table} aria-labelledby="laying-rate-title">
            <thead>
              <tr>
                <th scope="col">Flock</th>
                <th scope="col">Birds</th>
                <th scope="col">Eggs</th>
                <th scope="col">Days</th>
                <th scope="col">Laying %</th>
              </tr>
            </thead>
            <tbody>
              {stats.flocks.map((flock) => (
                <tr key={flock.flock_id}>
                  <td>{flock.flock_name}</td>
                  <td>{formatCount(flock.birds)}</td>
                  <td>{formatCount(flock.eggs)}</td>
                  <td>{formatCount(flock.days)}</td>
                  <td>{percent(flock.laying_rate)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Paper>
  );
}

/** docs/product.md §2 Egg adjustment summary: this month's eggs given away, broken and eaten, by type. */
export function AdjustmentSummary({ stats }: { stats: EggStats | undefined }) {
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <Title order={2} fz="lg" mb="sm">
        Egg Adjustment Summary
      </Title>
      <ul className={classes.types}>
        {ADJUSTMENT_TYPES.map((type) => (
          <li key={type}>
            <div className={classes.type} role="group" aria-label={ADJUSTMENT_TYPE_LABELS[type]}>
              <Text fw={600}>{ADJUSTMENT_TYPE_LABELS[type]}</Text>
            <Skeleton visible={!stats} w="auto">
              <Text ta="right" fz="sm">
                <Text component="span" fw={700} fz="md">
                  {eggsText(stats ? stats.adjustments[type] : 0)}
                </Text>
                <Text component="span" c="dimmed" fz="xs" display="block">
                  {traysText(stats ? stats.adjustments[type] : 0)}
                </Text>
              </Text>
            </Skeleton>
            </div>
          </li>
        ))}
        <li>
          <div className={classes.type} role="group" aria-label="Total adjusted">
            <Text fw={600}>Total this month</Text>
            <Skeleton visible={!stats} w="auto">
              <Text fw={700}>{eggsText(stats ? stats.adjusted_eggs_this_month : 0)}</Text>
            </Skeleton>
          </div>
        </li>
      </ul>
    </Paper>
  );
}
