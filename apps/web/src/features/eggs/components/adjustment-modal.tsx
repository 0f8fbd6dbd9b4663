import { Alert, Button, Group, Modal, NativeSelect, Radio, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  ADJUSTMENT_TYPE_LABELS,
  ADJUSTMENT_TYPES,
  adjustmentEggs,
  EGG_NOTES_MAX,
  eggFormWords as w,
  eggMessages,
  formatCount,
  MAX_ADJUSTMENT_NUMBER,
  traysText,
  type AdjustmentType,
  type AdjustmentUnit,
  type EggAdjustment,
  type EggAdjustmentBody,
  type Flock,
} from '@kuku/domain';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/current-user';
import { preferredFlock, rememberFlock } from '../../../lib/last-flock';
import { showSuccessToast } from '../../../ui/toast';
import { useCreateAdjustment, useUpdateAdjustment } from '../api';
import { showEggFailure } from './egg-failure';
import { countTyped, countValue } from './egg-format';
import { NoFlocksNote } from './no-flocks-note';
import { useFarmToday } from '../../../ui/farm-today';
import { showSavedOnPhone } from '../../../outbox/saved-on-phone';
import { isKeptToChoose } from '../../../outbox/kept-to-choose';
import type { Waiting } from '../../../outbox/waiting-edit';

type Field = 'flock_id' | 'adjustment_type' | 'eggs_adjusted' | 'date_adjusted' | 'notes';

/** Read when the form renders: words are never read as the module loads (common/words.ts). */
const typeOptions = () => [
  { value: '', label: eggMessages.typePlaceholder, disabled: true },
  ...ADJUSTMENT_TYPES.map((type) => ({ value: type, label: ADJUSTMENT_TYPE_LABELS[type] })),
];

interface AdjustmentValues {
  flockId: string;
  type: AdjustmentType | '';
  /** The digits typed. */
  number: string;
  unit: AdjustmentUnit;
  date: string;
  notes: string;
}

/**
 * docs/product.md §5 Egg adjustment: a missing flock, type or date, or a number not above 0, is one
 * message on create; on edit the number must be at least 1. No day after today.
 */
export function validateAdjustment(values: AdjustmentValues, editing: boolean, today: string): { form?: string; fields: Partial<Record<Field, string>> } {
  const fields: Partial<Record<Field, string>> = {};
  const number = countValue(values.number);
  const missing = (!editing && values.flockId === '') || values.type === '' || values.date === '';
  if (editing && !(number >= 1)) fields.eggs_adjusted = eggMessages.numberMin;
  if (missing || (!editing && !(number > 0))) return { form: eggMessages.fillAllRequired, fields };
  // The maximum first, as the server checks it: 1e21 is too large before it is not whole.
  if (!fields.eggs_adjusted && number > MAX_ADJUSTMENT_NUMBER) fields.eggs_adjusted = eggMessages.numberTooLarge;
  else if (!fields.eggs_adjusted && !Number.isInteger(number)) fields.eggs_adjusted = eggMessages.numberWhole;
  if (values.date > today) fields.date_adjusted = eggMessages.dateInFuture;
  if (values.notes.trim().length > EGG_NOTES_MAX) fields.notes = eggMessages.notesTooLong;
  return { fields };
}

interface AdjustmentModalProps {
  opened: boolean;
  onClose: () => void;
  flocks: Flock[];
  /** The adjustment to edit; a new one without it. */
  adjustment?: EggAdjustment | null;
  /** A new adjustment still on the phone, opened to correct it: its save replaces it there. */
  waiting?: Waiting<EggAdjustmentBody> | undefined;
}

