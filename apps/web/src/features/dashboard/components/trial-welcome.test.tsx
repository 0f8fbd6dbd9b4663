import { dashboardMessages as m, dayIn } from '@kuku/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { currentUserKey } from '../../../lib/current-user';
import { makeUser } from '../../../test/fixtures';
import { createTestQueryClient, renderWithProviders } from '../../../test/render';
import { farmSetupStartedKey, trialWelcomeSeenKey } from '../trial-storage';
import { TrialWelcome } from './trial-welcome';
import { TrialWelcomeModal } from './trial-welcome-modal';

const today = () => dayIn(new Date(), 'Africa/Nairobi');

function renderWelcome(user = makeUser({ id: 7 })) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(currentUserKey, user);
  return renderWithProviders(<TrialWelcome />, { queryClient });
}

describe('TrialWelcome (docs/product.md §4)', () => {
  it('opens while the trial is active and marks it seen for the farm day', async () => {
    renderWelcome();
    expect(await screen.findByRole('dialog', { name: m.trialTitle })).toBeInTheDocument();
    expect(window.localStorage.getItem(trialWelcomeSeenKey(7))).toBe(today());
  });

  it('does not open again the same day', async () => {
    window.localStorage.setItem(trialWelcomeSeenKey(7), today());
    renderWelcome();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens again on another day, and only for the user who saw it', async () => {
    window.localStorage.setItem(trialWelcomeSeenKey(7), '2000-01-01');
    window.localStorage.setItem(trialWelcomeSeenKey(8), today());
    renderWelcome();
    expect(await screen.findByRole('dialog', { name: m.trialTitle })).toBeInTheDocument();
  });

  it('does not open once the trial is over', async () => {
    renderWelcome(makeUser({ id: 7, is_trial_active: false }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(window.localStorage.getItem(trialWelcomeSeenKey(7))).toBeNull();
  });

  it('closes with its close button', async () => {
    renderWelcome();
    const dialog = await screen.findByRole('dialog', { name: m.trialTitle });
    await userEvent.click(screen.getByRole('button', { name: m.trialClose }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
  });
});

describe('TrialWelcomeModal', () => {
  const user = makeUser({ id: 7, trial_start_date: '2026-11-24T05:00:00.000Z', trial_ends_at: '2026-12-24T05:00:00.000Z' });

  it('shows the trial dates and the days left, rounded up, then the setup step', async () => {
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(currentUserKey, user);
    renderWithProviders(<TrialWelcomeModal user={user} opened onClose={() => undefined} now={new Date('2026-11-24T09:00:00Z')} />, { queryClient });
    expect(screen.getByText(m.trialStep(1, 2))).toBeInTheDocument();
    expect(screen.getByText('30 days left in your free trial')).toBeInTheDocument();
    expect(screen.getByText('24 Nov 2026')).toBeInTheDocument();
    expect(screen.getByText('24 Dec 2026')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: m.startFarmSetup })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: m.trialNext }));
    expect(screen.getByText(m.trialStep(2, 2))).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: m.trialSetupTitle })).toBeInTheDocument();
    // A close button at every step.
    expect(screen.getByRole('button', { name: 'Close dialog' })).toBeInTheDocument();
  });

  it("records that the setup started, closes and goes to /onboarding on 'Start Farm Setup'", async () => {
    let closed = 0;
    renderWithProviders(<TrialWelcomeModal user={user} opened onClose={() => (closed += 1)} />);
    await userEvent.click(screen.getByRole('button', { name: m.trialNext }));
    await userEvent.click(screen.getByRole('button', { name: m.startFarmSetup }));
    expect(window.localStorage.getItem(farmSetupStartedKey(7))).toBe('true');
    expect(closed).toBe(1);
    expect(screen.getByTestId('location')).toHaveTextContent('/onboarding');
  });

  it('never counts below 0 days', () => {
    renderWithProviders(<TrialWelcomeModal user={user} opened onClose={() => undefined} now={new Date('2027-01-10T00:00:00Z')} />);
    expect(screen.getByText('0 days left in your free trial')).toBeInTheDocument();
  });
});
