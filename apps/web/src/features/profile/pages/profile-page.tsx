import { Stack } from '@mantine/core';
import { profileMessages } from '@kuku/domain';
import { useCurrentUser } from '../../../lib/current-user';
import { Deferred } from '../../../first-screen/deferred';
import { lazyWithPreload } from '../../../first-screen/lazy';
import { PageHeader } from '../../../ui/page-header';
import { ProfileDetailsForm } from '../components/profile-details-form';
import { ProfileSummary } from '../components/profile-summary';
import classes from './profile-page.module.css';

// Below the details (off a phone's first screen): its code, the password inputs', loads after the first screen.
const ChangePasswordForm = lazyWithPreload(() => import('../components/change-password-form'), (m) => m.ChangePasswordForm);
// The notices' choices and the phone's confirmation (decision 076): further down, loaded after the first screen too.
const NoticeSettings = lazyWithPreload(() => import('../components/notice-settings'), (m) => m.NoticeSettings);

export function ProfilePage() {
  const user = useCurrentUser();
  // The guard fetched the user before this screen renders.
  if (!user) return null;
  return (
    <>
      <PageHeader title={profileMessages.title} subtitle={profileMessages.subtitle} />
      <div className={classes.layout}>
        <ProfileSummary user={user} />
        <Stack gap="lg">
          <ProfileDetailsForm key={user.id} user={user} />
          <Deferred fallback={<div className={classes.passwordFallback} />}>
            <ChangePasswordForm />
          </Deferred>
          <Deferred fallback={<div className={classes.noticesFallback} />}>
            <NoticeSettings />
          </Deferred>
        </Stack>
      </div>
    </>
  );
}
