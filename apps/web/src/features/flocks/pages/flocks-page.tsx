import { Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { flockPageWords as m } from '@kuku/domain';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useCan } from '../../../lib/use-can';
import { lazyWithPreload } from '../../../first-screen/lazy';
import { PageHeader } from '../../../ui/page-header';
import { FlockStatsCard } from '../components/flock-stats-card';
import { FlockTable } from '../components/flock-table';
import { VaccinationDueCard } from '../components/vaccination-due-card';
import classes from './flocks-page.module.css';

// The add form and the details overlay (number inputs, form and schema code, charts) are not
// on the first screen: they load on first use, or when the pointer or focus heads for them
// (docs/design.md §9: 170 KB of JS gzip for a first screen).
const AddFlockModal = lazyWithPreload(() => import('../components/add-flock-modal'), (m) => m.AddFlockModal);
const FlockDetailsModal = lazyWithPreload(() => import('../components/flock-details-modal'), (m) => m.FlockDetailsModal);
const RecentlyDeletedModal = lazyWithPreload(() => import('../components/recently-deleted-modal'), (m) => m.RecentlyDeletedModal);

/** What shows while the overlay's code arrives: the same words the overlay shows while its data does. */
function DetailsLoading() {
  return (
    <Paper pos="fixed" inset={0} radius={0} style={{ zIndex: 200 }} role="status">
      <Stack align="center" justify="center" h="100%" gap="sm">
        <Loader size="sm" aria-hidden />
        <Text>{m.loadingDetails}</Text>
      </Stack>
    </Paper>
  );
}

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
  // Mounted from the first opening on, so the modal can play its closing transition.
  const [addOpen, setAddOpen] = useState<boolean | null>(null);
  const [openFlock, setOpenFlock] = useOpenFlock();
  const [detailsUsed, setDetailsUsed] = useState(false);
  if (openFlock !== null && !detailsUsed) setDetailsUsed(true);
  const canWrite = useCan('flocks.write');
  const canErase = useCan('flocks.erase');
  const [binOpen, setBinOpen] = useState<boolean | null>(null);

  const binButton = canErase ? (
    <Button
      variant="default"
      leftSection={<IconTrash size={18} aria-hidden />}
      onClick={() => setBinOpen(true)}
      onPointerEnter={RecentlyDeletedModal.preload}
      onFocus={RecentlyDeletedModal.preload}
    >
      {m.recentlyDeleted}
    </Button>
  ) : null;

  const addButton = canWrite ? (
    <Button
      leftSection={<IconPlus size={18} aria-hidden />}
      onClick={() => setAddOpen(true)}
      onPointerEnter={AddFlockModal.preload}
      onFocus={AddFlockModal.preload}
    >
      {m.addFlock}
    </Button>
  ) : null;

  return (
    <>
      <PageHeader title={m.title} />
      <Stack gap="lg">
        <Paper p={{ base: 'md', sm: 'xl' }} className={classes.welcome}>
          <Stack gap="xs">
            <Title order={2} fz={{ base: 22, sm: 26 }} className={classes.welcomeTitle}>
              {m.welcome}
            </Title>
            <Text className={classes.welcomeText} maw={640}>
              {m.intro}
            </Text>
          </Stack>
        </Paper>

        <div className={classes.cards}>
          <FlockStatsCard />
          <VaccinationDueCard />
        </div>

        <FlockTable
          onView={(flock) => setOpenFlock(flock.id)}
          onViewIntent={FlockDetailsModal.preload}
          actions={
            binButton ? (
              <Group gap="sm">
                {binButton}
                {addButton}
              </Group>
            ) : (
              addButton
            )
          }
        />
      </Stack>

      {addOpen !== null ? (
        <Suspense fallback={null}>
          <AddFlockModal opened={addOpen} onClose={() => setAddOpen(false)} />
        </Suspense>
      ) : null}
      {binOpen !== null ? (
        <Suspense fallback={null}>
          <RecentlyDeletedModal opened={binOpen} onClose={() => setBinOpen(false)} />
        </Suspense>
      ) : null}
      {detailsUsed ? (
        <Suspense fallback={openFlock !== null ? <DetailsLoading /> : null}>
          <FlockDetailsModal flockId={openFlock} onClose={() => setOpenFlock(null)} />
        </Suspense>
      ) : null}
    </>
  );
}
