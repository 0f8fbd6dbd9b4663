import { PageHeader } from '../../../ui/page-header';

export function ExpensesPage() {
  return <PageHeader title="Expenses" />;
}
