import { onboardingMessages as m, onboardingProgressKey, SETUP_STEPS, type OnboardingAnswer } from '@kuku/domain';
import { paths } from '@kuku/domain/screens';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { currentUserKey } from '../../../lib/current-user';
import { apiError, mockApi } from '../../../test/fetch-mock';
import { makeUser } from '../../../test/fixtures';
import { createTestQueryClient, currentLocation, renderWithProviders } from '../../../test/render';
import { OnboardingPage } from './onboarding-page';

const none: OnboardingAnswer = { flocks: false, eggs: false, sales: false, expenses: false, inventory: false, reports: false };
const key = onboardingProgressKey(1);

function renderPage(answer: OnboardingAnswer | 'fails' = none) {
  mockApi({ 'GET /onboarding': answer === 'fails' ? apiError(500, 'internal', 'Boom') : { body: answer } });
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(currentUserKey, makeUser({ id: 1 }));
  return renderWithProviders(<OnboardingPage />, { queryClient, route: paths.onboarding.getHref() });
}

const step = (title: string) => screen.getByRole('article', { name: title });
const checkbox = (title: string) => within(step(title)).getByRole('checkbox', { name: m.markedAsDone });
const progress = () => screen.getByRole('progressbar', { name: m.progress });

describe('OnboardingPage', () => {
  it('shows the welcome, Contact Us, and the product’s six steps with their calls to action, at 0%', async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: m.title })).toBeInTheDocument();
    expect(screen.getByText(m.welcome)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: m.contactUs })).toHaveAttribute('href', paths.contact.getHref());
    expect(screen.getAllByRole('article').map((a) => within(a).getByRole('heading', { level: 3 }).textContent)).toEqual(SETUP_STEPS.map((s) => s.title));
    const routes = [paths.flocks, paths.eggs, paths.sales, paths.expenses, paths.inventory, paths.finances].map((p) => p.getHref());
    for (const [index, s] of SETUP_STEPS.entries()) {
      expect(within(step(s.title)).getByRole('link', { name: s.ctaText })).toHaveAttribute('href', routes[index]);
      expect(within(step(s.title)).queryByText(m.done)).not.toBeInTheDocument();
    }
    await waitFor(() => expect(screen.getAllByRole('article')[0]?.closest('ol')).toHaveAttribute('aria-busy', 'false'));
    expect(progress()).toHaveAttribute('aria-valuenow', '0');
    expect(screen.getByText(m.percentComplete(0))).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: m.reset })).not.toBeInTheDocument();
  });

  it('keeps ticks in local storage, congratulates at 100% and resets to 0%', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(checkbox('Sales'));
    expect(progress()).toHaveAttribute('aria-valuenow', '17');
    expect(within(step('Sales')).getByText(m.done)).toBeInTheDocument();
    expect(JSON.parse(window.localStorage.getItem(key) ?? '[]')).toEqual(['sales']);
    await user.click(checkbox('Sales'));
    expect(progress()).toHaveAttribute('aria-valuenow', '0');

    for (const s of SETUP_STEPS) await user.click(checkbox(s.title));
    expect(screen.getByText(m.percentComplete(100))).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: m.congratulations })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: m.reset }));
    expect(progress()).toHaveAttribute('aria-valuenow', '0');
    expect(screen.queryByText(m.congratulations)).not.toBeInTheDocument();
    expect(window.localStorage.getItem(key)).toBeNull();
  });

  it('reads the ticks kept from an earlier visit', () => {
    window.localStorage.setItem(key, '["eggs","inventory"]');
    renderPage();
    expect(checkbox('Egg Production')).toBeChecked();
    expect(checkbox('Inventory')).toBeChecked();
    expect(progress()).toHaveAttribute('aria-valuenow', '33');
  });

  it('shows a step the farm’s records complete as done, its box ticked and locked with the reason', async () => {
    renderPage({ ...none, flocks: true });
    await waitFor(() => expect(checkbox('Flock Management')).toBeChecked());
    expect(checkbox('Flock Management')).toBeDisabled();
    expect(within(step('Flock Management')).getByText(SETUP_STEPS[0]!.doneByData)).toBeInTheDocument();
    expect(within(step('Flock Management')).getByText(m.done)).toBeInTheDocument();
    expect(progress()).toHaveAttribute('aria-valuenow', '17');
  });

  it('at 100% by records alone has nothing to reset, and says records keep steps done', async () => {
    renderPage({ flocks: true, eggs: true, sales: true, expenses: true, inventory: true, reports: true });
    expect(await screen.findByRole('heading', { name: m.congratulations })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: m.reset })).toBeDisabled();
    expect(screen.getByText(m.resetNote)).toBeInTheDocument();
  });

  it('shows the ticks and says so when the records cannot be checked', async () => {
    window.localStorage.setItem(key, '["sales"]');
    renderPage('fails');
    expect(await screen.findByText(m.loadFailed)).toBeInTheDocument();
    expect(progress()).toHaveAttribute('aria-valuenow', '17');
  });

  it('opens the screenshots viewer, turns the pictures and closes with Esc', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(screen.getByRole('button', { name: m.viewScreenshotsOf('Sales') }));
    const dialog = await screen.findByRole('dialog', { name: m.screenshotsOf('Sales') });
    const sales = SETUP_STEPS[2]!;
    const image = () => within(dialog).getByRole('img', { name: m.screenshotAlt('Sales') });
    expect(image()).toHaveAttribute('src', `/onboarding/${sales.screenshots[0]!.file}`);
    expect(image()).toHaveAttribute('loading', 'lazy');
    expect(image()).toHaveAttribute('width', '390');
    expect(within(dialog).getByText(m.screenshotCount(0, 2))).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: m.next }));
    expect(image()).toHaveAttribute('src', `/onboarding/${sales.screenshots[1]!.file}`);
    expect(within(dialog).getByText(sales.screenshots[1]!.caption)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: m.previous }));
    expect(within(dialog).getByText(m.screenshotCount(0, 2))).toBeInTheDocument();
    await user.keyboard('{ArrowLeft}');
    expect(within(dialog).getByText(m.screenshotCount(1, 2))).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('follows a step’s call to action to its screen', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(within(step('Finances & Reports')).getByRole('link', { name: 'View Finances' }));
    expect(currentLocation()).toBe(paths.finances.getHref());
  });
});
