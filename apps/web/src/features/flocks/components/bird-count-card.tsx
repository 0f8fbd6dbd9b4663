import { Alert, Button, NativeSelect, NumberInput, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  BIRD_COUNT_REASON_LABELS,
  birdCountUpdatedMessage,
  flockDetailWords as m,
  flockMessages,
  formatCount,
  reasonMismatch,
  reasonsForChange,
  outboxWords,
  updateFlockSchema,
  type BirdCountChangeInput,
  type BirdCountReason,
  type Flock,
} from '@kuku/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCurrentUser } from '../../../lib/current-user';
import { showSavedOnPhone } from '../../../outbox/saved-on-phone';
import { useWaitingRecords } from '../../../outbox/outbox-state';
import { useFarmToday } from '../../../ui/farm-today';
import { applyServerFieldErrors } from '../../../ui/form-errors';
import { showErrorToast, showSuccessToast } from '../../../ui/toast';
import { flockKeys } from '../api';
import { birdCountChangesPath, useChangeBirdCount } from '../bird-count-api';

interface BirdCountValues {
  bird_count: number | string;
  /** Empty until chosen: no reason is assumed (a default 'deaths' once booked a raise as deaths). */
  reason: BirdCountReason | '';
  note: string;
}

const validateSchema = schemaResolver(updateFlockSchema, { sync: true });
/** The values as PUT /flocks/{id} reads them: no reason chosen is none sent. */
const toInput = (values: BirdCountValues) => ({ ...values, reason: values.reason || undefined });
const changeOf = (values: BirdCountValues, flock: Flock) => (typeof values.bird_count === 'number' ? values.bird_count - flock.bird_count : 0);

/**
 * Quick action: a new bird count with its reason (docs/design.md §4: each change is an event). It
 * is sent as the change from the count shown, so another phone's change meanwhile is kept, and a
 * change saved with no signal waits on the phone (shown here until it is sent).
 */
export function BirdCountCard({ flock }: { flock: Flock }) {
  const update = useChangeBirdCount(flock);
  const queryClient = useQueryClient();
  const today = useFarmToday();
  const farmId = useCurrentUser()?.farm.id;
  const waitingChange = useWaitingRecords(farmId, 'bird_count_change', birdCountChangesPath(flock.id)).reduce(
    (sum, entry) => sum + (entry.body as BirdCountChangeInput).change,
    0,
  );
  const form = useForm<BirdCountValues>({
    initialValues: { bird_count: flock.bird_count, reason: '', note: '' },
    // A reason that no longer fits the count typed is cleared rather than left chosen unseen.
    onValuesChange: (values) => {
      if (values.reason && !reasonsForChange(changeOf(values, flock)).includes(values.reason)) form.setFieldValue('reason', '');
    },
    validate: (values) => {
      const errors = validateSchema(toInput(values));
      if (errors.bird_count) return errors;
      const delta = changeOf(values, flock);
      if (delta === 0) return errors;
      if (values.reason === '') return { ...errors, reason: flockMessages.reasonRequired };
      const mismatch = reasonMismatch(values.reason, delta);
      return mismatch ? { ...errors, reason: mismatch } : errors;
    },
  });
  const delta = changeOf(form.values, flock);
  const reasonOptions = [
    { value: '', label: flockMessages.reasonPlaceholder, disabled: true },
    ...reasonsForChange(delta).map((reason) => ({ value: reason, label: BIRD_COUNT_REASON_LABELS[reason] })),
  ];
  const aboveInitial = delta > 0 && flock.bird_count + delta > flock.initial_bird_count;

  const submit = form.onSubmit((values) => {
    const { note, reason, bird_count } = updateFlockSchema.parse(toInput(values));
    const change = (bird_count ?? flock.bird_count) - flock.bird_count;
    if (change === 0 || !reason) {
      form.setFieldError('bird_count', flockMessages.changeZero);
      return;
    }
    update.mutate({ input: { change, reason, ...(note ? { note } : {}) }, day: today }, {
      onSuccess: (result) => {
        if (result) {
          queryClient.setQueryData(flockKeys.detail(flock.id), result.flock);
          showSuccessToast(birdCountUpdatedMessage(result.flock.bird_count));
        } else {
          showSavedOnPhone();
        }
        form.setValues({ bird_count: result?.flock.bird_count ?? flock.bird_count, reason: '', note: '' });
        form.resetDirty();
      },
      onError: (error) => {
        applyServerFieldErrors(form, error);
        showErrorToast(flockMessages.failedToUpdateCount);
      },
    });
  });

  return (
    <Paper withBorder p="md" h="100%">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <div>
            <Title order={3} fz="md">
              {m.updateCount}
            </Title>
            <Text fz="sm" c="dimmed">
              {m.nowOf(formatCount(flock.bird_count), formatCount(flock.initial_bird_count))}
            </Text>
          </div>
          {waitingChange !== 0 ? (
            <Text fz="sm" c="orange.8" role="status">
              {outboxWords.birdsWaiting(waitingChange)}
            </Text>
          ) : null}
          <NumberInput
            label={m.newCount}
            allowDecimal={false}
            inputMode="numeric"
            thousandSeparator=","
            {...form.getInputProps('bird_count')}
          />
          {aboveInitial ? (
            <Alert color="yellow" role="status" p="xs">
              {flockMessages.aboveInitial(formatCount(flock.initial_bird_count))}
            </Alert>
          ) : null}
          <NativeSelect label={flockMessages.reasonLabel} data={reasonOptions} {...form.getInputProps('reason')} />
          <TextInput label={flockMessages.noteLabel} placeholder={m.notePlaceholder} {...form.getInputProps('note')} />
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? m.updating : m.updateCount}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
