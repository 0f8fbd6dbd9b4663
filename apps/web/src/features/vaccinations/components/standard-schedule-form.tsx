import { Alert, Anchor, Button, Checkbox, Group, NativeSelect, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useForm, type FormErrors } from '@mantine/form';
import {
  applyStandardScheduleSchema,
  dayLabel,
  STANDARD_SCHEDULE,
  STANDARD_VACCINE_LABELS,
  STANDARD_SCHEDULE_MODES,
  standardScheduleDate,
  vaccinationFormWords as f,
  vaccinationMessages,
  vaccinationModeLabel,
  vaccinationPageWords,
  type Flock,
} from '@kuku/domain';
import { paths } from '@kuku/domain/screens';
import { Link } from 'react-router';
import { useCurrentUser } from '../../../lib/current-user';
import { useFarmDates } from '../../../ui/date';
import { showErrorToast, showSuccessToast } from '../../../ui/toast';
import { useApplyStandardSchedule, type StandardScheduleResult } from '../api';
import { flockLabel } from './flock-label';

interface ScheduleItem {
  checked: boolean;
  mode: string;
}

export interface StandardScheduleValues {
  flock_id: string;
  items: ScheduleItem[];
}

const initialItems = (): ScheduleItem[] => STANDARD_SCHEDULE.map((entry) => ({ checked: false, mode: entry.mode }));

/** docs/product.md §5 Standard schedule form, in its order: flock, user, a mode for each ticked vaccine. */
export function validateStandardSchedule(values: StandardScheduleValues, authenticated: boolean): FormErrors {
  if (values.flock_id === '') return { flock_id: vaccinationMessages.selectFlockFirst };
  if (!authenticated) return { form: vaccinationMessages.notAuthenticated };
  if (!values.items.some((item) => item.checked)) return { form: vaccinationMessages.tickOneVaccine };
  const errors: FormErrors = {};
  values.items.forEach((item, index) => {
    const entry = STANDARD_SCHEDULE[index];
    if (entry && item.checked && item.mode === '') errors[`items.${index}.mode`] = vaccinationMessages.selectModeFor(STANDARD_VACCINE_LABELS[entry.vaccine]);
  });
  return errors;
}

function resultMessage({ created, skipped }: StandardScheduleResult): string {
  return f.result(created, skipped);
}

interface StandardScheduleFormProps {
  /** The route's flock: preselected and fixed. */
  flock?: Flock;
  flocks: Flock[];
}

export function StandardScheduleForm({ flock, flocks }: StandardScheduleFormProps) {
  const user = useCurrentUser();
  const apply = useApplyStandardSchedule();
  const dates = useFarmDates();
  const fixed = flock !== undefined;
  const form = useForm<StandardScheduleValues>({
    initialValues: { flock_id: flock ? String(flock.id) : '', items: initialItems() },
    validate: (values) => validateStandardSchedule(values, user !== undefined),
  });

  const values = form.getValues();
  const chosen = flock ?? flocks.find((f) => String(f.id) === values.flock_id);
  const createdAt = chosen ? new Date(chosen.created_at) : null;

  const switchFlock = () => {
    form.setValues({ flock_id: '', items: initialItems() });
    form.clearErrors();
  };

  const submit = form.onSubmit((submitted) => {
    const flockId = Number(submitted.flock_id);
    const input = applyStandardScheduleSchema.parse({
      items: submitted.items.flatMap((item, index) => (item.checked ? [{ index, mode: item.mode }] : [])),
    });
    apply.mutate(
      { flockId, input },
      {
        onSuccess: (result) => {
          showSuccessToast(resultMessage(result), { title: vaccinationMessages.scheduled });
          form.setFieldValue('items', initialItems());
        },
        onError: () => showErrorToast(vaccinationMessages.failedToAdd),
      },
    );
  });

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <form onSubmit={submit} noValidate aria-labelledby="standard-schedule-title">
        <Stack gap="md">
          <div>
            <Title order={2} fz="lg" id="standard-schedule-title">
              {vaccinationPageWords.standardTitle}
            </Title>
            <Text c="dimmed" fz="sm">
              {vaccinationPageWords.standardIntro}
            </Text>
          </div>
          <Group align="flex-end" gap="sm">
            <NativeSelect
              label={f.flock}
              flex="1 1 220px"
              maw={420}
              disabled={fixed}
              data={[
                { value: '', label: f.selectFlock },
                ...(fixed ? [flock] : flocks).map((f) => ({ value: String(f.id), label: flockLabel(f) })),
              ]}
              {...form.getInputProps('flock_id')}
            />
            {!fixed && values.flock_id !== '' ? (
              <Button variant="default" onClick={switchFlock}>
                {f.switchFlock}
              </Button>
            ) : null}
          </Group>
          {!fixed && flocks.length === 0 ? (
            <Text fz="sm" c="dimmed">
              {f.noFlocks}{' '}
              <Anchor component={Link} to={paths.flocks.getHref()}>
                {f.addFlock}
              </Anchor>{' '}
              {f.toSchedule}
            </Text>
          ) : null}
          {form.errors.form ? (
            <Alert color="red" role="alert" py="xs">
              {form.errors.form}
            </Alert>
          ) : null}
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
            {STANDARD_SCHEDULE.map((entry, index) => {
              const label = `${dayLabel(entry.day)}: ${STANDARD_VACCINE_LABELS[entry.vaccine]}`;
              const item = values.items[index];
              return (
                <Paper key={`${entry.day}-${entry.vaccine}`} withBorder radius="md" p="sm" bg={item?.checked ? 'var(--mantine-primary-color-light)' : undefined}>
                  <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
                    <Checkbox
                      label={label}
                      description={createdAt ? f.on(dates.date(standardScheduleDate(createdAt, entry.day))) : f.chooseFlock}
                      styles={{ label: { fontWeight: 600 } }}
                      flex="1 1 200px"
                      {...form.getInputProps(`items.${index}.checked`, { type: 'checkbox' })}
                    />
                    <NativeSelect
                      label={f.modeShort}
                      aria-label={f.modeFor(label)}
                      size="xs"
                      w={150}
                      data={[
                        { value: '', label: f.selectShort },
                        ...STANDARD_SCHEDULE_MODES.map((mode) => ({ value: mode, label: vaccinationModeLabel(mode) })),
                      ]}
                      {...form.getInputProps(`items.${index}.mode`)}
                    />
                  </Group>
                </Paper>
              );
            })}
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" disabled={apply.isPending}>
              {apply.isPending ? f.adding : f.addToSchedule}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
