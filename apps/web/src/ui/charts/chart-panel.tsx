import { Box, Paper, Skeleton, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** Every chart is this tall at every width, so a skeleton holds exactly its place (CLS 0). */
export const CHART_HEIGHT = 220;

interface ChartPanelProps {
  title: string;
  /** One line under the title, e.g. the unit. */
  note: string;
  children: ReactNode;
  /** The plot area's height, when a screen's charts all need more room (a legend under each). */
  height?: number;
}

/** The frame of one chart: title, note and a fixed-height plot area. Holds no chart code. */
export function ChartPanel({ title, note, children, height = CHART_HEIGHT }: ChartPanelProps) {
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <Title order={3} fz="md">
        {title}
      </Title>
      <Text fz="xs" c="dimmed" mb="sm">
        {note}
      </Text>
      <Box h={height} pos="relative">
        {children}
      </Box>
    </Paper>
  );
}

/** The panel while its data or the chart code loads. */
export function ChartPanelSkeleton({ title, note }: Omit<ChartPanelProps, 'children'>) {
  return (
    <ChartPanel title={title} note={note}>
      <Skeleton h="100%" radius="md" aria-hidden />
    </ChartPanel>
  );
}
