import { Paper, Skeleton, Text, Title } from '@mantine/core';
import { ADJUSTMENT_TYPE_LABELS, ADJUSTMENT_TYPES, traysText, type EggStats } from '@kuku/domain';
import type { ReactNode } from 'react';
import { eggsText, formatCount, monthText } from './egg-format';
import classes from './egg-stats.module.css';

interface StatCardProps {
  label: string;
  value: ReactNode;
  note: ReactNode;
  loading: boolean;
}

function StatCard({ label, value, note, loading }: StatCardProps) {
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} role="group" aria-label={label}>
      <Text c="dimmed" fz="sm" fw={500}>
        {label}
      </Text>
      {/* The skeletons wrap the same lines of text, so the card keeps its height when the numbers arrive. */}
      <Skeleton visible={loading} w={loading ? '60%' : undefined} mt={4}>
        <div className={classes.value}>{value}</div>
      </Skeleton>
      <Skeleton visible={loading} w={loading ? '80%' : undefined} mt={4}>
        <Text fz="sm" c="dimmed">
          {note}
        </Text>
      </Skeleton>
    </Paper>
  );
}

const percent = (rate: number | null) => (rate === null ? '—' : `${rate}%`);

/** SPEC §2 Egg production statistics, this month in the farm's time zone: every number comes from the server. */
export function EggStatsCards({ stats }: { stats: EggStats | undefined }) {
  const loading = !stats;
  const s = stats;
  return (
    <section aria-labelledby="egg-stats-title">
      <Title order={2} fz="lg" mb="sm" id="egg-stats-title">
        Egg Production Statistics
        <Text component="span" fz="sm" c="dimmed" fw={400} ml="xs">
          {s ? monthText(s.month) : 'This month'}
        </Text>
      </Title>
      <div className={classes.cards}>
        <StatCard
          label="Eggs this month"
          loading={loading}
          value={s ? formatCount(s.eggs_this_month) : '0'}
          note={s ? traysText(s.eggs_this_month) : '0 trays + 0 eggs'}
        />
        <StatCard
          label="Production days"
          loading={loading}
          value={s ? formatCount(s.production_days) : '0'}
          note="Days recorded this month"
        />
        <StatCard
          label="Average per day"
          loading={loading}
          value={s ? formatCount(s.average_per_day) : '0'}
          note="Eggs a production day"
        />
        <StatCard
          label="Average trays per day"
          loading={loading}
          value={s ? String(s.average_trays_per_day) : '0'}
          note="Trays of 30 a production day"
        />
        <StatCard
          label="Available egg stock"
          loading={loading}
          value={s ? formatCount(s.available_stock) : '0'}
          note={s ? traysText(s.available_stock) : '0 trays + 0 eggs'}
        />
        <StatCard
          label="Laying rate"
          loading={loading}
          value={s ? percent(s.laying_rate) : '0%'}
          note="Eggs per bird a day, all flocks"
        />
      </div>
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

/** SPEC §2 Egg adjustment summary: this month's eggs given away, broken and eaten, by type. */
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
