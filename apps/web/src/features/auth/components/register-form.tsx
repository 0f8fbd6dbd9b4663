import { Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { authScreenWords as w, passwordWords, type RegisterFormInput } from '@kuku/domain';
import { errorMessage } from '../../../lib/api-client';
import { applyServerFieldErrors } from '../../../ui/form-errors';
import { showErrorToast } from '../../../ui/toast';
import { authSchemas, useRegister } from '../api';

const validate = authSchemas.resolver((m) => m.registerFormSchema);

interface RegisterFormProps {
  /** The account exists and a code went to `email`. */
  /** The password goes along in memory, so the verified code can sign straight in (never stored). */
  onRegistered: (email: string, message: string, password: string) => void;
  onLogin: () => void;
}

export function RegisterForm({ onRegistered, onLogin }: RegisterFormProps) {
  const register = useRegister();
  const form = useForm<RegisterFormInput>({
    initialValues: { username: '', email: '', password: '', confirmPassword: '' },
    validate,
    validateInputOnBlur: true,
  });

  const submit = form.onSubmit((values) => {
    const { username, email, password } = authSchemas.get().registerFormSchema.parse(values);
    register.mutate(
      { username, email, password },
      {
        onSuccess: (answer) => onRegistered(answer.email, answer.message, password),
        onError: (error) => {
          // A taken username or email shows on its input (409 fields); anything else is a toast.
          if (!applyServerFieldErrors(form, error)) {
            showErrorToast(errorMessage(error, w.registerFailed));
          }
        },
      },
    );
  });

  return (
    <Stack gap="md">
      <form onSubmit={submit} noValidate onFocus={authSchemas.preload} onPointerEnter={authSchemas.preload}>
        <Stack gap="md">
          <TextInput
            label={w.username}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            description={w.usernameHint}
            {...form.getInputProps('username')}
          />
          <TextInput label={w.email} type="email" autoComplete="email" {...form.getInputProps('email')} />
          <PasswordInput
            label={passwordWords.password}
            autoComplete="new-password"
            description={passwordWords.atLeast}
            {...form.getInputProps('password')}
          />
          <PasswordInput
            label={passwordWords.confirm}
            autoComplete="new-password"
            {...form.getInputProps('confirmPassword')}
          />
          <Button type="submit" size="md" fullWidth loading={register.isPending} disabled={register.isPending}>
            {w.register}
          </Button>
        </Stack>
      </form>
      <Text ta="center" fz="sm" c="dimmed">
        {w.haveAccount}{' '}
        <Anchor component="button" type="button" fz="sm" fw={600} onClick={onLogin}>
          {w.login}
        </Anchor>
      </Text>
    </Stack>
  );
}
