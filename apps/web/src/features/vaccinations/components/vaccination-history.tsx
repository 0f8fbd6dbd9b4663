import { Badge, Button, Group, Paper, Text, Title } from '@mantine/core';
import {
  VACCINATION_FILTERS,
  VACCINATION_STATUS_LABELS,
  vaccinationModeLabel,
  vaccinationFilterLabels,
  vaccinationMessages,
  vaccinationPageWords as m,
  type Vaccination,
  type VaccinationFilter,
  type VaccinationStatus,
} from '@kuku/domain';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { useCan } from '../../../lib/use-can';
import { DataTable, type DataTableColumn } from '../../../ui/data-table';
import { useFarmDates } from '../../../ui/date';
import { lazyWithPreload } from '../../../first-screen/lazy';
import { RecordAuthors } from '../../../ui/record-authors';
import { showErrorToast } from '../../../ui/toast';
import { useDeleteVaccination, useUpdateVaccinationStatus, VACCINATIONS_PAGE_SIZE, vaccinationListQueryOptions, vaccinationPath } from '../api';
import { WaitingMark } from '../../../outbox/waiting-changes';
import { isKeptToChoose } from '../../../outbox/kept-to-choose';
import { showSavedOnPhone } from '../../../outbox/saved-on-phone';

// The confirmation dialog loads with the first action asked for, or when the pointer or focus
// comes near the list's buttons: the dialog code is not on the first screen (docs/design.md §9 budget).
const ConfirmModal = lazyWithPreload(() => import('../../../ui/confirm-modal'), (m) => m.ConfirmModal);
const RescheduleModal = lazyWithPreload(() => import('./reschedule-modal'), (m) => m.RescheduleModal);

/** docs/product.md §4: Completed is green, everything else warning. */
function StatusBadge({ status }: { status: VaccinationStatus }) {
  return (
    // max-content: beside a long name on a phone card the badge was cut to 'PENDI…'.
    <Badge color={status === 'Completed' ? 'green' : 'yellow'} variant="light" miw="max-content">
      {VACCINATION_STATUS_LABELS[status] ?? status}
    </Badge>
  );
}

/** docs/product.md §4 due colouring: overdue red, within 7 days warning, otherwise neutral. */
const dueColor: Record<Vaccination['due'], string | undefined> = {
  overdue: 'red',
  due_soon: 'orange',
  upcoming: undefined,
  done: undefined,
};
/** Read in render: a Kiswahili page's words arrive after the module loads. */
const dueNote = (due: Vaccination['due']): string | null =>
  due === 'overdue' ? vaccinationMessages.overdue : due === 'due_soon' ? vaccinationMessages.dueSoon : null;

type PendingAction = { kind: 'status'; vaccination: Vaccination; to: VaccinationStatus } | { kind: 'delete'; vaccination: Vaccination };

/** docs/product.md §8: the client's message, with the server's reason under it when it gave one. */
function showFailure(fallback: string, error: unknown) {
  if (error instanceof ApiError) showErrorToast(error.message, { title: fallback });
  else showErrorToast(fallback);
}

/** Pending → Completed and back; Cancelled is final and offers no change. */
function nextStatus(status: VaccinationStatus): VaccinationStatus | null {
  if (status === 'Pending') return 'Completed';
  if (status === 'Completed') return 'Pending';
  return null;
}

interface RowActionsProps {
  vaccination: Vaccination;
  onAsk: (action: PendingAction) => void;
  onMove: (vaccination: Vaccination) => void;
}

function RowActions({ vaccination, onAsk, onMove }: RowActionsProps) {
  const to = nextStatus(vaccination.status);
  return (
    <Group gap="xs" wrap="nowrap" justify="flex-end">
      {/* An overdue one is usually given late or moved: both a tap away (decision 054). */}
      {vaccination.due === 'overdue' ? (
        <Button size="xs" variant="default" onClick={() => onMove(vaccination)} onPointerEnter={RescheduleModal.preload} onFocus={RescheduleModal.preload}>
          {vaccinationMessages.reschedule}
        </Button>
      ) : null}
      {to ? (
        <Button
          size="xs"
          variant="light"
          color={to === 'Completed' ? 'green' : 'yellow'}
          onClick={() => onAsk({ kind: 'status', vaccination, to })}
        >
          {to === 'Completed' ? m.markCompleted : m.markPending}
        </Button>
      ) : null}
      <Button size="xs" variant="subtle" color="red" onClick={() => onAsk({ kind: 'delete', vaccination })}>
        {m.delete}
      </Button>
    </Group>
  );
}

