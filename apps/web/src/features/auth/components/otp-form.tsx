import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { authMessages, authScreenWords as w, OTP_LENGTH, OTP_RESEND_SECONDS } from '@kuku/domain';
import { IconMailCheck } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { showErrorToast, showSuccessToast } from '../../../ui/toast';
import { useResendOtp, useVerifyOtp } from '../api';
import { OtpInput } from './otp-input';
import { useCountdown } from './use-countdown';

interface OtpFormProps {
  email: string;
  /** When the last code was sent (ms since epoch); the resend countdown runs from it. */
  sentAt: number;
  notice?: string;
  onVerified: (message: string) => void;
  onResent: (sentAt: number) => void;
  onCancel: () => void;
}

export function OtpForm({ email, sentAt, notice, onVerified, onResent, onCancel }: OtpFormProps) {
  const [otp, setOtp] = useState('');
  const [error, setError] = useState<string>();
  const verify = useVerifyOtp();
  const resend = useResendOtp();
  const secondsLeft = useCountdown(sentAt + OTP_RESEND_SECONDS * 1000);
  const busy = verify.isPending || resend.isPending;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!email) {
      showErrorToast(authMessages.missingEmailForVerify);
      return;
    }
    if (otp.length !== OTP_LENGTH) return;
    setError(undefined);
    verify.mutate(
      { email, otp },
      {
        onSuccess: (answer) => onVerified(answer.message),
        onError: (failure) => {
          const message = errorMessage(failure, authMessages.otpVerificationFailed);
          setError(message);
          showErrorToast(message);
        },
      },
    );
  };

  const resendCode = () => {
    if (!email) {
      showErrorToast(authMessages.missingEmailForResend);
      return;
    }
    resend.mutate(
      { email },
      {
        onSuccess: (answer) => {
          setOtp('');
          setError(undefined);
          showSuccessToast(answer.message);
          onResent(Date.now());
        },
        onError: (failure) => showErrorToast(errorMessage(failure, w.resendFailed)),
      },
    );
  };

  // The sentence names the address in its own place: the words around it, before and after.
  const [beforeEmail, afterEmail = ''] = w.codeSentTo.split('{email}');
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {notice ? (
          <Alert color="kuku" variant="light" icon={<IconMailCheck size={18} />} role="status">
            {notice}
          </Alert>
        ) : null}
        <Text fz="sm">
          {beforeEmail}
          <Text component="span" fw={700} style={{ overflowWrap: 'anywhere' }}>
            {email}
          </Text>
          {afterEmail}
        </Text>
        <OtpInput
          value={otp}
          onChange={(value) => {
            setOtp(value);
            setError(undefined);
          }}
          error={error}
          disabled={verify.isPending}
          autoFocus
        />
        <Button
          type="submit"
          size="md"
          fullWidth
          loading={verify.isPending}
          disabled={otp.length !== OTP_LENGTH || busy}
        >
          {w.verify}
        </Button>
        <Group justify="space-between" gap="sm" wrap="nowrap">
          <Button
            variant="subtle"
            px="xs"
            onClick={resendCode}
            loading={resend.isPending}
            disabled={secondsLeft > 0 || busy}
          >
            {secondsLeft > 0 ? w.resendIn(secondsLeft) : w.resend}
          </Button>
          <Button variant="default" onClick={onCancel} disabled={verify.isPending}>
            {w.cancel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
