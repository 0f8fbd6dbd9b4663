import { PageHeader } from '../../../ui/page-header';

export function ReportsPage() {
  return <PageHeader title="Reports" />;
}
