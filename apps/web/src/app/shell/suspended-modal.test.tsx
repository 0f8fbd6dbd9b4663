import { billingMessages as m, formatKesPrice, staffMessages } from '@kuku/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makePlan } from '../../features/billing/payment-fixtures';
import { currentUserKey } from '../../lib/current-user';
import { getToken, setToken } from '../../lib/session';
import { mockApi } from '../../test/fetch-mock';
import { makeUser } from '../../test/fixtures';
import { createTestQueryClient, currentLocation, renderApp, renderWithProviders } from '../../test/render';
import { SuspendedModal } from './suspended-modal';

const suspended = makeUser({
  is_trial_active: false,
  payment_status: 'paid',
  subscription: { status: 'suspended', period_ends_at: '2026-03-01T08:00:00.000Z' },
});

describe('SuspendedModal', () => {
  it('asks for payment to the till, links to /billing and to support, and cannot be dismissed', async () => {
    setToken('tok-1');
    mockApi({ 'GET /payments/plan': { body: makePlan() } });
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(currentUserKey, suspended);
    const user = userEvent.setup();
    renderWithProviders(<SuspendedModal />, { route: '/egg-production', queryClient });

    expect(screen.getByRole('dialog', { name: m.suspendedTitle })).toBeInTheDocument();
    const text = m.suspendedText.replace('{amount}', formatKesPrice(250_000)).replace('{till}', '5123456').replace(/\s+/g, ' ');
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: m.payNowToResume })).toHaveAttribute('href', '/billing');
    const support = screen.getByRole('link', { name: m.supportChat });
    expect(support).toHaveAttribute('href', 'https://wa.me/254700000000');
    expect(support).toHaveAttribute('target', '_blank');
    expect(screen.queryByRole('button', { name: /close/i })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: m.suspendedTitle })).toBeInTheDocument();
  });

  it("tells a member who is not the owner to ask the owner, with no payment and no plan asked for", async () => {
    setToken('tok-1');
    const requests = mockApi({ 'GET /payments/plan': { body: makePlan() } });
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(currentUserKey, { ...suspended, role: 'worker' });
    renderWithProviders(<SuspendedModal />, { route: '/egg-production', queryClient });

    expect(screen.getByRole('dialog', { name: m.suspendedTitle })).toBeInTheDocument();
    expect(screen.getByText(staffMessages.ownerMustResume)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: m.payNowToResume })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: m.logout })).toBeInTheDocument();
    expect(requests.some((r) => r.path === '/payments/plan')).toBe(false);
  });

  it('logs out and goes to /auth', async () => {
    setToken('tok-1');
    const requests = mockApi({ 'GET /payments/plan': { body: makePlan() }, 'POST /auth/logout': { status: 204 } });
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(currentUserKey, suspended);
    const user = userEvent.setup();
    renderWithProviders(<SuspendedModal />, { route: '/egg-production', queryClient });

    await user.click(screen.getByRole('button', { name: m.logout }));
    await waitFor(() => expect(currentLocation()).toBe('/auth'));
    expect(requests.some((r) => r.method === 'POST' && r.path === '/auth/logout')).toBe(true);
    expect(getToken()).toBeNull();
  });

  it('shows in the shell for a suspended account, but not on /billing', async () => {
    setToken('tok-1');
    mockApi({ 'GET /auth/me': { body: suspended }, 'GET /payments/plan': { body: makePlan() } });
    const { router } = renderApp({ route: '/contact' });
    expect(await screen.findByRole('dialog', { name: m.suspendedTitle })).toBeInTheDocument();

    await router.navigate('/billing');
    expect(await screen.findByRole('heading', { name: m.title, level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: m.suspendedTitle })).not.toBeInTheDocument());
  });

  it('stays away for an active account', async () => {
    setToken('tok-1');
    const requests = mockApi({ 'GET /auth/me': { body: makeUser() } });
    renderApp({ route: '/contact' });
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: m.suspendedTitle })).not.toBeInTheDocument();
    expect(requests.some((r) => r.path === '/payments/plan')).toBe(false);
  });
});
