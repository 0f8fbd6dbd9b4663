import { PageHeader } from '../../../ui/page-header';

export function UserRegistrationPage() {
  return <PageHeader title="User Registration" />;
}
