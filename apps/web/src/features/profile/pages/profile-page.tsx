import { Stack } from '@mantine/core';
import { useCurrentUser } from '../../../lib/current-user';
import { PageHeader } from '../../../ui/page-header';
import { ChangePasswordForm } from '../components/change-password-form';
import { ProfileDetailsForm } from '../components/profile-details-form';
import { ProfileSummary } from '../components/profile-summary';
import classes from './profile-page.module.css';

export function ProfilePage() {
  const user = useCurrentUser();
  // The guard fetched the user before this screen renders.
  if (!user) return null;
  return (
    <>
      <PageHeader title="My Profile" subtitle="Your account details and password." />
      <div className={classes.layout}>
        <ProfileSummary user={user} />
        <Stack gap="lg">
          <ProfileDetailsForm key={user.id} user={user} />
          <ChangePasswordForm />
        </Stack>
      </div>
    </>
  );
}
