import { Button, Grid, Paper, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../ui/page-header';
import { AddFlockModal } from '../components/add-flock-modal';
import { FlockDetailsModal } from '../components/flock-details-modal';
import { FlockStatsCard } from '../components/flock-stats-card';
import { FlockTable } from '../components/flock-table';
import { VaccinationDueCard } from '../components/vaccination-due-card';

/** The open flock lives in the address (?flock=12), so the phone's back button closes the overlay. */
function useOpenFlock(): [number | null, (id: number | null) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const raw = Number(searchParams.get('flock'));
  const id = Number.isInteger(raw) && raw > 0 ? raw : null;
  const setId = (next: number | null) =>
    setSearchParams(
      (prev) => {
        const params = new URLSearchParams(prev);
        if (next === null) params.delete('flock');
        else params.set('flock', String(next));
        return params;
      },
      { replace: next === null },
    );
  return [id, setId];
}

export function FlocksPage() {
  const [addOpen, addModal] = useDisclosure(false);
  const [openFlock, setOpenFlock] = useOpenFlock();

  const addButton = (
    <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={addModal.open}>
      Add Flock
    </Button>
  );

  return (
    <>
      <PageHeader title="Flock Management" />
      <Stack gap="lg">
        <Paper p={{ base: 'md', sm: 'xl' }} bg="kuku.0" style={{ border: '1px solid var(--mantine-color-kuku-2)' }}>
          <Stack gap="xs">
            <Title order={2} fz={{ base: 22, sm: 26 }} c="kuku.9">
              Let&apos;s Manage Your Flock
            </Title>
            <Text c="gray.8" maw={640}>
              Keep each flock&apos;s bird count and status up to date, and see which vaccinations are coming up.
            </Text>
          </Stack>
        </Paper>

        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <FlockStatsCard />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <VaccinationDueCard />
          </Grid.Col>
        </Grid>

        <FlockTable onView={(flock) => setOpenFlock(flock.id)} actions={addButton} />
      </Stack>

      <AddFlockModal opened={addOpen} onClose={addModal.close} />
      <FlockDetailsModal flockId={openFlock} onClose={() => setOpenFlock(null)} />
    </>
  );
}
