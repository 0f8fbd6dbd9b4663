import { Anchor, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  billingMessages as m,
  formatKesPrice,
  formatPhone,
  PAYMENT_RESET_MS,
  paymentReference,
  referenceProblem,
  SUBSCRIPTION_PRICE_CENTS,
  type Payment,
} from '@kuku/domain';
import { paths } from '@kuku/domain/screens';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/current-user';
import { lazyWithPreload } from '../../../first-screen/lazy';
import { showErrorToast } from '../../../ui/toast';
import { paymentPlanQuery, useInitiateCardPayment, useInitiatePayment } from '../api';
import classes from './payment-form.module.css';

// The processing dialog is no part of the first screen: it loads when the pointer or focus
// heads for Pay Now, or with the first payment (docs/design.md §9 budget).
const PaymentModal = lazyWithPreload(() => import('./payment-modal'), (mod) => mod.PaymentModal);

type FieldName = 'PhoneNumber' | 'amount' | 'reference';
type FieldErrors = Partial<Record<FieldName, string>>;

/** docs/style.md rule 9: a 400's `fields` on the form's parts; a used reference (409) on the reference. */
export function initiationErrors(error: unknown): FieldErrors {
  if (!(error instanceof ApiError)) return {};
  const errors: FieldErrors = {};
  for (const name of ['PhoneNumber', 'amount', 'reference'] as const) {
    const text = error.fields[name];
    if (text) errors[name] = text;
  }
  if (error.code === 'conflict' && !errors.reference) errors.reference = m.referenceUsed;
  return errors;
}

/** One payment shown in the dialog; the key starts each dialog afresh. */
interface ActivePayment {
  key: number;
  payment: Payment;
  opened: boolean;
  finished: boolean;
}

/**
 * docs/product.md §2 Billing: the Initiate Payment form. The phone is the profile's (changed there), the
 * amount is fixed (the server's price), the reference is prefilled (docs/product.md §3) and may be edited.
 */
