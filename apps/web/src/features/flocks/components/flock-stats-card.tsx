import { Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { FLOCK_STATUSES, flockPageWords as m, flockStatusLabel, formatCount, mortalityDisplay } from '@kuku/domain';
import { useQuery } from '@tanstack/react-query';
import { StatPair } from '../../../ui/stat-pair';
import { flockStatsQuery } from '../api';
import { FlockStatusBadge } from './flock-status-badge';


/** Totals come from GET /flocks/stats (docs/style.md rule 11: the browser never adds up lists). */
export function FlockStatsCard() {
  const { data: stats, isError } = useQuery(flockStatsQuery());
  const mortality = stats ? mortalityDisplay(stats.mortality_rate) : null;

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} h="100%">
      <Title order={2} fz="lg" mb="md">
        {m.statistics}
      </Title>
      {!stats ? (
        isError ? (
          <Text c="dimmed">{m.statsFailed}</Text>
        ) : (
          <Group justify="center" py="md">
            <Loader size="sm" aria-label={m.loadingStats} />
          </Group>
        )
      ) : (
        <Stack gap="md">
          <StatPair
            stats={[
              { label: m.totalBirds, value: formatCount(stats.total_birds), note: m.totalBirdsNote },
              { label: m.totalFlocks, value: formatCount(stats.total_flocks) },
            ]}
          />
          <Stack gap={6}>
            <Text fz="sm" c="dimmed">
              {m.byStatus}
            </Text>
            <Group gap="xs" aria-label={m.byStatus} role="list">
              {FLOCK_STATUSES.map((status) => (
                <Group key={status} gap={6} wrap="nowrap" role="listitem" aria-label={`${flockStatusLabel(status)}: ${stats.by_status[status] ?? 0}`}>
                  <FlockStatusBadge status={status} />
                  <Text fw={600} fz="sm">
                    {stats.by_status[status] ?? 0}
                  </Text>
                </Group>
              ))}
            </Group>
          </Stack>
          <Stack gap={2}>
            <Text fz="sm" c="dimmed">
              {m.mortalityRate}
            </Text>
            {mortality ? (
              <Text fw={700} c={mortality.tone === 'good' ? 'kuku' : 'red'}>
                {mortality.text}
              </Text>
            ) : null}
          </Stack>
        </Stack>
      )}
    </Paper>
  );
}
