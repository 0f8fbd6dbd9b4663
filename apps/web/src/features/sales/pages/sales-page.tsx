import { PageHeader } from '../../../ui/page-header';

export function SalesPage() {
  return <PageHeader title="Sales" />;
}
