import { PageHeader } from '../../../ui/page-header';

export function OnboardingPage() {
  return <PageHeader title="Getting Started" />;
}
