import { Alert, Anchor, Button, Divider, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { authMessages, authScreenWords as w, continueWithLabel, isEmailIdentifier, passwordWords, type LoginInput } from '@kuku/domain';
import { paths } from '@kuku/domain/screens';
import { IconBrandGoogle, IconCircleCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { applyServerFieldErrors } from '../../../ui/form-errors';
import { showErrorToast } from '../../../ui/toast';
import { authSchemas, socialLoginHref, useLogin, useSocialProviders } from '../api';

const validate = authSchemas.resolver((m) => m.loginSchema);

interface LoginFormProps {
  /** A message to show above the form, e.g. after the email was verified. */
  notice?: string;
  initialIdentifier?: string;
  onSuccess: () => void;
  /** The server sent a fresh code to `email` because it is not verified yet. */
  onUnverified: (email: string, message: string, password: string) => void;
  onRegister: () => void;
}

/**
 * docs/product.md §2's 'Continue with': a link the server answers with the trip to the provider. Kept
 * hidden (its place held) until the server says Google is offered; production without
 * credentials offers none, and then it is not shown.
 */
function ContinueWithGoogle() {
  const providers = useSocialProviders();
  if (providers.isPending) {
    return (
      <div aria-hidden style={{ visibility: 'hidden' }}>
        <Divider label={w.or} labelPosition="center" />
        <Button variant="default" size="md" fullWidth mt="md" tabIndex={-1} leftSection={<IconBrandGoogle size={18} />}>
          {continueWithLabel('google')}
        </Button>
      </div>
    );
  }
  if (!providers.data?.providers.includes('google')) return null;
  return (
    <div>
      <Divider label={w.or} labelPosition="center" />
      <Button
        component="a"
        href={socialLoginHref('google')}
        variant="default"
        size="md"
        fullWidth
        mt="md"
        leftSection={<IconBrandGoogle size={18} />}
      >
        {continueWithLabel('google')}
      </Button>
    </div>
  );
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
            onUnverified(email, error.message, values.password);
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
            label={w.identifier}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            {...form.getInputProps('identifier')}
          />
          <Stack gap={6}>
            <PasswordInput label={passwordWords.password} autoComplete="current-password" {...form.getInputProps('password')} />
            <Group justify="flex-end">
              <Anchor component={Link} to={paths.forgotPassword.getHref()} fz="sm">
                {w.forgot}
              </Anchor>
            </Group>
          </Stack>
          <Button type="submit" size="md" fullWidth loading={login.isPending} disabled={login.isPending}>
            {w.login}
          </Button>
        </Stack>
      </form>
      <ContinueWithGoogle />
      <Text ta="center" fz="sm" c="dimmed">
        {w.newToKuku}{' '}
        <Anchor component="button" type="button" fz="sm" fw={600} onClick={onRegister}>
          {w.createAccount}
        </Anchor>
      </Text>
    </Stack>
  );
}
