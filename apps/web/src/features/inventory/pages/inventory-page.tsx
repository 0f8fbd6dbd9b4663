import { PageHeader } from '../../../ui/page-header';

export function InventoryPage() {
  return <PageHeader title="Inventory" />;
}
