import { Modal, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  formatQuantity,
  WEIGHING_KG_DECIMALS,
  weighingAverageKg,
  weighingDateProblem,
  weighingMessages as m,
  weighingProblem,
} from '@kuku/domain';
import { onlineManager } from '@tanstack/react-query';
import { useState, useSyncExternalStore, type FormEvent } from 'react';
import { ApiError } from '../../../lib/api-client';
import { useFarmToday } from '../../../ui/farm-today';
import { showErrorToast, showReplacingPopup } from '../../../ui/toast';
import { useRecordWeighing } from '../economics-api';
import { OnlineFormFooter } from './online-form-footer';

type Field = 'date' | 'birds' | 'total_kg';
type FieldErrors = Partial<Record<Field, string>>;
const FIELDS: readonly string[] = ['date', 'birds', 'total_kg'];

/** The typed number ('1,200' → 1200); NaN for blank or not a number. */
function typedNumber(text: string): number {
  const clean = text.trim().replace(/,/g, '');
  return clean === '' ? Number.NaN : Number(clean);
}
const decimals = (n: number) => (String(n).split('.')[1] ?? '').length;

const subscribeOnline = (listener: () => void) => onlineManager.subscribe(listener);
const isOnline = () => onlineManager.isOnline();

export interface RecordWeighingModalProps {
  opened: boolean;
  onClose: () => void;
  flock: { id: number; name: string; bird_count: number };
  /** The flock's first day in the farm's days. */
  firstDay: string;
}

/**
 * A broiler batch's sample weighing (decision 071): the farm's today, the birds weighed and their
 * total kg, the average a bird shown before saving. The domain's rules are asked before sending;
 * the server's refusals show on their fields. Not kept on the phone with no signal.
 */
export function RecordWeighingModal({ opened, onClose, flock, firstDay }: RecordWeighingModalProps) {
  const today = useFarmToday();
  const phone = useMediaQuery('(max-width: 36em)', undefined, { getInitialValueInEffect: false }) ?? false;
  const online = useSyncExternalStore(subscribeOnline, isOnline);
  const create = useRecordWeighing();
  const pending = create.isPending;

  const [values, setValues] = useState({ date: today, birds: '', total: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const birds = typedNumber(values.birds);
  const total = typedNumber(values.total);
  const birdsOk = Number.isInteger(birds) && birds > 0;
  const totalOk = Number.isFinite(total) && total > 0 && decimals(total) <= WEIGHING_KG_DECIMALS;
  const average = birdsOk && totalOk ? weighingAverageKg(birds, total) : null;

  const set = (key: keyof typeof values, value: string, field: Field) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
    setFormError(null);
  };

  const close = () => {
    if (pending) return;
    onClose();
  };

  const check = (): FieldErrors => {
    const found: FieldErrors = {};
    if (values.date === '') found.date = m.dateRequired;
    else found.date = weighingDateProblem(values.date, today, firstDay) ?? undefined;
    if (values.birds.trim() === '') found.birds = m.birdsRequired;
    else if (!birdsOk) found.birds = m.birdsWhole;
    if (values.total.trim() === '') found.total_kg = m.weightRequired;
    else if (!totalOk) found.total_kg = m.weightInvalid;
    if (!found.birds && !found.total_kg) {
      const problem = weighingProblem(birds, total, flock.bird_count);
      if (problem) found[problem.field] = problem.message;
    }
    return found;
  };

  const failed = (error: unknown) => {
    if (error instanceof ApiError) {
      const known = Object.fromEntries(Object.entries(error.fields).filter(([field]) => FIELDS.includes(field)));
      if (Object.keys(known).length > 0) return setErrors(known);
      // An archived flock or one gone meanwhile: said in the dialog.
      if (error.status === 422 || error.status === 404) return setFormError(error.message);
    }
    const reason = error instanceof ApiError && error.message ? ` ${error.message}` : '';
    showErrorToast(`${m.errorSaving}${reason}`);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending || !online) return;
    const found = check();
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    create.mutate(
      { flockId: flock.id, body: { date: values.date, birds, total_kg: total } },
      {
        onSuccess: (weighing) => {
          onClose();
          showReplacingPopup('weighing-saved', {
            title: m.saved,
            message: `${flock.name}: ${m.summary(weighing.birds, formatQuantity(weighing.total_kg), formatQuantity(weighing.average_kg))}`,
          });
        },
        onError: failed,
      },
    );
  };

  return (
    <Modal opened={opened} onClose={close} title={m.recordWeighing} fullScreen={phone} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {flock.name}
          </Text>
          <TextInput
            label={m.dateLabel}
            type="date"
            withAsterisk
            min={firstDay}
            max={today}
            value={values.date}
            onChange={(event) => set('date', event.currentTarget.value, 'date')}
            error={errors.date}
          />
          <TextInput
            label={m.birdsWeighed}
            withAsterisk
            inputMode="numeric"
            autoComplete="off"
            value={values.birds}
            onChange={(event) => set('birds', event.currentTarget.value.replace(/[^\d,]/g, '').slice(0, 9), 'birds')}
            error={errors.birds}
            data-autofocus
          />
          <TextInput
            label={m.totalWeight}
            withAsterisk
            inputMode="decimal"
            autoComplete="off"
            value={values.total}
            onChange={(event) => set('total', event.currentTarget.value.replace(/[^\d.,]/g, '').slice(0, 16), 'total_kg')}
            error={errors.total_kg}
          />
          {average !== null && !errors.birds && !errors.total_kg ? (
            <Text fz="sm" c="dimmed" role="status">
              {m.averageOf(formatQuantity(average))}
            </Text>
          ) : null}
          <OnlineFormFooter formError={formError} online={online} pending={pending} onCancel={close} cancelLabel={m.cancel} submitLabel={pending ? m.saving : m.save} />
        </Stack>
      </form>
    </Modal>
  );
}

export default RecordWeighingModal;
