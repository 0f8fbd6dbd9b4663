import { Group, Loader, Paper, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import {
  dayIn,
  DEFAULT_TIME_ZONE,
  economicsKindOf,
  economicsWords as w,
  formatCount,
  formatKes,
  formatQuantity,
  type Breed,
  type FlockEconomics,
} from '@kuku/domain';
import { useQuery } from '@tanstack/react-query';
import { useCurrentUser } from '../../../lib/current-user';
import { useSeesMoney } from '../../../lib/use-can';
import { useFarmToday } from '../../../ui/farm-today';
import { flockEconomicsQuery } from '../economics-api';
import { FlockGuidePart } from './flock-guide-part';
import { FlockWeighings } from './flock-weighings';

export interface EconomicsFlock {
  id: number;
  name: string;
  breed: Breed;
  status: string;
  bird_count: number;
  created_at: string;
}

interface FlockEconomicsSectionProps {
  flock: EconomicsFlock;
}

/** A figure's value as text: '—' where its records are missing (never 0). */
const NONE = '—';
const shown = (value: number | null | undefined, format: (value: number) => string): string =>
  value === null || value === undefined ? NONE : format(value);
const percent = (value: number) => w.percent(value.toFixed(1));
const kg = (value: number) => w.kilograms(formatQuantity(value));
const grams = (value: number) => w.grams(formatCount(value));

interface Figure {
  label: string;
  value: string;
  /** A loss: a negative margin shows in the error colour. */
  negative?: boolean;
}

function figuresOf(data: FlockEconomics, money: boolean): Figure[] {
  if (data.broilers) {
    const b = data.broilers;
    return [
      { label: w.mortality, value: shown(b.mortality_percent, percent) },
      { label: w.averageWeight, value: shown(b.average_weight_kg, kg) },
      { label: w.liveWeight, value: shown(b.live_weight_kg, kg) },
      { label: w.feedConversion, value: shown(b.feed_conversion_ratio, formatQuantity) },
      { label: w.productionEfficiency, value: shown(b.production_efficiency, formatCount) },
      ...(money
        ? [
            { label: w.costPerKg, value: shown(b.cost_per_kg_cents, formatKes) },
            { label: w.revenuePerKg, value: shown(b.revenue_per_kg_cents, formatKes) },
          ]
        : []),
    ];
  }
  const l = data.layers;
  if (!l) return [];
  return [
    { label: w.henDay, value: shown(l.hen_day_percent, percent) },
    { label: w.eggsPerDay, value: shown(l.eggs_per_day, formatQuantity) },
    { label: w.traysPerDay, value: shown(l.trays_per_day, formatQuantity) },
    { label: w.feedPerBirdDay, value: shown(l.feed_per_bird_day_grams, grams) },
    { label: w.feedPerTray, value: shown(l.feed_per_tray_kg, kg) },
    ...(money
      ? [
          { label: w.feedCostPerTray, value: shown(l.feed_cost_per_tray_cents, formatKes) },
          { label: w.costPerTray, value: shown(l.cost_per_tray_cents, formatKes) },
          { label: w.pricePerTray, value: shown(l.price_per_tray_cents, formatKes) },
          { label: w.marginPerTray, value: shown(l.margin_per_tray_cents, formatKes), negative: (l.margin_per_tray_cents ?? 0) < 0 },
        ]
      : []),
  ];
}

/** One range's figures, each as the server computed it, and what they are from. */
function Figures({ flockId, start, end, broilers }: { flockId: number; start: string; end: string; broilers: boolean }) {
  const money = useSeesMoney();
  const query = useQuery(flockEconomicsQuery(flockId, start, end));
  if (query.isPending) {
    return (
      <Group justify="center" py="md">
        <Loader size="sm" aria-label={w.loading} />
      </Group>
    );
  }
  if (!query.data) return <Text c="dimmed">{w.loadFailed}</Text>;
  const data = query.data;
  return (
    <Stack gap="sm">
      <SimpleGrid component="dl" cols={{ base: 2, sm: 3, lg: money ? (broilers ? 4 : 5) : 5 }} spacing="sm" verticalSpacing="sm" m={0}>
        {figuresOf(data, money).map((figure) => (
          <div key={figure.label}>
            <Text component="dt" fz="sm" c="dimmed" lh={1.3}>
              {figure.label}
            </Text>
            <Text component="dd" m={0} fw={700} fz="lg" c={figure.negative ? 'var(--mantine-color-error)' : undefined}>
              {figure.value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
      <Text fz="sm" c="dimmed">
        {broilers ? w.fromBroilerRecords(data.feed_records, data.weighings) : w.fromRecords(data.feed_records, data.egg_records)}
      </Text>
      {data.feed_records === 0 ? (
        <Text fz="sm" role="status">
          {broilers ? w.missingBroilers : w.missing}
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * A flock's feed and cost figures (decision 071) in its details overlay: this month and since the
 * flock came, each figure as the server computed it ('—' where its records are missing), the money
 * ones only for the roles that see money; a broiler batch's weighings below them.
 */
export function FlockEconomicsSection({ flock }: FlockEconomicsSectionProps) {
  const today = useFarmToday();
  const timeZone = useCurrentUser()?.farm.time_zone ?? DEFAULT_TIME_ZONE;
  const added = dayIn(new Date(flock.created_at), timeZone);
  const firstDay = added < today ? added : today;
  const monthStart = `${today.slice(0, 7)}-01`;
  const broilers = economicsKindOf(flock.breed) === 'broilers';

  return (
    <section aria-labelledby="flock-economics-title">
      <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
        <Title order={2} fz="lg" id="flock-economics-title" mb="sm">
          {w.title}
        </Title>
        <Tabs defaultValue="month" keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="month">{w.thisMonth}</Tabs.Tab>
            <Tabs.Tab value="life">{w.flockLife}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="month">
            <Figures flockId={flock.id} start={monthStart} end={today} broilers={broilers} />
          </Tabs.Panel>
          <Tabs.Panel value="life">
            <Figures flockId={flock.id} start={firstDay} end={today} broilers={broilers} />
          </Tabs.Panel>
        </Tabs>
        <FlockGuidePart flockId={flock.id} />
        {broilers ? <FlockWeighings flock={flock} firstDay={firstDay} /> : null}
      </Paper>
    </section>
  );
}

export default FlockEconomicsSection;
