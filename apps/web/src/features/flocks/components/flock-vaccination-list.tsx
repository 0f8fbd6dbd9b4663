import { Badge, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { flockDetailWords as m, VACCINATION_STATUS_LABELS, vaccinationMessages, type Vaccination } from '@kuku/domain';
import { useQuery } from '@tanstack/react-query';
import { useFarmDates } from '../../../ui/date';
import { flockVaccinationsQuery } from '../api';

/** docs/product.md §4: overdue red, within 7 days warning, otherwise neutral. */
const DUE_COLORS: Record<Vaccination['due'], string | undefined> = {
  overdue: 'red',
  due_soon: 'orange',
  upcoming: undefined,
  done: undefined,
};
/** Read in render: a Kiswahili page's words arrive after the module loads. */
const dueLabel = (due: Vaccination['due']): string | null =>
  due === 'overdue' ? vaccinationMessages.overdue : due === 'due_soon' ? vaccinationMessages.dueSoon : null;

export function FlockVaccinationList({ flockId }: { flockId: number }) {
  const { data, isPending, isError } = useQuery(flockVaccinationsQuery(flockId));
  const dates = useFarmDates();

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <Title order={3} fz="md" mb="sm">
        {m.vaccinationSchedule}
      </Title>
      {isPending ? (
        <Group justify="center" py="md">
          <Loader size="sm" aria-label={m.loadingVaccinations} />
        </Group>
      ) : isError ? (
        <Text c="dimmed">{m.vaccinationsFailed}</Text>
      ) : data.items.length === 0 ? (
        <Text c="dimmed">{vaccinationMessages.noneScheduled}</Text>
      ) : (
        <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={m.scheduleList}>
          {data.items.map((vaccination) => {
            const due = vaccination.status === 'Pending' ? dueLabel(vaccination.due) : null;
            return (
              <Group
                key={vaccination.id}
                component="li"
                justify="space-between"
                wrap="nowrap"
                gap="sm"
                py="sm"
                style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
              >
                <Stack gap={0} miw={0}>
                  <Text fw={600} truncate>
                    {vaccination.vaccine_name}
                  </Text>
                  <Text fz="sm" c={DUE_COLORS[vaccination.due] ?? 'dimmed'}>
                    {dates.date(vaccination.date)}
                    {due ? ` · ${due}` : ''}
                  </Text>
                </Stack>
                <Badge color={vaccination.status === 'Completed' ? 'kuku' : 'yellow'} variant="light">
                  {VACCINATION_STATUS_LABELS[vaccination.status] ?? vaccination.status}
                </Badge>
              </Group>
            );
          })}
        </Stack>
      )}
    </Paper>
  );
}
