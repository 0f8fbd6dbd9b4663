import { Alert, Button, Skeleton, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { parseVaccinationFilter, vaccinationMessages, vaccinationPageWords as m, type Flock, type VaccinationFilter } from '@kuku/domain';
import { paths } from '@kuku/domain/screens';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { useCan } from '../../../lib/use-can';
import { Deferred } from '../../../first-screen/deferred';
import { lazyWithPreload } from '../../../first-screen/lazy';
import { PageHeader } from '../../../ui/page-header';
import { flockOptionsQuery, flockQuery } from '../../flocks/api';
import { parseFlockId, vaccinationStatsQueryOptions } from '../api';
import { flockLabel } from '../components/flock-label';
import { StandardSchedulePlaceholder } from '../components/standard-schedule-placeholder';
import { VaccinationHistory } from '../components/vaccination-history';
import { VaccinationStatsCards } from '../components/vaccination-stats-cards';

// The scheduling modal (dialog, form and schema code) is not on the first screen: it loads on
// first use, or when the pointer or focus heads for its button (docs/design.md §9 budget).
const AddVaccinationModal = lazyWithPreload(
  () => import('../components/add-vaccination-modal'),
  (m) => m.AddVaccinationModal,
);
// The standard schedule form sits below the history: it loads as it nears the viewport.
const StandardScheduleForm = lazyWithPreload(
  () => import('../components/standard-schedule-form'),
  (m) => m.StandardScheduleForm,
);

function NoFlockFound() {
  return (
    <>
      <PageHeader title={m.title} />
      <Alert color="red" title={vaccinationMessages.noFlockId} role="alert" maw={560}>
        <Stack gap="sm" align="flex-start">
          {m.notFound}
          <Button component={Link} to={paths.vaccinations.getHref()} variant="white" color="red">
            {m.showAll}
          </Button>
        </Stack>
      </Alert>
    </>
  );
}

/** /vaccination/{flockId?}: one flock's schedule, or every flock's (docs/product.md §2). */
export function VaccinationsPage() {
  const flockId = parseFlockId(useParams().flockId);
  const [searchParams] = useSearchParams();
  const filter = parseVaccinationFilter(searchParams.get('filter'));
  const hrefOf = (next: VaccinationFilter) => {
    const search = new URLSearchParams(searchParams);
    if (next === 'all') search.delete('filter');
    else search.set('filter', next);
    const text = search.toString();
    return text ? `?${text}` : '?';
  };
  const routeFlock = useQuery({ ...flockQuery(flockId ?? 0), enabled: typeof flockId === 'number' });
  const flocksQuery = useQuery(flockOptionsQuery());
  const stats = useQuery(vaccinationStatsQueryOptions(flockId ?? undefined));
  const [addOpened, addModal] = useDisclosure(false);
  const canWrite = useCan('vaccinations.write');
  // Mounted from the first opening on, so the modal can play its closing transition.
  const [addUsed, setAddUsed] = useState(false);
  if (addOpened && !addUsed) setAddUsed(true);

  if (flockId === null) return <NoFlockFound />;
  if (flockId !== undefined) {
    if (routeFlock.isError && routeFlock.error instanceof ApiError && routeFlock.error.status === 404) return <NoFlockFound />;
    if (routeFlock.isError) {
      return (
        <>
          <PageHeader title={m.title} />
          <Alert color="red" role="alert">
            {m.flockFailed}
          </Alert>
        </>
      );
    }
  }

  const flock: Flock | undefined = flockId === undefined ? undefined : routeFlock.data;
  const flocks = flocksQuery.data ?? [];
  // The page keeps its final shape while the flock loads (no centred loader that the page
  // then pushes away): its history and statistics load at the same time from the route's id.
  const flockPending = flockId !== undefined && !flock;

  return (
    <>
      <PageHeader
        title={m.title}
        subtitle={
          flockPending ? (
            <Skeleton component="span" display="inline-block" h="1em" w={280} aria-label={m.loadingFlock} />
          ) : flock ? (
            m.scheduleFor(flockLabel(flock))
          ) : (
            m.allFlocks
          )
        }
        actions={
          canWrite ? (
            <Button
              leftSection={<IconPlus size={18} />}
              onClick={addModal.open}
              disabled={flockPending}
              onPointerEnter={AddVaccinationModal.preload}
              onFocus={AddVaccinationModal.preload}
            >
              {m.addCustom}
            </Button>
          ) : null
        }
      />
      <VaccinationStatsCards stats={stats.data} filter={filter} hrefOf={hrefOf} />
      <Stack gap="lg">
        <VaccinationHistory key={`${flockId ?? 'all'}-${filter}`} flockId={flockId} filter={filter} hrefOf={hrefOf} />
        {!canWrite ? null : flockPending ? (
          <StandardSchedulePlaceholder />
        ) : (
          <Deferred fallback={<StandardSchedulePlaceholder />}>
            <StandardScheduleForm key={`schedule-${flockId ?? 'all'}`} flock={flock} flocks={flocks} />
          </Deferred>
        )}
      </Stack>
      {addUsed ? (
        <Suspense fallback={null}>
          <AddVaccinationModal
            key={`add-${flockId ?? 'all'}`}
            opened={addOpened}
            onClose={addModal.close}
            flock={flock}
            flocks={flocks}
          />
        </Suspense>
      ) : null}
    </>
  );
}
