import { Button, Container, Group, List, Loader, Modal, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { AGE_GROUP_LABELS, breedLabel, closeBatchMessages, FLOCK_HEALTH, flockDetailWords as m, flockMessages, formatCount, type Flock } from '@kuku/domain';
import { paths } from '@kuku/domain/screens';
import { IconArrowLeft, IconCalendarPlus, IconCashBanknote, IconFileAnalytics, IconHeartbeat, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useCan, useCanOpen } from '../../../lib/use-can';
import { RecordAuthors } from '../../../ui/record-authors';
import { showInfoToast } from '../../../ui/toast';
import { flockQuery } from '../api';
import { BirdCountCard } from './bird-count-card';
import { DeleteFlockModal } from './delete-flock-modal';
import { FlockStatusBadge } from './flock-status-badge';
import { FlockStatistics } from './flock-statistics';
import { FlockStatusCard } from './flock-status-card';
import { FlockVaccinationList } from './flock-vaccination-list';
import { lazyWithPreload } from '../../../first-screen/lazy';

// The flock's feed (its words, its list and dialog) loads as the overlay opens, beside its data.
const FlockFeedSection = lazyWithPreload(() => import('./flock-feed-section'), (mod) => mod.FlockFeedSection);
// Its feed and cost figures (decision 071) and a broiler batch's weighings, the same way.
const FlockEconomicsSection = lazyWithPreload(() => import('./flock-economics-section'), (mod) => mod.FlockEconomicsSection);
// Closing a broiler batch (decision 072): its dialog loads on first use, or as the pointer or focus heads for its button.
const CloseBatchModal = lazyWithPreload(() => import('./close-batch-modal'), (mod) => mod.CloseBatchModal);

interface LinkCardProps {
  title: string;
  text: string;
  to: string;
  label: string;
  icon: typeof IconCalendarPlus;
  onClick?: () => void;
}

function LinkCard({ title, text, to, label, icon: Icon, onClick }: LinkCardProps) {
  return (
    <Paper withBorder p="md" h="100%">
      <Stack gap="sm" h="100%" justify="space-between">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon variant="light" size="lg" radius="md">
            <Icon size={20} aria-hidden />
          </ThemeIcon>
          <div>
            <Title order={3} fz="md">
              {title}
            </Title>
            <Text fz="sm" c="dimmed">
              {text}
            </Text>
          </div>
        </Group>
        <Button component={Link} to={to} variant="light" onClick={onClick}>
          {label}
        </Button>
      </Stack>
    </Paper>
  );
}

function HealthSection({ flock }: { flock: Flock }) {
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <Title order={3} fz="md" mb="sm">
        {m.health}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Group gap="sm" align="flex-start" wrap="nowrap">
          <ThemeIcon color="kuku" variant="light" size="lg" radius="md">
            <IconHeartbeat size={20} aria-hidden />
          </ThemeIcon>
          <div>
            <Text fw={700} c="kuku">
              {FLOCK_HEALTH.status}
            </Text>
            <List size="sm" c="dimmed" spacing={2}>
              {FLOCK_HEALTH.notes.map((note) => (
                <List.Item key={note}>{note}</List.Item>
              ))}
            </List>
          </div>
        </Group>
        <Stack gap={2}>
          <Text fz="sm" c="dimmed">
            {m.averageHealth}
          </Text>
          <Text fw={600}>{m.monitoring}</Text>
          <Text fz="sm" c="dimmed" mt="xs">
            {m.mortalityRate(flock.mortality_rate.toFixed(2))}
          </Text>
        </Stack>
      </SimpleGrid>
    </Paper>
  );
}

