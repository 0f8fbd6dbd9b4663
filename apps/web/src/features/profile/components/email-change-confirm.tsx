import { Alert, Button, Group, PasswordInput, Stack, TextInput, type PasswordInputProps } from '@mantine/core';
import { OTP_LENGTH, otpSchema, profileMessages, type User } from '@kuku/domain';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { showErrorToast, showSuccessToast } from '../../../ui/toast';
import { useConfirmEmailChange } from '../api';

interface EmailChangeConfirmProps {
  /** What the server said when it mailed the code (where it went). */
  message: string;
  onChanged: (user: User) => void;
}

/** The current password a new email needs (decision 048); here, not in the details form, so its input loads with the change. */
export function CurrentPasswordField(props: PasswordInputProps) {
  return (
    <PasswordInput
      label={profileMessages.currentPasswordForEmail}
      description={profileMessages.currentPasswordForEmailHint}
      autoComplete="current-password"
      {...props}
    />
  );
}

/** The code mailed to the new address (decision 048): the email changes only when it is entered here. */
export function EmailChangeConfirm({ message, onChanged }: EmailChangeConfirmProps) {
  const confirm = useConfirmEmailChange();
  const [otp, setOtp] = useState('');
  const [error, setError] = useState<string | undefined>();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    // The domain's code rule (this dialog loads on demand, so its schema is no first-screen cost).
    const parsed = otpSchema.safeParse(otp);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    confirm.mutate(
      { otp: parsed.data },
      {
        onSuccess: (answer) => {
          showSuccessToast(answer.message);
          onChanged(answer.user);
        },
        onError: (failure) => {
          const text = failure instanceof ApiError ? (failure.fields.otp ?? failure.fields.email ?? failure.message) : profileMessages.failedToConfirmEmail;
          setError(text);
          showErrorToast(profileMessages.failedToConfirmEmail);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Alert color="green" variant="light" role="status">
          {message}
        </Alert>
        <TextInput
          label={profileMessages.codeFieldLabel}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={OTP_LENGTH}
          value={otp}
          error={error}
          onChange={(event) => {
            setOtp(event.currentTarget.value.replace(/\D/g, ''));
            setError(undefined);
          }}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={confirm.isPending} disabled={confirm.isPending}>
            {profileMessages.confirmEmail}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
