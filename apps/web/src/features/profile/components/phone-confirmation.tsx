import { Alert, Badge, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { authMessages, OTP_LENGTH, phoneConfirmationWords as w } from '@kuku/domain';
import { useState } from 'react';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { showErrorToast, showSuccessToast } from '../../../ui/toast';
import { useConfirmPhone, useSendPhoneCode } from '../notices-api';

interface PhoneConfirmationProps {
  /** The profile's phone in E.164, null when it has none (or not a Kenyan mobile). */
  phone: string | null;
  confirmed: boolean;
}

/** The profile's phone confirmed by a code sent to it by SMS (decision 076): a text goes only to a confirmed phone. */
export function PhoneConfirmation({ phone, confirmed }: PhoneConfirmationProps) {
  const send = useSendPhoneCode();
  const confirm = useConfirmPhone();
  const [sent, setSent] = useState<string | undefined>();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();

  if (!phone) {
    return (
      <Text fz="sm" c="dimmed">
        {w.noPhoneHint}
      </Text>
    );
  }

  const sendCode = () =>
    send.mutate(undefined, {
      onSuccess: (answer) => {
        setSent(answer.message);
        setCode('');
        setError(undefined);
      },
      onError: (failure) => showErrorToast(errorMessage(failure, w.failedToSend)),
    });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!new RegExp(`^\\d{${OTP_LENGTH}}$`).test(code)) {
      setError(authMessages.enterCode);
      return;
    }
    confirm.mutate(
      { code },
      {
        onSuccess: (answer) => {
          showSuccessToast(answer.message);
          setSent(undefined);
        },
        onError: (failure) => {
          setError(failure instanceof ApiError ? (failure.fields.code ?? failure.message) : w.failedToConfirm);
        },
      },
    );
  };

  return (
    <Stack gap="xs">
      <Group gap="xs" wrap="wrap">
        <Text fw={500}>{w.title}:</Text>
        <Text>{phone}</Text>
        <Badge color={confirmed ? 'green' : 'gray'} variant="light">
          {confirmed ? w.confirmedBadge : w.notConfirmed}
        </Badge>
      </Group>
      {!confirmed && !sent && (
        <Group>
          <Button variant="light" onClick={sendCode} loading={send.isPending} disabled={send.isPending}>
            {w.sendCode}
          </Button>
        </Group>
      )}
      {!confirmed && sent && (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <Alert color="green" variant="light" role="status">
              {sent}
            </Alert>
            <TextInput
              label={w.codeLabel}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={OTP_LENGTH}
              value={code}
              error={error}
              onChange={(event) => {
                setCode(event.currentTarget.value.replace(/\D/g, ''));
                setError(undefined);
              }}
            />
            <Group justify="space-between" wrap="wrap">
              <Button variant="subtle" onClick={sendCode} loading={send.isPending} disabled={send.isPending}>
                {w.sendAgain}
              </Button>
              <Button type="submit" loading={confirm.isPending} disabled={confirm.isPending}>
                {w.confirm}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
