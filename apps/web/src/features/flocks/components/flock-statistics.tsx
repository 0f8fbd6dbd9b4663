import { SimpleGrid, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Suspense, type Ref } from 'react';
import { ChartPanelSkeleton } from '../../../ui/charts/chart-panel';
import { lazyWithPreload } from '../../../first-screen/lazy';
import { flockHistoryQuery } from '../api';

// chart.js comes in its own chunk when the details open, never with the list (docs/design.md §9).
const FlockHistoryCharts = lazyWithPreload(() => import('./flock-history-charts'), (m) => m.FlockHistoryCharts);

/** Titles and notes of the flock's charts, shared by their skeletons so nothing moves when they load. */
const FLOCK_CHARTS = {
  birdCount: { title: 'Bird Count Over Time', note: 'Birds at the end of each week' },
  deaths: { title: 'Deaths per Week', note: 'Birds lost to mortality' },
  mortality: { title: 'Mortality Rate Trend', note: 'Deaths to date over the initial count, %' },
  vaccinations: { title: 'Vaccinations Done vs Due', note: 'Per week, cancelled ones left out' },
} as const;
export type FlockChartTitles = typeof FLOCK_CHARTS;

function ChartsSkeleton() {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" aria-busy aria-label="Loading flock statistics">
      {Object.values(FLOCK_CHARTS).map((chart) => (
        <ChartPanelSkeleton key={chart.title} {...chart} />
      ))}
    </SimpleGrid>
  );
}

/** The flock's own history as four charts; the data and the chart code load side by side. */
export function FlockStatistics({ flockId, ref }: { flockId: number; ref?: Ref<HTMLElement> }) {
  const { data, isError } = useQuery(flockHistoryQuery(flockId));

  return (
    <section aria-labelledby="flock-statistics-title" ref={ref}>
      <Title order={2} fz="lg" mb="sm" id="flock-statistics-title">
        Flock Statistics
      </Title>
      {isError && !data ? (
        <Text c="dimmed">Flock statistics could not be loaded.</Text>
      ) : data ? (
        <Suspense fallback={<ChartsSkeleton />}>
          <FlockHistoryCharts history={data} titles={FLOCK_CHARTS} />
        </Suspense>
      ) : (
        <ChartsSkeleton />
      )}
    </section>
  );
}
