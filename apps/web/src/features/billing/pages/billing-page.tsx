import { Skeleton } from '@mantine/core';
import { billingMessages as m } from '@kuku/domain';
import { Deferred } from '../../../ui/deferred';
import { lazyWithPreload } from '../../../ui/lazy';
import { PageHeader } from '../../../ui/page-header';
import { PaymentForm } from '../components/payment-form';
import classes from './billing-page.module.css';

// The history (its table, search and paging) loads once the first screen is drawn, beside the
// screen's data (decision 022).
const PaymentHistory = lazyWithPreload(() => import('../components/payment-history'), (mod) => mod.PaymentHistory);

/** /billing (SPEC §2 Billing): pay the subscription by M-Pesa (or card), then the payment history. */
export function BillingPage() {
  return (
    <>
      <PageHeader title={m.title} />
      <div className={classes.page}>
        <PaymentForm />
        <Deferred fallback={<Skeleton className={classes.listFallback} radius="lg" aria-label={m.historyLoading} />} soon>
          <PaymentHistory />
        </Deferred>
      </div>
    </>
  );
}
