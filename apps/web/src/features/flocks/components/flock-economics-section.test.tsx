import { economicsWords as w, weighingMessages, type FlockEconomics, type Role } from '@kuku/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, type MockRequest } from '../../../test/fetch-mock';
import { makeBroilerEconomics, makeFlockEconomics, makeWeighing } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { queryClientAs } from '../../../test/signed-in';
import { FlockEconomicsSection, type EconomicsFlock } from './flock-economics-section';

const layers: EconomicsFlock = { id: 7, name: 'Shamba A', breed: 'Layers', status: 'active', bird_count: 480, created_at: '2025-06-01T08:00:00.000Z' };
const broilers: EconomicsFlock = { ...layers, breed: 'Broilers', name: 'Batch 3' };

/** The worker's answer: the money figures left out, as the server leaves them. */
function withoutMoney(data: FlockEconomics): FlockEconomics {
  const strip = <T extends object>(figures: T | null) =>
    figures && (Object.fromEntries(Object.entries(figures).filter(([key]) => !key.endsWith('_cents'))) as T);
  const { feed_cost_cents: _c, ...rest } = data;
  return { ...rest, layers: strip(data.layers), broilers: strip(data.broilers) } as FlockEconomics;
}

function renderSection(flock: EconomicsFlock, role: Role, answer: (request: MockRequest) => FlockEconomics, routes: Parameters<typeof mockApi>[0] = {}) {
  const requests = mockApi({ 'GET /flocks/7/economics': (request) => ({ body: answer(request) }), ...routes });
  renderWithProviders(<FlockEconomicsSection flock={flock} />, { queryClient: queryClientAs(role) });
  return requests;
}

/** A figure's value, by its label (a <dt> and its <dd>). */
async function figure(label: string): Promise<string | null> {
  const term = await screen.findByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent ?? null;
}

describe('FlockEconomicsSection', () => {
  it('shows a laying flock’s figures this month, with money for the owner, and asks the month from its first day', async () => {
    const requests = renderSection(layers, 'owner', () => makeFlockEconomics({ layers: { ...makeFlockEconomics().layers!, margin_per_tray_cents: -1_250 } }));
    expect(await screen.findByRole('heading', { name: w.title })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: w.thisMonth })).toHaveAttribute('aria-selected', 'true');
    expect(await figure(w.henDay)).toBe('82.5%');
    expect(await figure(w.eggsPerDay)).toBe('396');
    expect(await figure(w.traysPerDay)).toBe('13.2');
    expect(await figure(w.feedPerBirdDay)).toBe('118 g');
    expect(await figure(w.feedPerTray)).toBe('4.55 kg');
    expect(await figure(w.feedCostPerTray)).toMatch(/^Ksh\s227\.27$/);
    expect(await figure(w.costPerTray)).toMatch(/^Ksh\s250\.00$/);
    expect(await figure(w.pricePerTray)).toMatch(/^Ksh\s420\.00$/);
    expect(await figure(w.marginPerTray)).toMatch(/^-Ksh\s12\.50$/);
    expect(screen.getByText(w.marginPerTray, { selector: 'dt' }).nextElementSibling).toHaveStyle({ color: 'var(--mantine-color-error)' });
    expect(screen.getByText(w.fromRecords(12, 30))).toBeInTheDocument();
    expect(screen.queryByText(w.missing)).not.toBeInTheDocument();
    const asked = requests.find((r) => r.path === '/flocks/7/economics');
    expect(asked?.query.get('start_date')).toMatch(/^\d{4}-\d{2}-01$/);
    expect(asked?.query.get('end_date')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('shows the flock’s life from the day it came, on its tab', async () => {
    const user = userEvent.setup();
    const requests = renderSection(layers, 'owner', (request) =>
      request.query.get('start_date') === '2025-06-01' ? makeFlockEconomics({ egg_records: 200, feed_records: 90 }) : makeFlockEconomics(),
    );
    await screen.findByText(w.fromRecords(12, 30));
    await user.click(screen.getByRole('tab', { name: w.flockLife }));
    expect(await screen.findByText(w.fromRecords(90, 200))).toBeInTheDocument();
    expect(requests.some((r) => r.path === '/flocks/7/economics' && r.query.get('start_date') === '2025-06-01')).toBe(true);
  });

  it('shows a missing figure as — (never 0) and says what to record when no feed is recorded', async () => {
    renderSection(layers, 'owner', () =>
      makeFlockEconomics({
        feed_records: 0,
        feed_kg: null,
        feed_cost_cents: 0,
        layers: { ...makeFlockEconomics().layers!, feed_per_bird_day_grams: null, feed_per_tray_kg: null, feed_cost_per_tray_cents: null, cost_per_tray_cents: null, margin_per_tray_cents: null, price_per_tray_cents: 0 },
      }),
    );
    expect(await figure(w.feedPerBirdDay)).toBe('—');
    expect(await figure(w.costPerTray)).toBe('—');
    expect(await figure(w.marginPerTray)).toBe('—');
    expect(await figure(w.pricePerTray)).toMatch(/^Ksh\s0\.00$/);
    expect(screen.getByText(w.missing)).toBeInTheDocument();
  });

  it('shows a worker the figures without money', async () => {
    renderSection(layers, 'worker', () => withoutMoney(makeFlockEconomics()));
    expect(await figure(w.henDay)).toBe('82.5%');
    expect(screen.queryByText(w.costPerTray)).not.toBeInTheDocument();
    expect(screen.queryByText(w.marginPerTray)).not.toBeInTheDocument();
    expect(screen.queryByText(/Ksh/)).not.toBeInTheDocument();
  });

  it('shows a broiler batch’s figures and its weighings', async () => {
    renderSection(broilers, 'owner', () => makeBroilerEconomics(), { 'GET /flocks/7/weighings': { body: { items: [makeWeighing()] } } });
    expect(await figure(w.mortality)).toBe('3.5%');
    expect(await figure(w.averageWeight)).toBe('2.105 kg');
    expect(await figure(w.liveWeight)).toBe('2,031.3 kg');
    expect(await figure(w.feedConversion)).toBe('1.62');
    expect(await figure(w.productionEfficiency)).toBe('352');
    expect(await figure(w.costPerKg)).toMatch(/^Ksh\s210\.50$/);
    expect(await figure(w.revenuePerKg)).toBe('—');
    expect(screen.queryByText(w.henDay)).not.toBeInTheDocument();
    expect(screen.getByText(w.fromBroilerRecords(5, 2))).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: weighingMessages.listLabel });
    expect(within(list).getByRole('listitem')).toHaveTextContent('05 Dec 2026');
    expect(within(list).getByRole('listitem')).toHaveTextContent('20 birds · 42.1 kg · average 2.105 kg');
  });

  it('says what a broiler batch should record when it has no feed', async () => {
    renderSection(broilers, 'worker', () => withoutMoney(makeBroilerEconomics({ feed_records: 0, weighings: 0 })), { 'GET /flocks/7/weighings': { body: { items: [] } } });
    expect(await screen.findByText(w.missingBroilers)).toBeInTheDocument();
    expect(screen.queryByText(w.costPerKg)).not.toBeInTheDocument();
    expect(await screen.findByText(weighingMessages.noWeighings)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: weighingMessages.recordWeighing })).toBeInTheDocument());
  });

  it('says when the figures could not be loaded', async () => {
    mockApi({});
    renderWithProviders(<FlockEconomicsSection flock={layers} />, { queryClient: queryClientAs('owner') });
    expect(await screen.findByText(w.loadFailed)).toBeInTheDocument();
  });
});
