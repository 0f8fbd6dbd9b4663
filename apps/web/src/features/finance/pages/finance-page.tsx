import { PageHeader } from '../../../ui/page-header';

export function FinancePage() {
  return <PageHeader title="Financial Dashboard" />;
}
