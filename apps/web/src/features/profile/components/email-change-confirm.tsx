import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { OTP_LENGTH, profileMessages, type User } from '@kuku/domain';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { showErrorToast, showSuccessToast } from '../../../ui/toast';
import { useConfirmEmailChange } from '../api';

interface EmailChangeConfirmProps {
  /** What the server said when it mailed the code (where it went). */
  message: string;
  onChanged: (user: User) => void;
}

/** The code mailed to the new address (decision 048): the email changes only when it is entered here. */
export function EmailChangeConfirm({ message, onChanged }: EmailChangeConfirmProps) {
  const confirm = useConfirmEmailChange();
  const [otp, setOtp] = useState('');
  const [error, setError] = useState<string | undefined>();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const code = otp.trim();
    if (!new RegExp(`^\\d{${OTP_LENGTH}}$`).test(code)) {
      setError('Enter the 6-digit code.');
      return;
    }
    confirm.mutate(
      { otp: code },
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
