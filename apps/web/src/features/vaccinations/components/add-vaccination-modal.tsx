import { Alert, Button, Group, Modal, NativeSelect, Stack, TextInput } from '@mantine/core';
import { useForm, type FormErrors } from '@mantine/form';
import {
  createVaccinationSchema,
  fromApiDateTime,
  isFutureCompleted,
  NEW_VACCINATION_STATUSES,
  toApiDateTime,
  VACCINATION_MODES,
  VACCINATION_STATUS_LABELS,
  vaccinationFormWords as f,
  vaccinationMessages,
  vaccinationModeLabel,
  type CreateVaccinationInput,
  type Flock,
} from '@kuku/domain';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useCurrentUser } from '../../../lib/current-user';
import { applyServerFieldErrors } from '../../../ui/form-errors';
import { showErrorToast, showSuccessToast } from '../../../ui/toast';
import { useCreateVaccination, type CreateVaccinationVariables } from '../api';
import { localValue, parseLocalDateTime } from './local-date-time';
import type { Waiting } from '../../../outbox/waiting-edit';
import { flockLabel } from './flock-label';
import { showSavedOnPhone } from '../../../outbox/saved-on-phone';

export interface AddVaccinationValues {
  vaccine_name: string;
  /** The datetime-local value, in the phone's own time: 'yyyy-MM-ddTHH:mm'. */
  date: string;
  mode_of_administration: string;
  status: (typeof NEW_VACCINATION_STATUSES)[number];
  flock_id: string;
}

const emptyValues: AddVaccinationValues = {
  vaccine_name: '',
  date: '',
  mode_of_administration: '',
  status: 'Pending',
  flock_id: '',
};

/** The form's values of a new vaccination saved on the phone and opened again to correct it. */
function valuesOfBody(body: CreateVaccinationVariables['input']): AddVaccinationValues {
  const date = fromApiDateTime(body.date);
  return {
    vaccine_name: body.vaccine_name,
    date: date ? localValue(date) : '',
    mode_of_administration: body.mode_of_administration,
    status: body.status === 'Completed' ? 'Completed' : 'Pending',
    flock_id: String(body.flock_id),
  };
}

function toPayload(values: AddVaccinationValues): Record<keyof CreateVaccinationInput, string> {
  const date = parseLocalDateTime(values.date);
  return {
    vaccine_name: values.vaccine_name,
    date: date ? toApiDateTime(date) : '',
    status: values.status,
    mode_of_administration: values.mode_of_administration,
  };
}

interface ValidationContext {
  needsFlock: boolean;
  authenticated: boolean;
  now: Date;
}

/**
 * docs/product.md §5's checks in its order (flock, mode, user, future date needs Pending): the first that
 * fails is said, as the original screen did. The domain schema adds its name and date rules.
 */
export function validateVaccination(values: AddVaccinationValues, context: ValidationContext): FormErrors {
  const errors: FormErrors = {};
  const date = parseLocalDateTime(values.date);
  if (context.needsFlock && values.flock_id === '') errors.flock_id = vaccinationMessages.selectFlock;
  else if (values.mode_of_administration === '') errors.mode_of_administration = vaccinationMessages.selectMode;
  else if (!context.authenticated) errors.form = vaccinationMessages.notAuthenticated;
  else if (date && isFutureCompleted(date, values.status, context.now)) errors.status = vaccinationMessages.futureMustBePending;

  const parsed = createVaccinationSchema.safeParse(toPayload(values));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if ((field === 'vaccine_name' || field === 'date') && errors[field] === undefined) errors[field] = issue.message;
    }
  }
  return errors;
}

interface AddVaccinationModalProps {
  opened: boolean;
  onClose: () => void;
  /** The route's flock: no selector is shown then. */
  flock?: Flock;
  /** The farm's flocks, for the selector when the route names none. */
  flocks: Flock[];
  /** A new vaccination still on the phone, opened to correct it: its save replaces it there. */
  waiting?: Waiting<CreateVaccinationVariables['input']> | undefined;
}

export function AddVaccinationModal({ opened, onClose, flock, flocks, waiting }: AddVaccinationModalProps) {
  const user = useCurrentUser();
  const create = useCreateVaccination(waiting?.id);
  const needsFlock = flock === undefined;
  const form = useForm<AddVaccinationValues>({
    initialValues: waiting ? valuesOfBody(waiting.body) : emptyValues,
    validate: (values) => validateVaccination(values, { needsFlock, authenticated: user !== undefined, now: new Date() }),
    validateInputOnBlur: ['flock_id'],
  });

  const values = form.getValues();
  const date = parseLocalDateTime(values.date);
  const now = new Date();
  const isFuture = date !== null && date.getTime() > now.getTime();
  const futureCompleted = date !== null && isFutureCompleted(date, values.status, now);
  const flockMissing = needsFlock && values.flock_id === '';

  const close = () => {
    form.clearErrors();
    onClose();
  };

  const submit = form.onSubmit((submitted) => {
    const flockId = flock?.id ?? Number(submitted.flock_id);
    if (!user) return;
    const input = createVaccinationSchema.parse(toPayload(submitted));
    create.mutate(
      { flockId, input: { ...input, user_id: user.id, flock_id: flockId } },
      {
        onSuccess: (saved) => {
          if (saved) showSuccessToast(waiting ? vaccinationMessages.updated : vaccinationMessages.scheduled);
          else showSavedOnPhone();
          form.reset();
          onClose();
        },
        onError: (error) => {
          // A 400 for a future Completed one lands on the Status input (fields.status).
          applyServerFieldErrors(form, error);
          showErrorToast(vaccinationMessages.failedToAddVaccine(input.vaccine_name));
        },
      },
    );
  });

  return (
    <Modal opened={opened} onClose={close} title={waiting ? vaccinationMessages.editTitle : f.addTitle} centered size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {form.errors.form ? (
            <Alert color="red" role="alert">
              {form.errors.form}
            </Alert>
          ) : null}
          {needsFlock ? (
            <NativeSelect
              label={f.flock}
              withAsterisk
              data={[
                { value: '', label: f.selectFlock },
                ...flocks.map((f) => ({ value: String(f.id), label: flockLabel(f) })),
              ]}
              {...form.getInputProps('flock_id')}
            />
          ) : null}
          <TextInput label={f.vaccineName} withAsterisk autoComplete="off" {...form.getInputProps('vaccine_name')} />
          <TextInput
            label={f.date}
            type="datetime-local"
            withAsterisk
            description={f.localTime}
            {...form.getInputProps('date')}
          />
          <NativeSelect
            label={f.mode}
            withAsterisk
            data={[
              { value: '', label: f.selectMode },
              ...VACCINATION_MODES.map((mode) => ({ value: mode, label: vaccinationModeLabel(mode) })),
            ]}
            {...form.getInputProps('mode_of_administration')}
          />
          <NativeSelect
            label={f.status}
            withAsterisk
            data={NEW_VACCINATION_STATUSES.map((status) => ({
              value: status,
              label: VACCINATION_STATUS_LABELS[status],
              // docs/product.md §4: the Completed option is disabled for a future date.
              disabled: status === 'Completed' && isFuture,
            }))}
            {...form.getInputProps('status')}
          />
          {futureCompleted ? (
            <Alert color="yellow" icon={<IconAlertTriangle size={18} />} role="alert">
              {vaccinationMessages.futureCompletedNotice}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {f.cancel}
            </Button>
            <Button type="submit" disabled={create.isPending || flockMissing || futureCompleted}>
              {create.isPending ? f.adding : waiting ? vaccinationMessages.updateVaccination : f.add}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
