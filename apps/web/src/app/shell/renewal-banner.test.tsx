import { billingMessages as m } from '@kuku/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { RenewalBanner } from './renewal-banner';

const due = makeUser({
  is_trial_active: false,
  payment_status: 'paid',
  needs_subscription_renewal: true,
  subscription: { status: 'active', period_ends_at: '2026-04-10T08:00:00.000Z' },
});

describe('RenewalBanner', () => {
  it('says when the period ends and links to /billing', () => {
    renderWithProviders(<RenewalBanner user={due} />);
    expect(screen.getByText(m.renewalBanner.replace('{date}', '10 Apr 2026'))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: m.renewNow })).toHaveAttribute('href', '/billing');
  });

  it('gives a member who does not pay the date, without a link to /billing', () => {
    renderWithProviders(<RenewalBanner user={{ ...due, role: 'worker' }} />);
    expect(screen.getByText(m.renewalBanner.replace('{date}', '10 Apr 2026'))).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: m.renewNow })).not.toBeInTheDocument();
  });

  it('stays hidden in the trial, without a renewal due, and when suspended', () => {
    for (const user of [
      { ...due, is_trial_active: true },
      { ...due, needs_subscription_renewal: false },
      { ...due, subscription: { ...due.subscription, status: 'suspended' as const } },
      { ...due, status: 'suspended' as const },
    ]) {
      const { unmount } = renderWithProviders(<RenewalBanner user={user} />);
      expect(screen.queryByRole('link', { name: m.renewNow })).not.toBeInTheDocument();
      unmount();
    }
  });
});
