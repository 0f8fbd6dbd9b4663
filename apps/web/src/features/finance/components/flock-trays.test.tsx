import { economicsSummaryWords as w, economicsWords, type FarmEconomics } from '@kuku/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/fetch-mock';
import { makeBroilerEconomics, makeFlockEconomics } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { queryClientAs } from '../../../test/signed-in';
import { FlockTrays } from './flock-trays';

function farmEconomics(): FarmEconomics {
  const layers = makeFlockEconomics({ flock_id: 7, flock_name: 'Shamba A' });
  const losing = makeFlockEconomics({
    flock_id: 8,
    flock_name: 'Shamba B',
    layers: { ...makeFlockEconomics().layers!, cost_per_tray_cents: 50_000, price_per_tray_cents: null, margin_per_tray_cents: null },
  });
  const broilers = makeBroilerEconomics({ flock_id: 9, flock_name: 'Batch 3' });
  return { start_date: '2026-01-01', end_date: '2026-12-07', flocks: [layers, losing, broilers], feed_records: 30, egg_records: 60, weighings: 2, feed_kg: 900, feed_cost_cents: 4_000_000, layers: layers.layers };
}

function renderTrays(flockId: number) {
  const requests = mockApi({ 'GET /economics': { body: farmEconomics() } });
  renderWithProviders(<FlockTrays flockId={flockId} year={2026} />, { queryClient: queryClientAs('owner') });
  return requests;
}

const value = (group: HTMLElement, label: string) => within(group).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('FlockTrays', () => {
  it('shows a laying flock’s all costs, price and margin a tray over the screen’s year', async () => {
    const requests = renderTrays(7);
    const group = await screen.findByRole('group', { name: `Shamba A: ${w.trayIn(2026)}` });
    expect(value(group, economicsWords.costPerTray)).toMatch(/^Ksh\s250\.00$/);
    expect(value(group, economicsWords.pricePerTray)).toMatch(/^Ksh\s420\.00$/);
    expect(value(group, economicsWords.marginPerTray)).toMatch(/^Ksh\s170\.00$/);
    const asked = requests.find((r) => r.path === '/economics');
    expect([asked?.query.get('start_date'), asked?.query.get('end_date')]).toEqual(['2026-01-01', '2026-12-31']);
  });

  it('shows — where a figure is missing', async () => {
    renderTrays(8);
    const group = await screen.findByRole('group', { name: `Shamba B: ${w.trayIn(2026)}` });
    expect(value(group, economicsWords.costPerTray)).toMatch(/^Ksh\s500\.00$/);
    expect(value(group, economicsWords.pricePerTray)).toBe('—');
    expect(value(group, economicsWords.marginPerTray)).toBe('—');
  });

  it('shows nothing for a broiler batch or a flock the answer does not list', async () => {
    const requests = renderTrays(9);
    await waitFor(() => expect(requests.some((r) => r.path === '/economics')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(w.trayIn(2026))).not.toBeInTheDocument();
  });
});
