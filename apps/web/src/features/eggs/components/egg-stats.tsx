import { Paper, Skeleton, Text, Title } from '@mantine/core';
import { ADJUSTMENT_TYPE_LABELS, ADJUSTMENT_TYPES, eggMessages as m, type EggStats, formatCount, monthText, traysText } from '@kuku/domain';
import { eggsText } from './egg-format';
import { StatCard, StatCards } from '../../../ui/stat-card';
import classes from './egg-stats.module.css';

const percent = (rate: number | null) => (rate === null ? '—' : `${rate}%`);

/** The cards in order: a label, the number and a line under it, and what each shows while loading (read in render: words). */
const cards = (): { label: string; value: (s: EggStats) => string; note: (s: EggStats) => string; empty: [string, string] }[] => [
  { label: m.eggsThisMonth, value: (s) => formatCount(s.eggs_this_month), note: (s) => traysText(s.eggs_this_month), empty: ['0', traysText(0)] },
  { label: m.productionDays, value: (s) => formatCount(s.production_days), note: () => m.productionDaysNote, empty: ['0', m.productionDaysNote] },
  { label: m.averagePerDay, value: (s) => formatCount(s.average_per_day), note: () => m.averagePerDayNote, empty: ['0', m.averagePerDayNote] },
  {
    label: m.averageTrays,
    value: (s) => String(s.average_trays_per_day),
    note: () => m.averageTraysNote,
    empty: ['0', m.averageTraysNote],
  },
  {
    label: m.availableStock,
    value: (s) => formatCount(s.available_stock),
    // docs/product.md §9: this month's eggs less egg sales (crates of 30) and adjustments.
    note: (s) =>
      s.egg_sale_crates_this_month > 0
        ? m.afterCratesSold(traysText(s.available_stock), formatCount(s.egg_sale_crates_this_month))
        : traysText(s.available_stock),
    empty: ['0', traysText(0)],
  },
  { label: m.layingRate, value: (s) => percent(s.laying_rate), note: () => m.layingRateNote, empty: ['0%', m.layingRateNote] },
];

/** docs/product.md §2 Egg production statistics, this month in the farm's time zone: every number comes from the server. */
export function EggStatsCards({ stats }: { stats: EggStats | undefined }) {
  return (
    <section aria-labelledby="egg-stats-title">
      <Title order={2} fz="lg" mb="sm" id="egg-stats-title">
        {m.statsTitle}
        <Text component="span" fz="sm" c="dimmed" fw={400} ml="xs">
          {stats ? monthText(stats.month) : m.thisMonth}
        </Text>
      </Title>
      <StatCards>
        {cards().map((card) => (
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
        {m.layingByFlock}
      </Title>
      {!stats ? (
        <Skeleton h={96} aria-label={m.layingLoading} />
      ) : stats.flocks.length === 0 ? (
        <Text c="dimmed" fz="sm">
          {m.noProductionThisMonth}
        </Text>
      ) : (
        <div className={classes.scroll}>
          <table className={classes.table} aria-labelledby="laying-rate-title">
            <thead>
              <tr>
                <th scope="col">{m.flockColumn}</th>
                <th scope="col">{m.birdsColumn}</th>
                <th scope="col">{m.eggsColumn}</th>
                <th scope="col">{m.daysColumn}</th>
                <th scope="col">{m.layingColumn}</th>
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
        {m.adjustmentSummary}
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
          <div className={classes.type} role="group" aria-label={m.totalAdjusted}>
            <Text fw={600}>{m.totalThisMonth}</Text>
            <Skeleton visible={!stats} w="auto">
              <Text fw={700}>{eggsText(stats ? stats.adjusted_eggs_this_month : 0)}</Text>
            </Skeleton>
          </div>
        </li>
      </ul>
    </Paper>
  );
}