export function PaymentForm() {
  const user = useCurrentUser();
  const plan = useQuery(paymentPlanQuery()).data;
  const initiate = useInitiatePayment();
  const card = useInitiateCardPayment();
  const titleId = useId();
  const noPhoneId = useId();
  const newReference = () => paymentReference(user?.username, user?.id, Date.now());
  const [reference, setReference] = useState(newReference);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [active, setActive] = useState<ActivePayment | null>(null);
  // Set when a payment finished: the form takes a fresh reference PAYMENT_RESET_MS later (docs/product.md §4).
  const [resetDue, setResetDue] = useState<number | null>(null);

  useEffect(() => {
    if (resetDue === null) return;
    const timer = window.setTimeout(() => {
      setReference(paymentReference(user?.username, user?.id, Date.now()));
      setErrors({});
      setResetDue(null);
    }, PAYMENT_RESET_MS);
    return () => window.clearTimeout(timer);
  }, [resetDue, user?.username, user?.id]);

  const phone = user?.phone_number ?? '';
  const priceCents = plan?.price_cents ?? SUBSCRIPTION_PRICE_CENTS;
  const mpesaOff = plan?.mpesa === 'off';
  const cardOn = plan !== undefined && plan.card !== 'off';
  const waiting = active !== null && active.opened && !active.finished;
  const loading = initiate.isPending || card.isPending || waiting;

  /** The reference as sent, or null after saying what is wrong with it. */
  const checkedReference = (): string | null => {
    const problem = referenceProblem(reference);
    if (problem) {
      setErrors({ reference: problem });
      return null;
    }
    setErrors({});
    return reference.trim();
  };

  const failed = (error: unknown) => {
    setErrors(initiationErrors(error));
    showErrorToast(m.toastError);
  };

  const payByMpesa = () => {
    const sent = checkedReference();
    if (sent === null || !phone) return;
    PaymentModal.preload();
    initiate.mutate(
      { PhoneNumber: phone, amount: plan?.amount ?? priceCents / 100, reference: sent },
      {
        onSuccess: ({ payment }) => setActive((last) => ({ key: (last?.key ?? 0) + 1, payment, opened: true, finished: false })),
        onError: failed,
      },
    );
  };

  const payByCard = () => {
    if (!user?.email) {
      showErrorToast(m.emailRequired);
      return;
    }
    const sent = checkedReference();
    if (sent === null) return;
    card.mutate(
      // docs/product.md §7: the card provider takes minor units (KES × 100), i.e. the price in cents.
      { email: user.email, amount: priceCents, reference: sent },
      // The provider's checkout page (the simulator's on this origin); it returns to /paystack-callback.
      { onSuccess: (answer) => window.location.assign(answer.data.authorization_url), onError: failed },
    );
  };

  const close = () => setActive((last) => (last ? { ...last, opened: false } : last));
  const finish = () => {
    setActive((last) => (last ? { ...last, finished: true } : last));
    setResetDue(Date.now());
  };
  // Retry resets the payment state (docs/product.md §4) and closes the dialog: the farmer presses Pay Now
  // again, with a fresh reference since the server refuses one used before.
  const retry = () => {
    close();
    setResetDue(null);
    setReference(newReference());
    setErrors({});
  };

  const payNow = (
    <Button
      type="submit"
      disabled={loading || !phone || mpesaOff}
      aria-describedby={phone ? undefined : noPhoneId}
      onPointerEnter={PaymentModal.preload}
      onFocus={PaymentModal.preload}
    >
      {initiate.isPending || waiting ? m.processing : m.payNow}
    </Button>
  );

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={titleId}>
      <Title order={2} fz="lg" id={titleId} mb="md">
        {m.initiatePayment}
      </Title>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          payByMpesa();
        }}
      >
        <Stack gap="md" className={classes.fields}>
          <div>
            <Text fw={500} fz="sm">
              {m.phoneLabel}
            </Text>
            {phone ? (
              <Text fz="md" className={classes.phone}>
                {formatPhone(phone)}
              </Text>
            ) : (
              <Text fz="md" c="dimmed">
                {m.noPhone}
              </Text>
            )}
            <Anchor component={Link} to={paths.profile.getHref()} fz="sm" underline="always">
              {phone ? m.changePhone : m.addPhone}
            </Anchor>
            {errors.PhoneNumber ? (
              <Text c="red" fz="sm" role="alert">
                {errors.PhoneNumber}
              </Text>
            ) : null}
          </div>
          <TextInput label={m.amountLabel} value={formatKesPrice(priceCents)} readOnly error={errors.amount} />
          <TextInput
            label={m.referenceLabel}
            withAsterisk
            autoComplete="off"
            value={reference}
            onChange={(event) => setReference(event.currentTarget.value)}
            error={errors.reference}
          />
          {mpesaOff ? (
            <Text fz="sm" c="dimmed">
              {m.mpesaOff}
            </Text>
          ) : null}
          <Group gap="sm">
            {phone ? (
              payNow
            ) : (
              // A disabled button takes no pointer events: the hover tip sits on a wrapper, and
              // the same words show below for phones, where nothing hovers.
              <span className={classes.tooltipTarget} title={m.phoneNotAvailable}>
                {payNow}
              </span>
            )}
            {cardOn ? (
              <Button type="button" variant="default" onClick={payByCard} loading={card.isPending} disabled={loading && !card.isPending}>
                {m.payByCard}
              </Button>
            ) : null}
          </Group>
          {phone ? null : (
            <Text fz="sm" c="dimmed" id={noPhoneId}>
              {m.phoneNotAvailable}
            </Text>
          )}
        </Stack>
      </form>

      {active ? (
        <Suspense fallback={null}>
          <PaymentModal
            key={active.key}
            opened={active.opened}
            payment={active.payment}
            amountCents={priceCents}
            onFinished={finish}
            onDone={close}
            onRetry={retry}
            onCancel={close}
          />
        </Suspense>
      ) : null}
    </Paper>
  );
}
