import { Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { passwordWords, staffMessages as m } from '@kuku/domain';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { applyServerFieldErrors } from '../../../ui/form-errors';
import { showErrorToast, showSuccessToast } from '../../../ui/toast';
import { staffSchemas, useAcceptInvitation } from '../../staff/api';
import { AuthCard } from './auth-card';
import { OtpInput } from './otp-input';

const validate = staffSchemas.resolver((schemas) => schemas.acceptInvitationFormSchema);

interface AcceptValues {
  email: string;
  otp: string;
  new_password: string;
  confirm_password: string;
}

interface AcceptInvitationViewProps {
  /** From the invitation's link (`/auth?invitation=1&email=…`). */
  email: string;
  /** Joined and signed in. */
  onAccepted: () => void;
  /** Back to the login. */
  onCancel: () => void;
}

/**
 * /auth?invitation=1&email=…: the invitee enters the 6-digit code of the mail and chooses a
 * password; the answer is a session, stored as the login stores it (docs/design.md §6).
 */
export function AcceptInvitationView({ email, onAccepted, onCancel }: AcceptInvitationViewProps) {
  const accept = useAcceptInvitation();
  const form = useForm<AcceptValues>({
    initialValues: { email, otp: '', new_password: '', confirm_password: '' },
    validate,
    validateInputOnBlur: ['email', 'new_password', 'confirm_password'],
  });

  const submit = form.onSubmit((values) => {
    const { email: address, otp, new_password } = staffSchemas.get().acceptInvitationFormSchema.parse(values);
    accept.mutate(
      { email: address, otp, new_password },
      {
        onSuccess: () => {
          showSuccessToast(m.accepted);
          onAccepted();
        },
        onError: (error) => {
          if (applyServerFieldErrors(form, error)) return;
          const message = errorMessage(error, m.failed);
          // A wrong or expired code: said on the code's boxes as well as in the toast.
          if (error instanceof ApiError && error.status === 400) form.setFieldError('otp', message);
          showErrorToast(message);
        },
      },
    );
  });

  const otpError = form.getInputProps('otp').error;
  return (
    <AuthCard title={m.acceptTitle} description={m.acceptIntro}>
      <form onSubmit={submit} noValidate onFocus={staffSchemas.preload} onPointerEnter={staffSchemas.preload}>
        <Stack gap="md">
          <TextInput
            label={m.email}
            type="email"
            autoComplete="username"
            readOnly={email !== ''}
            {...form.getInputProps('email')}
          />
          <OtpInput
            value={form.values.otp}
            onChange={(value) => {
              form.setFieldValue('otp', value);
              form.clearFieldError('otp');
            }}
            error={typeof otpError === 'string' ? otpError : undefined}
            disabled={accept.isPending}
            autoFocus
          />
          <PasswordInput
            label={m.newPassword}
            autoComplete="new-password"
            description={passwordWords.atLeast}
            {...form.getInputProps('new_password')}
          />
          <PasswordInput label={m.confirmPassword} autoComplete="new-password" {...form.getInputProps('confirm_password')} />
          <Button type="submit" size="md" fullWidth disabled={accept.isPending}>
            {accept.isPending ? m.accepting : m.accept}
          </Button>
          <Text ta="center" fz="sm" c="dimmed">
            <Anchor component="button" type="button" fz="sm" fw={600} onClick={onCancel} disabled={accept.isPending}>
              {m.cancel}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}

export default AcceptInvitationView;
