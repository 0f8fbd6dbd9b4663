import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import { billingMessages as m, CALLBACK_POLL_TIMEOUT_MS, resultHint } from '@kuku/domain';
import { paths } from '@kuku/domain/screens';
import { IconCircleCheck, IconCircleX, IconX } from '@tabler/icons-react';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { PageHeader } from '../../../ui/page-header';
import { usePaymentPoll } from '../api';
import classes from './payment-callback-page.module.css';

// On this page any failed check stops: the farmer is told and may ask again.
const stopOnError = () => true;

interface Outcome {
  heading: string | null;
  text: string;
  tone: 'waiting' | 'success' | 'failure';
  actions: ReactNode;
}

/**
 * docs/product.md §2 Payment callback: the card provider returns here with ?reference= (or ?trxref=).
 * The 'Payment Status' overlay checks the payment every PAYMENT_POLL_MS for at most
 * CALLBACK_POLL_TIMEOUT_MS (docs/product.md §9) and says how it ended.
 */
export function PaymentCallbackPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const reference = searchParams.get('reference') || searchParams.get('trxref') || null;
  const { poll, restart } = usePaymentPoll({ method: 'card', reference, timeoutMs: CALLBACK_POLL_TIMEOUT_MS, stopOnError });
  const titleId = useId();
  const panel = useRef<HTMLElement>(null);
  // The overlay is the page: it takes the focus, so a screen reader starts in it.
  useEffect(() => panel.current?.focus(), []);
  const close = () => void navigate(paths.dashboard.getHref());

  const toDashboard = (
    <Button component={Link} to={paths.dashboard.getHref()}>
      {m.goToDashboard}
    </Button>
  );
  const toBilling = (
    <Button component={Link} to={paths.billing.getHref()} variant={poll.phase === 'idle' ? 'filled' : 'default'}>
      {m.tryPaymentAgain}
    </Button>
  );

  let outcome: Outcome;
  if (poll.phase === 'idle') {
    outcome = { heading: null, text: m.noReference, tone: 'failure', actions: toBilling };
  } else if (poll.phase === 'waiting') {
    outcome = { heading: null, text: m.verifying, tone: 'waiting', actions: null };
  } else if (poll.phase === 'done' && poll.payment.status === 'success') {
    outcome = { heading: m.succeeded, text: m.toastSuccess, tone: 'success', actions: toDashboard };
  } else if (poll.phase === 'done') {
    const text = resultHint(poll.payment.result_code) ?? poll.payment.result_description ?? m.paymentFailed;
    outcome = { heading: m.failedTitle, text, tone: 'failure', actions: toBilling };
  } else if (poll.phase === 'timeout') {
    outcome = {
      heading: m.failedTitle,
      text: m.verificationTimedOut,
      tone: 'failure',
      actions: (
        <>
          {toBilling}
          <Button onClick={restart}>{m.checkAgain}</Button>
        </>
      ),
    };
  } else if (poll.error instanceof ApiError && poll.error.status === 404) {
    outcome = { heading: m.failedTitle, text: m.failedToVerify, tone: 'failure', actions: toBilling };
  } else {
    outcome = {
      heading: null,
      text: m.errorChecking,
      tone: 'failure',
      actions: (
        <>
          {toBilling}
          <Button onClick={restart}>{m.tryAgain}</Button>
        </>
      ),
    };
  }

  return (
    <>
      <PageHeader title={m.callbackTitle} />
      {/* A plain overlay, not a modal component: it is this route's whole first screen (the 170 KiB budget). */}
      <div className={classes.backdrop}>
        <section
          ref={panel}
          role="dialog"
          aria-modal="true"
          aria-labelledby={titleId}
          tabIndex={-1}
          className={classes.panel}
          onKeyDown={(event) => {
            if (event.key === 'Escape') close();
          }}
        >
          <div className={classes.head}>
            <h2 id={titleId} className={classes.title}>
              {m.callbackTitle}
            </h2>
            <button type="button" className={classes.close} aria-label={m.close} onClick={close}>
              <IconX size={18} aria-hidden />
            </button>
          </div>
          <Stack align="center" gap="md" role={outcome.tone === 'failure' ? 'alert' : 'status'} aria-live="polite">
            {outcome.tone === 'waiting' ? <Loader size="lg" aria-hidden /> : null}
            {outcome.tone === 'success' ? <IconCircleCheck size={56} color="var(--mantine-color-green-filled)" aria-hidden /> : null}
            {outcome.tone === 'failure' && outcome.heading ? (
              <IconCircleX size={56} color="var(--mantine-color-red-filled)" aria-hidden />
            ) : null}
            {outcome.heading ? (
              <Text fw={700} fz="lg" ta="center">
                {outcome.heading}
              </Text>
            ) : null}
            <Text ta="center">{outcome.text}</Text>
            {outcome.actions ? (
              <Group justify="center" gap="sm">
                {outcome.actions}
              </Group>
            ) : null}
          </Stack>
        </section>
      </div>
    </>
  );
}