export function AdjustmentModal({ opened, onClose, flocks, adjustment, waiting }: AdjustmentModalProps) {
  const editing = Boolean(adjustment);
  const today = useFarmToday();
  const create = useCreateAdjustment(waiting?.id);
  const update = useUpdateAdjustment();
  const pending = create.isPending || update.isPending;
  const phone = useMediaQuery('(max-width: 36em)', undefined, { getInitialValueInEffect: false }) ?? false;
  const userId = useCurrentUser()?.id;

  const [values, setValues] = useState<AdjustmentValues>(() => {
    const saved = waiting?.body;
    if (saved && !adjustment) {
      return {
        flockId: String(saved.flock_id),
        type: saved.adjustment_type,
        number: String(saved.eggs_adjusted),
        unit: saved.unit,
        date: saved.date_adjusted,
        notes: saved.notes ?? '',
      };
    }
    return {
      flockId: adjustment ? String(adjustment.flock_id) : preferredFlock(userId, flocks),
      type: adjustment?.adjustment_type ?? '',
      number: adjustment ? String(adjustment.number) : '',
      unit: adjustment?.unit ?? 'eggs',
      date: adjustment?.date_adjusted.slice(0, 10) ?? today,
      notes: adjustment?.notes ?? '',
    };
  });
  const [formError, setFormError] = useState<string | null>(null);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  const set = <K extends keyof AdjustmentValues>(key: K, value: AdjustmentValues[K], field?: Field) => {
    setValues((current) => ({ ...current, [key]: value }));
    setFormError(null);
    if (field) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const number = countValue(values.number);
  const eggs = Number.isInteger(number) && number > 0 ? adjustmentEggs(number, values.unit) : null;
  const future = values.date !== '' && values.date > today;

  const close = () => {
    if (pending) return;
    onClose();
  };

  const failed = (error: unknown, fallback: string) => {
    if (error instanceof ApiError && Object.keys(error.fields).length > 0) {
      const known: Field[] = ['flock_id', 'adjustment_type', 'eggs_adjusted', 'date_adjusted', 'notes'];
      const fields = Object.fromEntries(Object.entries(error.fields).filter(([field]) => known.includes(field as Field)));
      if (Object.keys(fields).length > 0) {
        setErrors(fields);
        return;
      }
    }
    showEggFailure(fallback, error);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const checked = validateAdjustment(values, editing, today);
    setFormError(checked.form ?? null);
    setErrors(checked.fields);
    if (checked.form || Object.values(checked.fields).some(Boolean) || values.type === '') return;
    const input = {
      flock_id: adjustment?.flock_id ?? Number(values.flockId),
      adjustment_type: values.type,
      eggs_adjusted: number,
      unit: values.unit,
      date_adjusted: values.date,
      notes: values.notes.trim() === '' ? null : values.notes.trim(),
    };
    if (adjustment) {
      update.mutate(
        { record: adjustment, input },
        {
          onSuccess: (saved) => {
            if (saved) showSuccessToast(eggMessages.adjustmentUpdated);
            else showSavedOnPhone();
            onClose();
          },
          // Changed on another phone since: the list of records on the phone asks which to keep.
          onError: (error) => (isKeptToChoose(error) ? onClose() : failed(error, eggMessages.failedToUpdateAdjustment)),
        },
      );
    } else {
      create.mutate(input, {
        onSuccess: (saved) => {
          rememberFlock(userId, input.flock_id);
          if (saved) showSuccessToast(waiting ? eggMessages.adjustmentUpdated : eggMessages.adjustmentAdded);
          else showSavedOnPhone();
          onClose();
        },
        onError: (error) => failed(error, eggMessages.failedToAddAdjustment),
      });
    }
  };

  const title = editing || waiting ? w.editAdjustmentTitle : w.addAdjustmentTitle;

  return (
    <Modal opened={opened} onClose={close} title={title} size="md" fullScreen={phone} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {formError ? (
            <Alert color="red" role="alert">
              {formError}
            </Alert>
          ) : null}
          {!adjustment && flocks.length === 0 ? <NoFlocksNote /> : null}
          {adjustment ? (
            <TextInput label={w.flock} value={adjustment.flock_name} readOnly variant="filled" />
          ) : (
            <NativeSelect
              label={w.flock}
              withAsterisk
              data={[{ value: '', label: w.selectFlock, disabled: true }, ...flocks.map((f) => ({ value: String(f.id), label: f.name }))]}
              value={values.flockId}
              onChange={(event) => set('flockId', event.currentTarget.value, 'flock_id')}
              error={errors.flock_id}
            />
          )}
          <NativeSelect
            label={w.type}
            withAsterisk
            data={typeOptions()}
            value={values.type}
            onChange={(event) => set('type', event.currentTarget.value as AdjustmentType, 'adjustment_type')}
            error={errors.adjustment_type}
          />
          <Group grow align="flex-start" gap="sm" wrap="nowrap">
            <TextInput
              label={w.number}
              withAsterisk
              inputMode="numeric"
              pattern="[0-9]*"
              autoComplete="off"
              value={values.number}
              onChange={(event) => set('number', countTyped(event.currentTarget.value), 'eggs_adjusted')}
              error={errors.eggs_adjusted}
            />
            <Radio.Group
              label={w.unit}
              value={values.unit}
              onChange={(value) => set('unit', value as AdjustmentUnit, 'eggs_adjusted')}
            >
              <Group gap="md" mt={8}>
                <Radio value="eggs" label={w.eggs} />
                <Radio value="crates" label={w.crates} />
              </Group>
            </Radio.Group>
          </Group>
          <Text fw={600} aria-live="polite">
            {eggs === null ? w.cratesNote : w.totalEggs(eggs, formatCount(eggs), traysText(eggs))}
          </Text>
          <TextInput
            label={w.date}
            type="date"
            withAsterisk
            max={today}
            value={values.date}
            onChange={(event) => set('date', event.currentTarget.value, 'date_adjusted')}
            error={future ? eggMessages.dateInFuture : errors.date_adjusted}
          />
          <Textarea
            label={w.notes}
            description={w.optional}
            rows={2}
            maxLength={EGG_NOTES_MAX}
            value={values.notes}
            onChange={(event) => set('notes', event.currentTarget.value, 'notes')}
            error={errors.notes}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={pending}>
              {w.cancel}
            </Button>
            <Button type="submit" disabled={pending}>
              {editing || waiting ? (pending ? w.updating : w.updateAdjustment) : pending ? w.adding : w.addAdjustment}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