function FlockDetails({ flock, onClose }: { flock: Flock; onClose: () => void }) {
  // A worker makes no reports (docs/design.md §6): no link to a screen the role may not open.
  const canOpen = useCanOpen();
  // docs/design.md §6: a worker changes bird counts only; an auditor changes nothing.
  const canWrite = useCan('flocks.write');
  const canCount = useCan('flocks.count');
  // Closing sells the birds left: the roles that record sales (owner and manager), a broiler batch still open.
  const canClose = useCan('sales.write') && flock.breed === 'Broilers' && flock.status !== 'archived';
  const [deleteOpen, setDeleteOpen] = useState(false);
  // Kept while open though the batch is archived by then: the dialog shows its result.
  const [closeDialog, setCloseDialog] = useState<{ opened: boolean; key: number } | null>(null);
  const statisticsRef = useRef<HTMLElement>(null);

  // docs/product.md §2: when the charts open below the fold, say where they are (once per flock opened).
  useEffect(() => {
    const top = statisticsRef.current?.getBoundingClientRect().top;
    if (top !== undefined && top > window.innerHeight) {
      showInfoToast(flockMessages.scrollForStatistics, { id: 'flock-statistics-hint' });
    }
  }, [flock.id]);

  return (
    <Stack gap="lg">
      <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
        <Group justify="space-between" gap="md">
          <Stack gap={4}>
            <Group gap="sm">
              <Text fw={700} fz="lg">
                {flock.name}
              </Text>
              <FlockStatusBadge status={flock.status} />
            </Group>
            <Text c="dimmed" fz="sm">
              #{flock.id} · {breedLabel(flock.breed)} · {m.weeks(flock.age)} ({AGE_GROUP_LABELS[flock.age_group] ?? flock.age_group}) ·{' '}
              {m.birds(formatCount(flock.bird_count))}
            </Text>
            <RecordAuthors record={flock} />
          </Stack>
          <Group gap="sm">
            {canClose ? (
              <Button
                variant="light"
                leftSection={<IconCashBanknote size={16} aria-hidden />}
                onClick={() => setCloseDialog((d) => ({ opened: true, key: (d?.key ?? 0) + 1 }))}
                onPointerEnter={CloseBatchModal.preload}
                onFocus={CloseBatchModal.preload}
              >
                {closeBatchMessages.open}
              </Button>
            ) : null}
            {canWrite ? (
              <Button color="red" variant="subtle" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => setDeleteOpen(true)}>
                {m.deleteFlock}
              </Button>
            ) : null}
          </Group>
        </Group>
      </Paper>

      <section aria-labelledby="quick-actions-title">
        <Title order={2} fz="lg" mb="sm" id="quick-actions-title">
          {m.quickActions}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
          {/* Archiving (closing a batch sells its birds) starts the card again from the count left. */}
          {canCount ? <BirdCountCard key={flock.status === 'archived' ? `${flock.id}-archived` : flock.id} flock={flock} /> : null}
          {canWrite ? <FlockStatusCard flock={flock} /> : null}
          {/* docs/product.md §2: hidden when the status is exactly 'archived'. */}
          {flock.status !== 'archived' ? (
            <LinkCard
              title={m.vaccinations}
              text={m.vaccinationsText}
              to={paths.vaccinations.getHref(flock.id)}
              label={m.schedule}
              icon={IconCalendarPlus}
              onClick={() => showInfoToast(flockMessages.redirectToVaccinations, { id: 'flock-schedule-redirect' })}
            />
          ) : null}
          {canOpen(paths.reports.getHref()) ? (
            <LinkCard
              title={m.reports}
              text={m.reportsText}
              to={paths.reports.getHref()}
              label={m.generate}
              icon={IconFileAnalytics}
            />
          ) : null}
        </SimpleGrid>
      </section>

      <Suspense fallback={<Paper withBorder p={{ base: 'md', sm: 'lg' }} mih={120} aria-busy />}>
        <FlockFeedSection key={flock.id} flock={flock} />
      </Suspense>

      <Suspense fallback={<Paper withBorder p={{ base: 'md', sm: 'lg' }} mih={160} aria-busy />}>
        <FlockEconomicsSection key={flock.id} flock={flock} />
      </Suspense>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <HealthSection flock={flock} />
        <FlockVaccinationList flockId={flock.id} />
      </SimpleGrid>

      <FlockStatistics ref={statisticsRef} flockId={flock.id} />

      {canWrite ? <DeleteFlockModal flock={flock} opened={deleteOpen} onClose={() => setDeleteOpen(false)} onDone={onClose} /> : null}
      {closeDialog ? (
        <Suspense fallback={null}>
          <CloseBatchModal key={closeDialog.key} opened={closeDialog.opened} flock={flock} onClose={() => setCloseDialog((d) => d && { ...d, opened: false })} />
        </Suspense>
      ) : null}
    </Stack>
  );
}

interface FlockDetailsModalProps {
  flockId: number | null;
  onClose: () => void;
}

/** docs/product.md §2 details overlay, full screen over the list. */
export function FlockDetailsModal({ flockId, onClose }: FlockDetailsModalProps) {
  const { data: flock, isError } = useQuery({ ...flockQuery(flockId ?? 0), enabled: flockId !== null });

  return (
    <Modal.Root
      opened={flockId !== null}
      onClose={onClose}
      fullScreen
      transitionProps={{ transition: 'fade', duration: 150 }}
      padding={0}
    >
      {/* The parts, not <Modal>: its aria-label lands on a wrapper, leaving the dialog itself unnamed. */}
      <Modal.Content aria-label={flock && flock.id === flockId ? m.managing(flock.name) : m.details}>
        <Modal.Body>
          <Container size="xl" py={{ base: 'md', sm: 'xl' }} px={{ base: 'md', sm: 'xl' }}>
            <Stack gap="lg">
              <Group justify="space-between" gap="sm">
                <Button variant="default" leftSection={<IconArrowLeft size={16} aria-hidden />} onClick={onClose}>
                  {m.back}
                </Button>
              </Group>
              {flock && flock.id === flockId ? (
                <>
                  <Title order={1} fz={{ base: 24, sm: 30 }}>
                    {m.managing(flock.name)}
                  </Title>
                  <FlockDetails flock={flock} onClose={onClose} />
                </>
              ) : isError ? (
                <Text c="dimmed">{m.loadFailed}</Text>
              ) : (
                <Group gap="sm" py="xl" justify="center">
                  <Loader size="sm" aria-hidden />
                  <Text>{m.loading}</Text>
                </Group>
              )}
            </Stack>
          </Container>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
