import { PageHeader } from '../../../ui/page-header';

export function BillingPage() {
  return <PageHeader title="Billing & Payments" />;
}
