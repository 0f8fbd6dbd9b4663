import { Button, Group, Modal, NativeSelect, NumberInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import {
  ADD_FORM_STATUSES,
  BREEDS,
  breedLabel,
  createFlockSchema,
  flockAddWords as m,
  flockAddedMessage,
  flockMessages,
  flockStatusLabel,
} from '@kuku/domain';
import { applyServerFieldErrors } from '../../../ui/form-errors';
import { showErrorToast, showSuccessToast } from '../../../ui/toast';
import { useCreateFlock } from '../api';

interface AddFlockValues {
  name: string;
  breed: string;
  age: number | string;
  initial_bird_count: number | string;
  bird_count: number | string;
  status: string;
}

const emptyValues: AddFlockValues = {
  name: '',
  breed: '',
  age: '',
  initial_bird_count: '',
  bird_count: '',
  status: '',
};

// Native selects: the phone's own picker, and no floating dropdown inside a modal. Built in
// render, not when the module loads: a Kiswahili page's words arrive after that.
const breedOptions = () => [{ value: '', label: m.selectBreed, disabled: true }, ...BREEDS.map((breed) => ({ value: breed, label: breedLabel(breed) }))];
const statusOptions = () => [
  { value: '', label: m.selectStatus, disabled: true },
  ...ADD_FORM_STATUSES.map((status) => ({ value: status, label: flockStatusLabel(status) })),
];

interface AddFlockModalProps {
  opened: boolean;
  onClose: () => void;
}

/** docs/product.md §5 Flock add: every field required; age ≥ 0, initial count ≥ 1, current count ≥ 0. */
export function AddFlockModal({ opened, onClose }: AddFlockModalProps) {
  const create = useCreateFlock();
  // Phones get the whole screen: the keyboard and the dropdowns need the room.
  const phone = useMediaQuery('(max-width: 36em)') ?? false;
  const form = useForm<AddFlockValues>({
    initialValues: emptyValues,
    validate: schemaResolver(createFlockSchema, { sync: true }),
    validateInputOnBlur: true,
  });

  const close = () => {
    if (create.isPending) return;
    form.reset();
    onClose();
  };

  const submit = form.onSubmit((values) => {
    const input = createFlockSchema.parse(values);
    create.mutate(input, {
      onSuccess: (flock) => {
        showSuccessToast(flockAddedMessage(flock.name));
        form.reset();
        onClose();
      },
      onError: (error) => {
        // Messages on the inputs say what to fix; otherwise the docs/product.md §8 toast.
        if (!applyServerFieldErrors(form, error)) showErrorToast(flockMessages.failedToAdd);
      },
    });
  });

  return (
    <Modal opened={opened} onClose={close} title={m.title} size="lg" fullScreen={phone} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput label={m.name} withAsterisk autoComplete="off" {...form.getInputProps('name')} />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <NativeSelect
              label={m.breed}
              withAsterisk
              data={breedOptions()}
              {...form.getInputProps('breed')}
            />
            <NumberInput
              label={m.age}
              withAsterisk
              min={0}
              clampBehavior="none"
              allowDecimal={false}
              inputMode="numeric"
              {...form.getInputProps('age')}
            />
            <NumberInput
              label={m.initialCount}
              withAsterisk
              min={1}
              clampBehavior="none"
              allowDecimal={false}
              inputMode="numeric"
              thousandSeparator=","
              {...form.getInputProps('initial_bird_count')}
            />
            <NumberInput
              label={m.currentCount}
              withAsterisk
              min={0}
              clampBehavior="none"
              allowDecimal={false}
              inputMode="numeric"
              thousandSeparator=","
              {...form.getInputProps('bird_count')}
            />
          </SimpleGrid>
          <NativeSelect
            label={m.status}
            withAsterisk
            data={statusOptions()}
            {...form.getInputProps('status')}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={create.isPending}>
              {flockMessages.cancel}
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? m.adding : m.title}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
