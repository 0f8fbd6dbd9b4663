import { Skeleton } from '@mantine/core';
import { billingMessages as m, subscriptionSummary } from '@kuku/domain';
import { useCurrentUser } from '../../../lib/current-user';
import { useFarmDates } from '../../../ui/date';
import { Deferred } from '../../../first-screen/deferred';
import { lazyWithPreload } from '../../../first-screen/lazy';
import { PageHeader } from '../../../ui/page-header';
import { PaymentForm } from '../components/payment-form';
import classes from './billing-page.module.css';

// The history (its table, search and paging) loads once the first screen is drawn, beside the
// screen's data (decision 022).
const PaymentHistory = lazyWithPreload(() => import('../components/payment-history'), (mod) => mod.PaymentHistory);
// The farm's texts and their daily limit (decision 076), below the history.
const SmsUsageCard = lazyWithPreload(() => import('../components/sms-usage-card'), (mod) => mod.SmsUsageCard);

/** /billing (docs/product.md §2 Billing): pay the subscription by M-Pesa (or card), then the payment history. */
export function BillingPage() {
  const user = useCurrentUser();
  const dates = useFarmDates();
  const summary = user ? subscriptionSummary(user.subscription, new Date(), dates.date(user.subscription.period_ends_at)) : undefined;
  return (
    <>
      <PageHeader title={m.title} subtitle={summary} />
      <div className={classes.page}>
        <PaymentForm />
        <Deferred fallback={<Skeleton className={classes.listFallback} radius="lg" aria-label={m.historyLoading} />} soon>
          <PaymentHistory />
        </Deferred>
        <Deferred fallback={<div className={classes.smsFallback} />}>
          <SmsUsageCard />
        </Deferred>
      </div>
    </>
  );
}
