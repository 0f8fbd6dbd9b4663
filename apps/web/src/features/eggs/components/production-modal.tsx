import { Alert, Button, Group, Modal, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  eggFormWords as w,
  eggMessages,
  eggsFromTrays,
  eggsPastBirds,
  EGGS_PER_TRAY,
  formatCount,
  formatKes,
  isValidTrayEntry,
  toTrays,
  traysText,
  type EggProduction,
  type EggProductionBody,
  type Flock,
} from '@kuku/domain';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/current-user';
import { preferredFlock, rememberFlock } from '../../../lib/last-flock';
import { showSuccessToast } from '../../../ui/toast';
import { findProduction, useCreateProduction, useUpdateProduction } from '../api';
import { showEggFailure } from './egg-failure';
import { countTyped, countValue } from './egg-format';
import { NoFlocksNote } from './no-flocks-note';
import { useFarmToday } from '../../../ui/farm-today';
import { showSavedOnPhone } from '../../../outbox/saved-on-phone';
import { isKeptToChoose } from '../../../outbox/kept-to-choose';
import type { Waiting } from '../../../outbox/waiting-edit';

interface Conflict {
  id: number;
  message: string;
  flockId: number;
  day: string;
}

interface ProductionModalProps {
  opened: boolean;
  onClose: () => void;
  /** The farm's flocks, for the selector of a new record. */
  flocks: Flock[];
  /** The record to edit; a new one without it. */
  record?: EggProduction | null;
  /** Opens another record for editing (the one a 409 names), with the eggs just typed. */
  onEditExisting: (record: EggProduction, typedEggs?: number) => void;
  /** Eggs typed in the add form that met this record: the form starts from them, not the record's. */
  typedEggs?: number | undefined;
  /** A new record still on the phone, opened to correct it: its save replaces it there. */
  waiting?: Waiting<EggProductionBody> | undefined;
}

/**
 * docs/product.md §5 Egg production add and edit: the day's eggs in trays of 30 and the eggs left over.
 * Invalid input blocks the submit silently (no request, no toast); the field says what is wrong.
 */
