import { Alert, Anchor, Button, Divider, Group, Indicator, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { authMessages, isEmailIdentifier, type LoginInput } from '@kuku/domain';
import { IconBrandGoogle, IconCircleCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../app/paths';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { applyServerFieldErrors } from '../../../ui/form-errors';
import { showErrorToast } from '../../../ui/toast';
import { authSchemas, useLogin } from '../api';

const validate = authSchemas.resolver((m) => m.loginSchema);

interface LoginFormProps {
  /** A message to show above the form, e.g. after the email was verified. */
  notice?: string;
  initialIdentifier?: string;
  onSuccess: () => void;
  /** The server sent a fresh code to `email` because it is not verified yet. */
  onUnverified: (email: string, message: string) => void;
  onRegister: () => void;
}

export function LoginForm({ notice, initialIdentifier = '', onSuccess, onUnverified, onRegister }: LoginFormProps) {
  const login = useLogin();
  const form = useForm<LoginInput>({
    initialValues: { identifier: initialIdentifier, password: '' },
    validate,
    validateInputOnBlur: true,
  });

  const submit = form.onSubmit((values) => {
    login.mutate(authSchemas.get().loginSchema.parse(values), {
      onSuccess,
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'email_unverified') {
          const email = error.meta.email ?? (isEmailIdentifier(values.identifier) ? values.identifier.trim() : '');
          if (email) {
            onUnverified(email, error.message);
            return;
          }
        }
        if (!applyServerFieldErrors(form, error)) {
          showErrorToast(errorMessage(error, authMessages.authenticationFailed));
        }
      },
    });
  });

  return (
    <Stack gap="md">
      {notice ? (
        <Alert color="kuku" variant="light" icon={<IconCircleCheck size={18} />} role="status">
          {notice}
        </Alert>
      ) : null}
      <form onSubmit={submit} noValidate onFocus={authSchemas.preload} onPointerEnter={authSchemas.preload}>
        <Stack gap="md">
          <TextInput
            label="Email or Username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            {...form.getInputProps('identifier')}
          />
          <Stack gap={6}>
            <PasswordInput label="Password" autoComplete="current-password" {...form.getInputProps('password')} />
            <Group justify="flex-end">
              <Anchor component={Link} to={paths.forgotPassword.getHref()} fz="sm">
                Forgot password?
              </Anchor>
            </Group>
          </Stack>
          <Button type="submit" size="md" fullWidth loading={login.isPending} disabled={login.isPending}>
            Login
          </Button>
        </Stack>
      </form>
      <Divider label="or" labelPosition="center" />
      {/* A visible 'Coming soon' rather than a hover tooltip: phones have no hover, and a
          tooltip library would weigh on this first screen (decision 008). `title` still hints on desktop. */}
      <Indicator label="Coming soon" size={20} color="yellow" position="top-end" offset={{ x: 52, y: 0 }} zIndex={1}>
        <Button
          variant="default"
          size="md"
          fullWidth
          disabled
          title="Coming soon"
          leftSection={<IconBrandGoogle size={18} />}
        >
          Continue with Google
        </Button>
      </Indicator>
      <Text ta="center" fz="sm" c="dimmed">
        New to Kuku?{' '}
        <Anchor component="button" type="button" fz="sm" fw={600} onClick={onRegister}>
          Create an account
        </Anchor>
      </Text>
    </Stack>
  );
}
