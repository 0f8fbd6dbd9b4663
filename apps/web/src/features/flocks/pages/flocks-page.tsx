import { PageHeader } from '../../../ui/page-header';

export function FlocksPage() {
  return <PageHeader title="Flock Management" />;
}
