import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { rescheduleMessages, vaccinationMessages as m, type Vaccination } from '@kuku/domain';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { useFarmDates } from '../../../ui/date';
import { showSuccessToast } from '../../../ui/toast';
import { useRescheduleVaccination } from '../api';
import { isKeptToChoose } from '../../../outbox/kept-to-choose';
import { showSavedOnPhone } from '../../../outbox/saved-on-phone';
import { localValue } from './local-date-time';


/** Tomorrow, at the hour the vaccination was planned for: the usual move of one that was missed. */
export function suggestedDate(planned: Date, now: Date): Date {
  const next = new Date(now);
  next.setDate(next.getDate() + 1);
  next.setHours(planned.getHours(), planned.getMinutes(), 0, 0);
  return next;
}

interface RescheduleModalProps {
  opened: boolean;
  vaccination: Vaccination;
  onClose: () => void;
}

/** Moves a pending vaccination to a new date and time (decision 054); the server checks the day. */
export function RescheduleModal({ opened, vaccination, onClose }: RescheduleModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={rescheduleMessages.title} centered>
      <RescheduleForm key={vaccination.id} vaccination={vaccination} onClose={onClose} />
    </Modal>
  );
}

function RescheduleForm({ vaccination, onClose }: { vaccination: Vaccination; onClose: () => void }) {
  const dates = useFarmDates();
  const reschedule = useRescheduleVaccination();
  const [value, setValue] = useState(() => localValue(suggestedDate(new Date(vaccination.date), new Date())));
  const [error, setError] = useState<string | null>(null);
  const today = new Date();
  today.setHours(0, 0, 0, 0);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const date = value === '' ? null : new Date(value);
    if (!date || Number.isNaN(date.getTime())) {
      setError(m.dateInvalid);
      return;
    }
    // mutateAsync: a vaccination moved off the list it was opened from takes this dialog with it.
    reschedule.mutateAsync({ vaccination, date }).then(
      (saved) => {
        if (saved) showSuccessToast(rescheduleMessages.rescheduledTo(saved.vaccine_name, dates.dateTime(saved.date)));
        else showSavedOnPhone();
        onClose();
      },
      (failure: unknown) => {
        // Changed on another phone since: the list of records on the phone asks which to keep.
        if (isKeptToChoose(failure)) return onClose();
        const field = failure instanceof ApiError ? failure.fields.date : undefined;
        setError(field ?? (failure instanceof ApiError ? failure.message : rescheduleMessages.failedToReschedule));
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text fz="sm">
          {vaccination.vaccine_name} · {vaccination.flock_name}
          <br />
          <Text span c="dimmed" fz="sm">
            {dates.dateTime(vaccination.date)}
          </Text>
        </Text>
        <TextInput
          label={rescheduleMessages.label}
          type="datetime-local"
          description={rescheduleMessages.localTime}
          min={localValue(today)}
          value={value}
          onChange={(event) => {
            setValue(event.currentTarget.value);
            setError(null);
          }}
          error={error}
          data-autofocus
        />
        {reschedule.isError && !error ? (
          <Alert color="red" role="alert">
            {rescheduleMessages.failedToReschedule}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {rescheduleMessages.cancel}
          </Button>
          <Button type="submit" loading={reschedule.isPending}>
            {rescheduleMessages.reschedule}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
