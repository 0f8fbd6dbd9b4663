import { can, renewalMessages as m, type User } from '@kuku/domain';
import { paths } from '@kuku/domain/screens';
import { Link } from 'react-router';
import { useFarmDates } from '../../ui/date';
import classes from './renewal-banner.module.css';

/** docs/product.md §2, §4: suspended when the subscription or the user is; the suspended dialog then says it instead. */
export function isSuspended(user: Pick<User, 'status' | 'subscription'>): boolean {
  return user.subscription.status === 'suspended' || user.status === 'suspended';
}

/** docs/product.md §4: a renewal is due once the trial is over and the server says so; not when suspended. */
export function needsRenewalNotice(user: Pick<User, 'status' | 'subscription' | 'is_trial_active' | 'needs_subscription_renewal'>): boolean {
  return user.needs_subscription_renewal && !user.is_trial_active && !isSuspended(user);
}

/** docs/product.md §2 renewal reminder: under the header, when the paid period ends soon, with a link to /billing. */
export function RenewalBanner({ user }: { user: User }) {
  const dates = useFarmDates();
  // Only the owner pays (docs/design.md §6): the others read the date, with no link to a screen they cannot open.
  const canPay = can(user.role, 'billing');
  if (!needsRenewalNotice(user)) return null;
  return (
    <div className={classes.banner}>
      <span>{m.renewalBanner.replace('{date}', dates.date(user.subscription.period_ends_at))}</span>{' '}
      {canPay ? (
        <Link to={paths.billing.getHref()} className={classes.link}>
          {m.renewNow}
        </Link>
      ) : null}
    </div>
  );
}
