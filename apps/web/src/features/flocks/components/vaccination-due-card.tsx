import { flockPageWords as m } from '@kuku/domain';
import { paths } from '@kuku/domain/screens';
import { Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconVaccine } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { StatPair } from '../../../ui/stat-pair';
import { vaccinationStatsQuery } from '../api';

/** docs/product.md §2 'a vaccination-related block': what needs doing soon, across every flock. */
export function VaccinationDueCard() {
  const { data: stats, isError } = useQuery(vaccinationStatsQuery());

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} h="100%">
      <Stack gap="md" h="100%" justify="space-between">
        <div>
          <Title order={2} fz="lg" mb="md">
            {m.vaccinations}
          </Title>
          {!stats ? (
            isError ? (
              <Text c="dimmed">{m.countsFailed}</Text>
            ) : (
              <Group justify="center" py="md">
                <Loader size="sm" aria-label={m.loadingCounts} />
              </Group>
            )
          ) : (
            <StatPair
              stats={[
                {
                  label: m.dueWithin7,
                  value: stats.due_within_7_days,
                  color: stats.due_within_7_days > 0 ? 'orange' : undefined,
                },
                { label: m.overdue, value: stats.overdue, color: stats.overdue > 0 ? 'red' : undefined },
              ]}
            />
          )}
        </div>
        <Button
          component={Link}
          to={paths.vaccinations.getHref()}
          variant="light"
          leftSection={<IconVaccine size={18} aria-hidden />}
          fullWidth
        >
          {m.viewSchedule}
        </Button>
      </Stack>
    </Paper>
  );
}
