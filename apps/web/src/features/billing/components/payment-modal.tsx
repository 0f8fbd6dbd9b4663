import { Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import {
  billingMessages as m,
  formatKesPrice,
  PAYMENT_POLL_TIMEOUT_MS,
  paymentToast,
  pollingFailed,
  resultHint,
  type Cents,
  type Payment,
  type PaymentState,
} from '@kuku/domain';
import { IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { ApiError } from '../../../lib/api-client';
import { useFarmDates } from '../../../ui/date';
import { quietPopups, showErrorToast, showSuccessToast } from '../../../ui/toast';
import { usePaymentPoll, type PaymentPoll } from '../api';

interface PaymentModalProps {
  opened: boolean;
  /** The payment the initiation answered (pending). */
  payment: Payment;
  amountCents: Cents;
  /** The payment reached a final status, or our time ran out. */
  onFinished: (status: PaymentState) => void;
  onDone: () => void;
  onRetry: () => void;
  onCancel: () => void;
}

// An unknown reference will not become known: stop asking. Other trouble (a dropped mobile
// connection, a 5xx) is asked again until the timeout.
const stopOnError = (error: Error) => error instanceof ApiError && error.status === 404;

/** The status the farmer is told: the server's final one, or timeout when we stopped waiting (docs/product.md §4). */
function finalStatus(poll: PaymentPoll): PaymentState | null {
  if (poll.phase === 'done') return poll.payment.status;
  if (poll.phase === 'timeout') return 'timeout';
  if (poll.phase === 'error') return 'failed';
  return null;
}

/** Why the payment failed, in the farmer's words. */
function failureText(poll: PaymentPoll): string {
  if (poll.phase === 'timeout') return m.timedOutText;
  if (poll.phase === 'error') return pollingFailed(poll.error.message);
  if (poll.phase === 'done') return resultHint(poll.payment.result_code) ?? poll.payment.result_description ?? m.paymentFailed;
  return m.paymentFailed;
}

/**
 * docs/product.md §2 Billing processing modal: 'Waiting for Confirmation' while M-Pesa asks for the PIN,
 * then 'Payment Successful!' or 'Payment Failed' with the reason. Polls per docs/product.md §9.
 */
export function PaymentModal({ opened, payment, amountCents, onFinished, onDone, onRetry, onCancel }: PaymentModalProps) {
  const { poll } = usePaymentPoll({
    method: 'mpesa',
    reference: payment.reference,
    initial: payment,
    timeoutMs: PAYMENT_POLL_TIMEOUT_MS,
    stopOnError,
  });
  const status = finalStatus(poll);
  const dates = useFarmDates();

  // While the dialog shows, it and its toast tell the result: the server's notice of the
  // same payment goes to the bell without a popup of its own (one confirmation, not three).
  useEffect(() => (opened ? quietPopups('notification') : undefined), [opened]);

  // Told once per dialog: the toast (docs/product.md §8) and the form's reset.
  const told = useRef(false);
  useEffect(() => {
    if (status === null || told.current) return;
    told.current = true;
    const toast = paymentToast(status);
    if (status === 'success') showSuccessToast(toast);
    else showErrorToast(toast);
    onFinished(status);
  }, [status, onFinished]);

  const waiting = status === null;
  const succeeded = status === 'success';
  const title = waiting ? m.waiting : succeeded ? m.succeeded : m.failedTitle;

  return (
    <Modal
      opened={opened}
      onClose={waiting ? () => undefined : onCancel}
      title={title}
      centered
      withCloseButton={!waiting}
      closeOnClickOutside={!waiting}
      closeOnEscape={!waiting}
    >
      {waiting ? (
        <Stack align="center" gap="md" role="status" aria-live="polite">
          <Loader size="lg" aria-hidden />
          <Text ta="center">{m.waitingHint.replace('{amount}', formatKesPrice(amountCents))}</Text>
        </Stack>
      ) : succeeded ? (
        <Stack align="center" gap="md" role="status" aria-live="polite">
          <IconCircleCheck size={56} color="var(--mantine-color-green-filled)" aria-hidden />
          <Text ta="center">{m.toastSuccess}</Text>
          {poll.phase === 'done' && poll.payment.paid_until ? (
            <Text ta="center" fz="sm">
              {m.paidUntil.replace('{date}', dates.date(poll.payment.paid_until))}
            </Text>
          ) : null}
          {poll.phase === 'done' && poll.payment.mpesa_reference ? (
            <Text ta="center" fz="sm" c="dimmed">
              {m.columns.mpesaReference}: {poll.payment.mpesa_reference}
            </Text>
          ) : null}
          <Button onClick={onDone} fullWidth>
            {m.done}
          </Button>
        </Stack>
      ) : (
        <Stack align="center" gap="md" role="alert">
          <IconCircleX size={56} color="var(--mantine-color-red-filled)" aria-hidden />
          <Text ta="center">{failureText(poll)}</Text>
          <Group justify="center" gap="sm" w="100%" grow>
            <Button variant="default" onClick={onCancel}>
              {m.cancel}
            </Button>
            <Button onClick={onRetry}>{m.retry}</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
