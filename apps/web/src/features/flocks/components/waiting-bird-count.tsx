import { Button, Group, Modal, NativeSelect, NumberInput, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import {
  BIRD_COUNT_REASON_LABELS,
  birdCountChangeSchema,
  birdCountUpdatedMessage,
  flockMessages,
  reasonMismatch,
  reasonsForChange,
  type BirdCountChangeInput,
  type BirdCountReason,
} from '@kuku/domain';
import { useQuery } from '@tanstack/react-query';
import { showSavedOnPhone } from '../../../outbox/saved-on-phone';
import type { WaitingEditProps } from '../../../outbox/waiting-edit';
import { useFarmToday } from '../../../ui/farm-today';
import { applyServerFieldErrors } from '../../../ui/form-errors';
import { showErrorToast, showSuccessToast } from '../../../ui/toast';
import { flockOptionsQuery } from '../api';
import { birdCountFlockId, useChangeBirdCount } from '../bird-count-api';

interface ChangeValues {
  change: number | string;
  reason: BirdCountReason | '';
  note: string;
}

const validateSchema = schemaResolver(birdCountChangeSchema, { sync: true });
const toInput = (values: ChangeValues) => ({ ...values, reason: values.reason || undefined, note: values.note || undefined });

/**
 * A bird count change saved on the phone, opened to correct it before it is sent: the change
 * itself (the card that made it takes a new count, read against a count that may have moved
 * since), its reason and its note. Its save replaces it on the phone under the same id.
 */
export function WaitingBirdCount({ entry, onClose }: WaitingEditProps) {
  const saved = entry.body as BirdCountChangeInput;
  const flockId = birdCountFlockId(entry.path) ?? 0;
  const flock = useQuery(flockOptionsQuery()).data?.find((f) => f.id === flockId);
  const update = useChangeBirdCount({ id: flockId, name: flock?.name ?? '' }, entry.id);
  const today = useFarmToday();
  const phone = useMediaQuery('(max-width: 36em)', undefined, { getInitialValueInEffect: false }) ?? false;
  const form = useForm<ChangeValues>({
    initialValues: { change: saved.change, reason: saved.reason, note: saved.note ?? '' },
    // A reason that no longer fits the change typed is cleared rather than left chosen unseen.
    onValuesChange: (values) => {
      const typed = typeof values.change === 'number' ? values.change : 0;
      if (values.reason && !reasonsForChange(typed).includes(values.reason)) form.setFieldValue('reason', '');
    },
    validate: (values) => {
      const errors = validateSchema(toInput(values));
      if (errors.change || typeof values.change !== 'number' || values.reason === '') return errors;
      const mismatch = reasonMismatch(values.reason, values.change);
      return mismatch ? { ...errors, reason: mismatch } : errors;
    },
  });
  const change = typeof form.values.change === 'number' ? form.values.change : 0;
  const reasonOptions = [
    { value: '', label: flockMessages.reasonPlaceholder, disabled: true },
    ...reasonsForChange(change).map((reason) => ({ value: reason, label: BIRD_COUNT_REASON_LABELS[reason] })),
  ];

  const submit = form.onSubmit((values) => {
    const input = birdCountChangeSchema.parse(toInput(values));
    update.mutate(
      { input, day: today },
      {
        onSuccess: (result) => {
          if (result) showSuccessToast(birdCountUpdatedMessage(result.flock.bird_count));
          else showSavedOnPhone();
          onClose();
        },
        onError: (error) => {
          applyServerFieldErrors(form, error);
          showErrorToast(error instanceof Error && error.message ? error.message : flockMessages.failedToUpdateCount);
        },
      },
    );
  });

  return (
    <Modal opened onClose={() => (update.isPending ? undefined : onClose())} title={flockMessages.editChangeTitle} fullScreen={phone} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <NumberInput
            label={flockMessages.changeLabel}
            description={flockMessages.changeHint}
            withAsterisk
            allowDecimal={false}
            thousandSeparator=","
            {...form.getInputProps('change')}
          />
          <NativeSelect label={flockMessages.reasonLabel} withAsterisk data={reasonOptions} {...form.getInputProps('reason')} />
          <TextInput label={flockMessages.noteLabel} {...form.getInputProps('note')} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={update.isPending}>
              {flockMessages.cancel}
            </Button>
            <Button type="submit" loading={update.isPending}>
              {flockMessages.saveChange}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
