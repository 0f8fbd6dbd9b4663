import { PageHeader } from '../../../ui/page-header';

export function EggsPage() {
  return <PageHeader title="Egg Production" />;
}
