import { Box, Skeleton } from '@mantine/core';
import { Deferred } from '../../../first-screen/deferred';
import { lazyWithPreload } from '../../../first-screen/lazy';

// chart.js comes in its own chunk when the chart nears the viewport, never with the overlay's first screen.
const FlockGuideChart = lazyWithPreload(() => import('./flock-guide-chart'), (mod) => mod.FlockGuideChart);

/** The chart's place while its code and weeks load: the size it will have (two charts stacked on a phone, side by side wider). */
function GuidePlace() {
  return (
    <Box mt="lg" aria-busy>
      <Skeleton h={{ base: 660, md: 380 }} radius="md" />
    </Box>
  );
}

/** A flock against its breed guide (decision 073), in the flock's 'Feed and cost' section, loaded when near. */
export function FlockGuidePart({ flockId }: { flockId: number }) {
  return (
    <Deferred fallback={<GuidePlace />}>
      <FlockGuideChart flockId={flockId} />
    </Deferred>
  );
}