export function ProductionModal({ opened, onClose, flocks, record, onEditExisting, typedEggs, waiting }: ProductionModalProps) {
  const editing = Boolean(record);
  const today = useFarmToday();
  const create = useCreateProduction(waiting?.id);
  const update = useUpdateProduction();
  const pending = create.isPending || update.isPending;
  // Phones get the whole screen: the keypad needs the room.
  const phone = useMediaQuery('(max-width: 36em)', undefined, { getInitialValueInEffect: false }) ?? false;

  const userId = useCurrentUser()?.id;
  const carried = record && typedEggs !== undefined && typedEggs !== record.eggs_collected ? typedEggs : undefined;
  const saved = waiting?.body;
  const startEggs = record ? (carried ?? record.eggs_collected) : saved?.eggs_collected;
  const start = startEggs !== undefined ? toTrays(startEggs) : undefined;
  const [flockId, setFlockId] = useState(() => (record ? String(record.flock_id) : saved ? String(saved.flock_id) : preferredFlock(userId, flocks)));
  const [date, setDate] = useState(() => record?.date_produced.slice(0, 10) ?? saved?.date_produced ?? today);
  const [trays, setTrays] = useState(start ? String(start.trays) : '');
  const [remainder, setRemainder] = useState(start ? String(start.eggs) : '');
  const [dateError, setDateError] = useState<string | null>(null);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [opening, setOpening] = useState(false);

  // Flocks arriving after the form opened: a farm of one flock gets it chosen.
  if (!record && flockId === '' && flocks.length > 0) {
    const chosen = preferredFlock(userId, flocks);
    if (chosen !== '') setFlockId(chosen);
  }

  const trayCount = countValue(trays);
  const remainderCount = remainder === '' ? 0 : countValue(remainder);
  const traysOk = Number.isInteger(trayCount) && trayCount >= 0;
  const remainderOk = Number.isInteger(remainderCount) && remainderCount >= 0 && remainderCount < EGGS_PER_TRAY;
  const entryOk = isValidTrayEntry(trayCount, remainderCount);
  const eggs = entryOk ? eggsFromTrays(trayCount, remainderCount) : null;
  const future = date !== '' && date > today;
  const flockMissing = !editing && flockId === '';
  const canSubmit = !flockMissing && date !== '' && !future && entryOk && !pending;

  const trayError = trays !== '' && !traysOk ? eggMessages.traysInvalid : null;
  const remainderError = !remainderOk ? eggMessages.remainderInvalid : null;
  const tooMany = traysOk && remainderOk && !entryOk ? eggMessages.eggsTooMany : null;
  const chosenFlock = flocks.find((f) => String(f.id) === (record ? String(record.flock_id) : flockId));
  const pastBirds = eggs !== null && chosenFlock !== undefined && eggsPastBirds(eggs, chosenFlock.bird_count);

  const close = () => {
    if (pending) return;
    onClose();
  };

  const failed = (error: unknown, fallback: string) => {
    if (error instanceof ApiError && error.status === 409 && error.meta.id) {
      setConflict({ id: Number(error.meta.id), message: error.message, flockId: Number(flockId), day: date });
      return;
    }
    if (error instanceof ApiError && error.fields.date_produced) {
      setDateError(error.fields.date_produced);
      return;
    }
    showEggFailure(fallback, error);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // docs/product.md §5: invalid input blocks the submit silently.
    if (!canSubmit || eggs === null) return;
    setConflict(null);
    if (record) {
      update.mutate(
        { record, input: { flock_id: record.flock_id, date_produced: date, eggs_collected: eggs } },
        {
          onSuccess: (saved) => {
            if (saved) showSuccessToast(eggMessages.productionUpdated);
            else showSavedOnPhone();
            onClose();
          },
          // Changed on another phone since: the list of records on the phone asks which to keep.
          onError: (error) => (isKeptToChoose(error) ? onClose() : failed(error, eggMessages.failedToUpdateProduction)),
        },
      );
      return;
    }
    const flock = Number(flockId);
    create.mutate(
      { flock_id: flock, date_produced: date, eggs_collected: eggs, price_per_unit: 0 },
      {
        onSuccess: (saved) => {
          rememberFlock(userId, flock);
          if (saved) showSuccessToast(waiting ? eggMessages.productionUpdated : eggMessages.productionAdded);
          else showSavedOnPhone();
          onClose();
        },
        onError: (error) => failed(error, eggMessages.failedToAddProduction),
      },
    );
  };

  const openExisting = async () => {
    if (!conflict) return;
    setOpening(true);
    try {
      const existing = await findProduction(conflict.id, conflict.flockId, conflict.day);
      if (existing) onEditExisting(existing, eggs ?? undefined);
      else showEggFailure(eggMessages.productionNotFound, null);
    } catch (error) {
      showEggFailure(eggMessages.productionNotFound, error);
    } finally {
      setOpening(false);
    }
  };

  const flockName = record?.flock_name ?? '';
  const title = editing || waiting ? w.editProductionTitle : w.addProductionTitle;

  return (
    <Modal opened={opened} onClose={close} title={title} size="md" fullScreen={phone} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {!editing && flocks.length === 0 ? <NoFlocksNote /> : null}
          {editing ? (
            // docs/product.md §5: on edit the flock and the total revenue are read-only.
            <TextInput label={w.flock} value={flockName} readOnly variant="filled" />
          ) : (
            <NativeSelect
              label={w.flock}
              withAsterisk
              data={[{ value: '', label: w.selectFlock, disabled: true }, ...flocks.map((f) => ({ value: String(f.id), label: f.name }))]}
              value={flockId}
              onChange={(event) => {
                setFlockId(event.currentTarget.value);
                setConflict(null);
              }}
            />
          )}
          <TextInput
            label={w.date}
            type="date"
            withAsterisk
            max={today}
            value={date}
            onChange={(event) => {
              setDate(event.currentTarget.value);
              setDateError(null);
              setConflict(null);
            }}
            error={future ? eggMessages.dateInFuture : dateError}
          />
          <Group grow align="flex-start" gap="sm" wrap="nowrap">
            <TextInput
              label={w.trays}
              description={w.traysNote}
              withAsterisk
              inputMode="numeric"
              pattern="[0-9]*"
              autoComplete="off"
              data-autofocus={!editing && flockId !== '' ? true : undefined}
              value={trays}
              onChange={(event) => setTrays(countTyped(event.currentTarget.value))}
              error={trayError}
            />
            <TextInput
              label={w.remainder}
              description={w.remainderNote}
              inputMode="numeric"
              pattern="[0-9]*"
              autoComplete="off"
              placeholder="0"
              value={remainder}
              onChange={(event) => setRemainder(countTyped(event.currentTarget.value))}
              error={remainderError}
            />
          </Group>
          <Text fw={600} aria-live="polite" c={tooMany ? 'red' : undefined}>
            {tooMany ?? (eggs === null ? w.totalPrompt : w.totalEggs(eggs, formatCount(eggs), traysText(eggs)))}
          </Text>
          {pastBirds && chosenFlock ? (
            <Alert color="yellow" role="status" p="xs">
              {eggMessages.moreEggsThanBirds(formatCount(chosenFlock.bird_count))}
            </Alert>
          ) : null}
          {/* A role that does not see money gets no revenue in the record (decision 051). */}
          {record?.total_revenue_cents !== undefined ? (
            <TextInput label={w.totalRevenue} value={formatKes(record.total_revenue_cents)} readOnly variant="filled" />
          ) : null}
          {carried !== undefined && record ? (
            <Alert color="blue" role="status" p="xs">
              {eggMessages.typedCarried(formatCount(record.eggs_collected))}
            </Alert>
          ) : null}
          {conflict ? (
            <Alert color="yellow" role="alert" title={conflict.message}>
              <Button size="xs" variant="white" color="dark" mt={4} loading={opening} onClick={() => void openExisting()}>
                {w.editExisting}
              </Button>
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={pending}>
              {w.cancel}
            </Button>
            <Button type="submit" disabled={!canSubmit}>
              {editing || waiting ? (pending ? w.updating : w.updateProduction) : pending ? w.adding : w.addProduction}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
