import { Button, NativeSelect, NumberInput, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  BIRD_COUNT_REASON_LABELS,
  BIRD_COUNT_REASONS,
  birdCountUpdatedMessage,
  flockMessages,
  formatCount,
  updateFlockSchema,
  type BirdCountReason,
  type Flock,
} from '@kuku/domain';
import { applyServerFieldErrors } from '../../../ui/form-errors';
import { showErrorToast, showSuccessToast } from '../../../ui/toast';
import { useUpdateFlock } from '../api';

const reasonOptions = BIRD_COUNT_REASONS.map((reason) => ({ value: reason, label: BIRD_COUNT_REASON_LABELS[reason] }));

interface BirdCountValues {
  bird_count: number | string;
  reason: BirdCountReason;
  note: string;
}

/** Quick action: a new bird count with its reason (DESIGN §4: each change is an event). */
export function BirdCountCard({ flock }: { flock: Flock }) {
  const update = useUpdateFlock(flock.id);
  const form = useForm<BirdCountValues>({
    initialValues: { bird_count: flock.bird_count, reason: 'mortality', note: '' },
    validate: schemaResolver(updateFlockSchema, { sync: true }),
  });

  const submit = form.onSubmit((values) => {
    const { note, ...rest } = updateFlockSchema.parse(values);
    update.mutate(note ? { ...rest, note } : rest, {
      onSuccess: (updated) => {
        showSuccessToast(birdCountUpdatedMessage(updated.bird_count));
        form.setValues({ bird_count: updated.bird_count, note: '' });
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
              Update Bird Count
            </Title>
            <Text fz="sm" c="dimmed">
              Now {formatCount(flock.bird_count)} of {formatCount(flock.initial_bird_count)} birds
            </Text>
          </div>
          <NumberInput
            label="New Bird Count"
            allowDecimal={false}
            inputMode="numeric"
            thousandSeparator=","
            {...form.getInputProps('bird_count')}
          />
          <NativeSelect label="Reason" data={reasonOptions} {...form.getInputProps('reason')} />
          <TextInput label="Note (optional)" placeholder="e.g. 3 died of heat stress" {...form.getInputProps('note')} />
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? 'Updating...' : 'Update Bird Count'}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
