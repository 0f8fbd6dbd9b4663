import { SimpleGrid, Text, Title } from '@mantine/core';
import { flockDetailWords as m } from '@kuku/domain';
import { useQuery } from '@tanstack/react-query';
import { Suspense, type Ref } from 'react';
import { ChartPanelSkeleton } from '../../../ui/charts/chart-panel';
import { lazyWithPreload } from '../../../first-screen/lazy';
import { flockHistoryQuery } from '../api';

// chart.js comes in its own chunk when the details open, never with the list (docs/design.md §9).
const FlockHistoryCharts = lazyWithPreload(() => import('./flock-history-charts'), (m) => m.FlockHistoryCharts);

/**
 * Titles and notes of the flock's charts, shared by their skeletons so nothing moves when they
 * load; read in render, as a Kiswahili page's words arrive after the module loads.
 */
const flockCharts = () => ({
  birdCount: { title: m.birdCountTitle, note: m.birdCountNote },
  deaths: { title: m.deathsTitle, note: m.deathsNote },
  mortality: { title: m.mortalityTitle, note: m.mortalityNote },
  vaccinations: { title: m.vaccinationsTitle, note: m.vaccinationsNote },
});
export type FlockChartTitles = ReturnType<typeof flockCharts>;

function ChartsSkeleton() {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" aria-busy aria-label={m.loadingStats}>
      {Object.values(flockCharts()).map((chart) => (
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
        {m.statistics}
      </Title>
      {isError && !data ? (
        <Text c="dimmed">{m.statsFailed}</Text>
      ) : data ? (
        <Suspense fallback={<ChartsSkeleton />}>
          <FlockHistoryCharts history={data} titles={flockCharts()} />
        </Suspense>
      ) : (
        <ChartsSkeleton />
      )}
    </section>
  );
}
