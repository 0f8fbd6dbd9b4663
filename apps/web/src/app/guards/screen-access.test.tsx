import { billingMessages, staffMessages } from '@kuku/domain';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getToken, setToken } from '../../lib/session';
import { mockApi } from '../../test/fetch-mock';
import { makeUser } from '../../test/fixtures';
import { renderApp } from '../../test/render';

describe('screens by role (docs/design.md §6)', () => {
  it('shows a worker who types a money screen’s address why not, and leads home', async () => {
    setToken('tok-1');
    mockApi({ 'GET /auth/me': { body: makeUser({ role: 'worker' }) } });
    const user = userEvent.setup();
    const { router } = renderApp({ route: '/sales-management' });

    expect(await screen.findByRole('heading', { level: 1, name: staffMessages.forbiddenTitle })).toBeInTheDocument();
    expect(screen.getByText(staffMessages.forbidden)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1, name: 'Sales' })).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/sales-management');

    await user.click(screen.getByRole('link', { name: staffMessages.backToDashboard }));
    expect(await screen.findByRole('heading', { level: 1, name: /, jane$/ })).toBeInTheDocument();
    // The session stays: a role's limit is not a logout.
    expect(getToken()).toBe('tok-1');
  });

  it('asks for none of a forbidden screen’s data once the role is known', async () => {
    setToken('tok-1');
    const requests = mockApi({ 'GET /auth/me': { body: makeUser({ role: 'worker' }) } });
    const { router } = renderApp({ route: '/my-profile' });
    expect(await screen.findByRole('heading', { level: 1, name: 'My Profile' })).toBeInTheDocument();

    await router.navigate('/sales-management');
    expect(await screen.findByRole('heading', { level: 1, name: staffMessages.forbiddenTitle })).toBeInTheDocument();
    await router.navigate('/user-registration');
    expect(await screen.findByText(staffMessages.forbidden)).toBeInTheDocument();
    expect(requests.filter((r) => r.path.startsWith('/sales') || r.path.startsWith('/staff'))).toEqual([]);
  });

  it('gives a worker a dashboard without figures, asking the server for none, and only the quick actions they may use', async () => {
    setToken('tok-1');
    const requests = mockApi({ 'GET /auth/me': { body: makeUser({ role: 'worker' }) } });
    renderApp({ route: '/' });

    expect(await screen.findByRole('heading', { level: 1, name: /, jane$/ })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Quick Actions' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Manage Inventory' })).toBeInTheDocument();
    for (const name of ['View Sales', 'View Expenses', 'Generate Reports', /Sales Analytics/]) {
      expect(screen.queryByRole('link', { name })).not.toBeInTheDocument();
    }
    expect(screen.queryByRole('heading', { name: 'Key Statistics' })).not.toBeInTheDocument();
    expect(requests.some((r) => r.path === '/stats/dashboard')).toBe(false);
  });

  it('tells a member of an unpaid farm that the owner must renew, with no payment form', async () => {
    setToken('tok-1');
    const requests = mockApi({ 'GET /auth/me': { body: makeUser({ role: 'manager', payment_status: 'unpaid', is_trial_active: false }) } });
    const { router } = renderApp({ route: '/egg-production' });

    expect(await screen.findByRole('heading', { level: 1, name: staffMessages.ownerMustRenewTitle })).toBeInTheDocument();
    expect(screen.getByText(staffMessages.ownerMustRenew)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/billing');
    expect(screen.queryByRole('button', { name: billingMessages.payNow })).not.toBeInTheDocument();
    expect(requests.some((r) => r.path.startsWith('/payments'))).toBe(false);
  });

  it('opens every screen for the owner', async () => {
    setToken('tok-1');
    mockApi({ 'GET /auth/me': { body: makeUser({ role: 'owner' }) }, 'GET /staff': { body: { items: [] } } });
    renderApp({ route: '/user-registration' });
    expect(await screen.findByRole('heading', { level: 1, name: staffMessages.title })).toBeInTheDocument();
  });
});