interface VaccinationHistoryProps {
  /** Undefined: every flock, and the flock's name shows on each row. */
  flockId?: number;
  /** The history's filter, kept in the URL so a count elsewhere can open it (decision 054). */
  filter?: VaccinationFilter;
  /** The URL of the screen with another filter. */
  hrefOf?: (filter: VaccinationFilter) => string;
}

/** The filters as links: each is a URL the farmer can keep, and the back button undoes one. */
function FilterLinks({ filter, hrefOf }: { filter: VaccinationFilter; hrefOf: (filter: VaccinationFilter) => string }) {
  return (
    <Group gap={6} mb="md" role="group" aria-label={m.show}>
      {VACCINATION_FILTERS.map((f) => (
        <Button
          key={f}
          component={Link}
          to={hrefOf(f)}
          replace
          preventScrollReset
          size="compact-sm"
          radius="xl"
          variant={f === filter ? 'filled' : 'default'}
          aria-current={f === filter ? 'true' : undefined}
        >
          {vaccinationFilterLabels[f]}
        </Button>
      ))}
    </Group>
  );
}

export function VaccinationHistory({ flockId, filter = 'all', hrefOf }: VaccinationHistoryProps) {
  const [page, setPage] = useState(1);
  const [action, setAction] = useState<PendingAction | null>(null);
  // Mounted from the first question on, so the dialog can play its closing transition.
  const [confirmUsed, setConfirmUsed] = useState(false);
  if (action !== null && !confirmUsed) setConfirmUsed(true);
  const [moving, setMoving] = useState<Vaccination | null>(null);
  const [moved, setMoved] = useState<Vaccination | null>(null);
  // The last one moved stays mounted, so the dialog can play its closing transition.
  if (moving !== null && moving !== moved) setMoved(moving);
  const list = useQuery(vaccinationListQueryOptions({ flockId, page, filter }));
  const updateStatus = useUpdateVaccinationStatus();
  const remove = useDeleteVaccination();
  const dates = useFarmDates();
  const canWrite = useCan('vaccinations.write');
  const showFlock = flockId === undefined;

  const items = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / VACCINATIONS_PAGE_SIZE));

  const confirm = () => {
    if (!action) return;
    if (action.kind === 'status') {
      updateStatus.mutate(
        { vaccination: action.vaccination, status: action.to },
        {
          onSuccess: (saved) => {
            setAction(null);
            if (saved === null) showSavedOnPhone();
          },
          onError: (error) => {
            setAction(null);
            // Changed on another phone since: the list of records on the phone asks which to keep.
            if (!isKeptToChoose(error)) showFailure(vaccinationMessages.failedToUpdateStatus, error);
          },
        },
      );
    } else {
      remove.mutate(action.vaccination, {
        onSuccess: (deleted) => {
          setAction(null);
          if (deleted === null) return showSavedOnPhone();
          // The last row of the last page is gone: step back a page.
          if (items.length === 1 && page > 1) setPage(page - 1);
        },
        onError: (error) => {
          setAction(null);
          if (!isKeptToChoose(error)) showFailure(vaccinationMessages.failedToDelete, error);
        },
      });
    }
  };

  const columns: DataTableColumn<Vaccination>[] = [
    {
      id: 'vaccine',
      header: m.colVaccine,
      cell: (v) => (
        <>
          <Text fz="sm" fw={600}>
            {v.vaccine_name}
          </Text>
          <RecordAuthors record={v} />
          <WaitingMark path={vaccinationPath(v)} />
        </>
      ),
    },
    ...(showFlock ? [{ id: 'flock', header: m.colFlock, cell: (v: Vaccination) => v.flock_name }] : []),
    {
      id: 'date',
      header: m.colDate,
      cell: (v) => (
        <>
          {dates.dateTime(v.date)}
          {dueNote(v.due) ? (
            <Text component="span" fz="xs" display="block" c={dueColor[v.due]}>
              {dueNote(v.due)}
            </Text>
          ) : null}
        </>
      ),
      cellProps: (v) => ({ c: dueColor[v.due], fw: dueColor[v.due] ? 600 : undefined, style: { whiteSpace: 'nowrap' } }),
    },
    { id: 'mode', header: m.colMode, cell: (v) => vaccinationModeLabel(v.mode_of_administration) },
    { id: 'status', header: m.colStatus, cell: (v) => <StatusBadge status={v.status} /> },
    ...(canWrite
      ? [{ id: 'actions', header: m.colActions, align: 'right' as const, cell: (v: Vaccination) => <RowActions vaccination={v} onAsk={setAction} onMove={setMoving} /> }]
      : []),
  ];

  const card = (v: Vaccination) => (
    <Paper withBorder radius="md" p="sm">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <div>
          <Text fw={600}>{v.vaccine_name}</Text>
          {showFlock ? (
            <Text fz="sm" c="dimmed">
              {v.flock_name}
            </Text>
          ) : null}
        </div>
        <StatusBadge status={v.status} />
      </Group>
      <Text fz="sm" mt={6} c={dueColor[v.due]} fw={dueColor[v.due] ? 600 : undefined}>
        {dates.dateTime(v.date)}
        {dueNote(v.due) ? ` · ${dueNote(v.due)}` : ''}
      </Text>
      <Text fz="sm" c="dimmed">
        {vaccinationModeLabel(v.mode_of_administration)}
      </Text>
      <RecordAuthors record={v} mt={4} />
      <WaitingMark path={vaccinationPath(v)} />
      {canWrite ? (
        <Group mt="xs" justify="flex-end">
          <RowActions vaccination={v} onAsk={setAction} onMove={setMoving} />
        </Group>
      ) : null}
    </Paper>
  );

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} onPointerEnter={ConfirmModal.preload} onFocus={ConfirmModal.preload}>
      <Group justify="space-between" mb="md">
        <Title order={2} fz="lg">
          {m.history}
        </Title>
        {total > 0 ? (
          <Text c="dimmed" fz="sm">
            {m.inTotal(total)}
          </Text>
        ) : null}
      </Group>
      {hrefOf ? <FilterLinks filter={filter} hrefOf={hrefOf} /> : null}
      <DataTable
        label={m.historyLabel}
        columns={columns}
        rows={list.data?.items}
        rowKey={(v) => v.id}
        status={list.status}
        busy={list.isFetching}
        loadingLabel={m.loading}
        errorText={m.loadFailed}
        emptyText={filter === 'all' ? vaccinationMessages.noneScheduled : vaccinationMessages.noneMatch}
        renderCard={card}
        pager={{ page, pages, onChange: setPage, label: m.pages }}
      />
      {confirmUsed ? (
        <Suspense fallback={null}>
          <ConfirmModal
            opened={action !== null}
            title={action?.kind === 'delete' ? m.deleteTitle : action?.kind === 'status' && action.to === 'Pending' ? m.markPending : m.markCompleted}
            message={
              action === null
                ? ''
                : action.kind === 'delete'
                  ? m.confirmDelete(action.vaccination.vaccine_name, dates.dateTime(action.vaccination.date))
                  : m.confirmMark(action.vaccination.vaccine_name, dates.dateTime(action.vaccination.date), VACCINATION_STATUS_LABELS[action.to])
            }
            confirmLabel={action?.kind === 'delete' ? m.delete : m.confirm}
            confirmColor={action?.kind === 'delete' ? 'red' : undefined}
            busy={updateStatus.isPending || remove.isPending}
            onConfirm={confirm}
            onClose={() => setAction(null)}
          />
        </Suspense>
      ) : null}
      {moved ? (
        <Suspense fallback={null}>
          <RescheduleModal opened={moving !== null} vaccination={moved} onClose={() => setMoving(null)} />
        </Suspense>
      ) : null}
    </Paper>
  );
}
