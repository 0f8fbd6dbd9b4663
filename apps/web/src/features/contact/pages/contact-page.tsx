import { PageHeader } from '../../../ui/page-header';

export function ContactPage() {
  return <PageHeader title="Contact Us" />;
}
