import { ActionIcon, Alert, Button, Group, Indicator, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { CLIENT_RECORD_CHANGES, describeRecord, instantClockText, outboxWords as w } from '@kuku/domain';
import { onlineManager, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { IconCloudOff, IconCloudUpload } from '@tabler/icons-react';
import { Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { keepLastSynced } from '../last-synced/keep';
import { markStale } from '../lib/stale-after';
import { showInfoToast } from '../ui/toast';
import type { OutboxEntry } from './entry';
import { deleteEntry, putEntry } from './outbox-db';
import { onOpenOutbox, useOutbox } from './outbox-state';
import { flush, startOutbox } from './sender';
import type { WaitingEditForms } from './waiting-edit';

interface OutboxStatusProps {
  farm: { id: number; time_zone: string };
  /** Each kind's form, to correct a record before it is sent; a kind without one is discarded and recorded again. */
  editForms?: WaitingEditForms;
}

/** When Kuku last answered this phone: the newest answer in the cache (ms), or null. */
function lastReached(queryClient: QueryClient): number | null {
  const newest = Math.max(0, ...queryClient.getQueryCache().getAll().map((query) => query.state.dataUpdatedAt));
  return newest > 0 ? newest : null;
}

/**
 * The header's count of records saved on this phone and not yet accepted by Kuku (orange while
 * they wait, red once one is refused), and their list: when the last one was sent, 'Send now',
 * and each refused record with the server's words, 'Retry' and 'Discard'. With no signal it
 * says how old the figures on screen are ('as of 14:05'). Nothing shows online while nothing waits.
 */
export function OutboxStatus({ farm, editForms = {} }: OutboxStatusProps) {
  const { id: farmId, time_zone: timeZone } = farm;
  const outbox = useOutbox(farmId);
  const queryClient = useQueryClient();
  // Mounted once the first screen is up, for as long as the shell: the sender of what waits, and
  // the keeping of the farm as read for a start with no signal.
  useEffect(() => {
    const stopSending = startOutbox(queryClient);
    const stopKeeping = keepLastSynced(queryClient);
    return () => {
      stopSending();
      stopKeeping();
    };
  }, [queryClient]);
  const online = useSyncExternalStore(onlineManager.subscribe.bind(onlineManager), () => onlineManager.isOnline());
  const [opened, dialog] = useDisclosure(false);
  useEffect(() => onOpenOutbox(dialog.open), [dialog.open]);
  // A record opened in its own form: the list closes meanwhile, and opens again after to show where it stands.
  const [editing, setEditing] = useState<OutboxEntry | null>(null);
  const EditForm = editing ? editForms[editing.kind] : undefined;
  const edit = (entry: OutboxEntry) => {
    setEditing(entry);
    dialog.close();
  };
  const editClosed = () => {
    setEditing(null);
    dialog.open();
  };
  const onEdit = (entry: OutboxEntry) =>
    entry.method === 'POST' && entry.path !== '' && editForms[entry.kind] !== undefined ? () => edit(entry) : undefined;
  const phone = useMediaQuery('(max-width: 36em)');
  const waiting = outbox.waiting.length;
  const problems = outbox.problems.length;
  // Changes made after another phone's wait for the farmer's choice; the rest were refused.
  const choices = outbox.problems.filter((entry) => entry.problem?.current !== undefined);
  const refused = outbox.problems.filter((entry) => entry.problem?.current === undefined);
  if (online && waiting === 0 && problems === 0 && !opened && !editing) return null;
  const when = (iso: string | number) => instantClockText(new Date(iso), timeZone);
  const reached = online ? null : lastReached(queryClient);
  const asOf = reached === null ? null : when(reached);
  const label = [online ? '' : w.offline(asOf), w.buttonLabel(waiting, problems)].filter(Boolean).join('. ');

  return (
    <>
      <Group gap={4} wrap="nowrap">
        {asOf !== null ? (
          // Two short lines, so a phone's header keeps room for the bell and the account.
          <Text fz={11} lh={1.15} c="dimmed" ta="right" aria-hidden>
            {w.asOfLines(asOf).map((line) => (
              <span key={line} style={{ display: 'block', whiteSpace: 'nowrap' }}>
                {line}
              </span>
            ))}
          </Text>
        ) : null}
        <Indicator label={waiting + problems} size={18} color={problems > 0 ? 'red' : 'orange'} offset={4} disabled={waiting + problems === 0}>
          <ActionIcon variant="default" size="lg" aria-label={label} onClick={dialog.open}>
            {online ? <IconCloudUpload size={18} /> : <IconCloudOff size={18} />}
          </ActionIcon>
        </Indicator>
      </Group>
      <Modal opened={opened} onClose={dialog.close} title={w.title} fullScreen={phone} centered>
        <Stack gap="md">
          {online ? null : (
            <Alert color="gray" role="status">
              {w.offline(asOf)}
            </Alert>
          )}
          <div>
            <Text fw={600}>{w.waiting(waiting)}</Text>
            <Text fz="sm" c="dimmed">
              {outbox.lastSentAt ? w.lastSent(when(outbox.lastSentAt)) : w.neverSent}
            </Text>
          </div>
          {outbox.signedOut ? (
            <Alert color="yellow" role="status">
              {w.signInToSend}
            </Alert>
          ) : null}
          {waiting > 0 ? (
            <>
              <Text fz="sm">{w.waitingHint}</Text>
              <Button onClick={() => void flush({ now: true })} loading={outbox.sending} loaderProps={{ type: 'dots' }}>
                {w.sendNow}
              </Button>
              <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
                {outbox.waiting.map((entry) => (
                  <EntryRow key={entry.id} entry={entry} capturedAt={when(entry.capturedAt)} onEdit={onEdit(entry)} />
                ))}
              </Stack>
            </>
          ) : null}
          {choices.length > 0 ? (
            <Stack gap="xs">
              <Title order={3} fz="md">
                {w.choicesTitle}
              </Title>
              <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
                {choices.map((entry) => (
                  <EntryRow key={entry.id} entry={entry} capturedAt={when(entry.capturedAt)} />
                ))}
              </Stack>
            </Stack>
          ) : null}
          {refused.length > 0 ? (
            <Stack gap="xs">
              <Title order={3} fz="md">
                {w.problemsTitle}
              </Title>
              <Text fz="sm" c="dimmed">
                {w.problemsHint}
              </Text>
              <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
                {refused.map((entry) => (
                  <EntryRow key={entry.id} entry={entry} capturedAt={when(entry.capturedAt)} onEdit={onEdit(entry)} />
                ))}
              </Stack>
            </Stack>
          ) : null}
        </Stack>
      </Modal>
      {editing && EditForm ? (
        <Suspense fallback={null}>
          <EditForm entry={editing} onClose={editClosed} />
        </Suspense>
      ) : null}
    </>
  );
}

/**
 * Above the screen while records wait on the phone: the figures Kuku computed do not count them
 * yet (decision 066). The header's cloud lists them.
 */
export function WaitingNote({ farm }: OutboxStatusProps) {
  const { waiting } = useOutbox(farm.id);
  // Not for a save being sent this moment (a note flashing up at each save): once a send has failed.
  if (!waiting.some((entry) => entry.attempts > 0)) return null;
  return (
    <Alert color="orange" variant="light" role="status" mb="md" p="xs">
      <Text fz="sm">{w.notInFigures(waiting.length)}</Text>
    </Alert>
  );
}

/** The version of the record now on Kuku, that a change kept on the phone is sent against once chosen. */
function versionOf(current: unknown): string | null {
  const updated = typeof current === 'object' && current !== null ? (current as { updated_at?: unknown }).updated_at : undefined;
  return typeof updated === 'string' ? updated : null;
}

interface RowProps {
  entry: OutboxEntry;
  capturedAt: string;
  /** Opens the record in its form to correct it (a create whose kind has one). */
  onEdit?: (() => void) | undefined;
}

/** One record on the phone: what it is, when it was saved; refused, why, with 'Retry'. 'Edit' where it has a form. Discarded only after a second tap. */
function EntryRow({ entry, capturedAt, onEdit }: RowProps) {
  const current = entry.problem?.current;
  if (current !== undefined) return <ChoiceRow entry={entry} current={current} capturedAt={capturedAt} />;
  return <ProblemRow entry={entry} capturedAt={capturedAt} onEdit={onEdit} />;
}

/**
 * A change of a record that another phone changed since: the record as it is on Kuku and the
 * farmer's, and the choice. Mine is sent again against the version now on Kuku; theirs drops mine.
 */
function ChoiceRow({ entry, current, capturedAt }: { entry: OutboxEntry; current: unknown; capturedAt: string }) {
  const queryClient = useQueryClient();
  const deleting = entry.method === 'DELETE';
  const keepMine = async () => {
    await putEntry({ ...entry, version: versionOf(current), problem: null, attempts: 0, nextTryAt: 0 });
    void flush({ now: true });
  };
  const keepTheirs = async () => {
    await deleteEntry(entry.id);
    void markStale(queryClient, CLIENT_RECORD_CHANGES[entry.kind]).catch(() => undefined);
    showInfoToast(w.keptTheirs, { id: 'outbox-kept-theirs' });
  };
  return (
    <Paper component="li" withBorder p="sm">
      <Stack gap={6}>
        <Text fz="sm" c="red.8" role="alert">
          {w.changedMeanwhileHint}
        </Text>
        <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
          {w.theirs(describeRecord(entry.kind, current))}
        </Text>
        <div>
          <Text fw={600} fz="sm" style={{ overflowWrap: 'anywhere' }}>
            {w.mine(entry.summary)}
          </Text>
          <Text fz="xs" c="dimmed">
            {w.capturedAt(capturedAt)}
          </Text>
        </div>
        <Group gap="xs" justify="flex-end">
          <Button size="xs" variant="default" onClick={() => void keepTheirs()}>
            {deleting ? w.keepIt : w.keepTheirs}
          </Button>
          <Button size="xs" color={deleting ? 'red' : undefined} onClick={() => void keepMine()}>
            {deleting ? w.deleteAnyway : w.keepMine}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function ProblemRow({ entry, capturedAt, onEdit }: RowProps) {
  const [confirming, setConfirming] = useState(false);
  // Each row's buttons read 'Edit', 'Discard'…: which record they act on is their description.
  const summaryId = `outbox-${entry.id}`;
  const retry = async () => {
    await putEntry({ ...entry, problem: null, attempts: 0, nextTryAt: 0 });
    void flush({ now: true });
  };
  const discard = async () => {
    await deleteEntry(entry.id);
    showInfoToast(w.discarded, { id: 'outbox-discarded' });
  };
  return (
    <Paper component="li" withBorder p="sm">
      <Stack gap={6}>
        <div>
          <Text id={summaryId} fw={600} fz="sm" style={{ overflowWrap: 'anywhere' }}>
            {entry.summary}
          </Text>
          <Text fz="xs" c="dimmed">
            {w.capturedAt(capturedAt)}
          </Text>
        </div>
        {entry.problem ? (
          <Text fz="sm" c="red.8" role="alert" style={{ overflowWrap: 'anywhere' }}>
            {entry.problem.message}
          </Text>
        ) : null}
        <Group gap="xs" justify="flex-end">
          {confirming ? (
            <>
              <Button size="xs" variant="default" aria-describedby={summaryId} onClick={() => setConfirming(false)}>
                {w.keep}
              </Button>
              <Button size="xs" color="red" aria-describedby={summaryId} onClick={() => void discard()}>
                {w.discardWaiting}
              </Button>
            </>
          ) : (
            <>
              <Button size="xs" variant="subtle" color="red" aria-describedby={summaryId} onClick={() => setConfirming(true)}>
                {w.discard}
              </Button>
              {onEdit ? (
                <Button size="xs" variant="default" aria-describedby={summaryId} onClick={onEdit}>
                  {w.edit}
                </Button>
              ) : null}
              {entry.problem && entry.path ? (
                <Button size="xs" variant="light" aria-describedby={summaryId} onClick={() => void retry()}>
                  {w.retry}
                </Button>
              ) : null}
            </>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
