import { Button, Group, Paper, PasswordInput, Stack, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { passwordWords as w, profileMessages, type ChangePasswordFormInput } from '@kuku/domain';
import { applyServerFieldErrors } from '../../../ui/form-errors';
import { showErrorToast, showSuccessToast } from '../../../ui/toast';
import { profileSchemas, useChangePassword } from '../api';

const validate = profileSchemas.resolver((m) => m.changePasswordFormSchema);

export function ChangePasswordForm() {
  const change = useChangePassword();
  const form = useForm<ChangePasswordFormInput>({
    initialValues: { password: '', newPassword: '', confirmPassword: '' },
    validate,
    validateInputOnBlur: true,
  });

  const submit = form.onSubmit((values) => {
    const { password, newPassword } = profileSchemas.get().changePasswordFormSchema.parse(values);
    change.mutate(
      { password, newPassword },
      {
        onSuccess: (answer) => {
          showSuccessToast(answer.message);
          form.reset();
        },
        onError: (error) => {
          // A wrong current password comes back on `fields.password` and shows on its input.
          applyServerFieldErrors(form, error);
          showErrorToast(profileMessages.failedToChangePassword);
        },
      },
    );
  });

  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
      <Title order={2} fz="lg" mb="md">
        {w.change}
      </Title>
      <form onSubmit={submit} noValidate onFocus={profileSchemas.preload} onPointerEnter={profileSchemas.preload}>
        <Stack gap="md">
          <PasswordInput
            label={w.current}
            autoComplete="current-password"
            {...form.getInputProps('password')}
          />
          <PasswordInput
            label={w.new}
            autoComplete="new-password"
            description={w.atLeast}
            {...form.getInputProps('newPassword')}
          />
          <PasswordInput
            label={w.confirmNew}
            autoComplete="new-password"
            {...form.getInputProps('confirmPassword')}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={change.isPending} disabled={change.isPending}>
              {w.change}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
