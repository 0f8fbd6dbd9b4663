import { Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { authMessages, authScreenWords as w, passwordWords, type ForgotPasswordInput } from '@kuku/domain';
import { paths } from '@kuku/domain/screens';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../../lib/api-client';
import { applyServerFieldErrors } from '../../../ui/form-errors';
import { showErrorToast, showSuccessToast } from '../../../ui/toast';
import { authSchemas, useForgotPassword, useResetPassword } from '../api';
import { AuthCard } from '../components/auth-card';
import { OtpInput } from '../components/otp-input';

const validateEmail = authSchemas.resolver((m) => m.forgotPasswordSchema);
const validateReset = authSchemas.resolver((m) => m.resetStepSchema);

/** docs/product.md §2 Forgot password: ask for the email, then the code and a new password. */
export function ForgotPasswordPage() {
  const [email, setEmail] = useState<string | null>(null);
  const navigate = useNavigate();
  const cancel = () => void navigate(paths.auth.getHref());

  const emailForm = useForm<ForgotPasswordInput>({
    initialValues: { email: '' },
    validate: validateEmail,
    validateInputOnBlur: true,
  });
  const resetForm = useForm({
    initialValues: { otp: '', new_password: '' },
    validate: validateReset,
  });
  const forgot = useForgotPassword();
  const reset = useResetPassword();

  const sendCode = emailForm.onSubmit((values) => {
    const input = authSchemas.get().forgotPasswordSchema.parse(values);
    forgot.mutate(input, {
      onSuccess: (answer) => {
        showSuccessToast(answer.message);
        resetForm.reset();
        setEmail(input.email);
      },
      onError: (error) => {
        if (!applyServerFieldErrors(emailForm, error)) {
          showErrorToast(errorMessage(error, w.sendFailed));
        }
      },
    });
  });

  const resetPassword = resetForm.onSubmit((values) => {
    if (!email) {
      showErrorToast(authMessages.missingEmailForReset);
      return;
    }
    reset.mutate(
      { email, ...authSchemas.get().resetStepSchema.parse(values) },
      {
        onSuccess: (answer) => {
          showSuccessToast(answer.message);
          void navigate(paths.auth.getHref());
        },
        onError: (error) => {
          if (!applyServerFieldErrors(resetForm, error)) {
            showErrorToast(errorMessage(error, w.resetFailed));
          }
        },
      },
    );
  });

  if (email === null) {
    return (
      <AuthCard title={w.forgotTitle} description={w.forgotIntro}>
        <form onSubmit={sendCode} noValidate onFocus={authSchemas.preload} onPointerEnter={authSchemas.preload}>
          <Stack gap="md">
            <TextInput label={w.email} type="email" autoComplete="email" {...emailForm.getInputProps('email')} />
            <Button type="submit" size="md" fullWidth loading={forgot.isPending} disabled={forgot.isPending}>
              {w.sendCode}
            </Button>
            <Button variant="default" fullWidth onClick={cancel}>
              {w.cancel}
            </Button>
          </Stack>
        </form>
      </AuthCard>
    );
  }

  const otpProps = resetForm.getInputProps('otp');
  return (
    <AuthCard title={w.resetTitle} description={w.resetIntro(email)}>
      <form onSubmit={resetPassword} noValidate>
        <Stack gap="md">
          <OtpInput
            value={resetForm.values.otp}
            onChange={(value) => resetForm.setFieldValue('otp', value)}
            error={typeof otpProps.error === 'string' ? otpProps.error : undefined}
            autoFocus
          />
          <PasswordInput
            label={passwordWords.new}
            autoComplete="new-password"
            description={passwordWords.atLeast}
            {...resetForm.getInputProps('new_password')}
          />
          <Button type="submit" size="md" fullWidth loading={reset.isPending} disabled={reset.isPending}>
            {w.reset}
          </Button>
          <Group grow gap="sm">
            <Button variant="light" onClick={() => setEmail(null)} disabled={reset.isPending}>
              {w.back}
            </Button>
            <Button variant="default" onClick={cancel} disabled={reset.isPending}>
              {w.cancel}
            </Button>
          </Group>
        </Stack>
      </form>
    </AuthCard>
  );
}
