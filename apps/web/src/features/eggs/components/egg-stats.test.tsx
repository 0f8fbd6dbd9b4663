import type { EggStats } from '@kuku/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { AdjustmentSummary, EggStatsCards, LayingRateByFlock } from './egg-stats';

const stats: EggStats = {
  month: '2026-03',
  eggs_this_month: 1265,
  trays_this_month: 42,
  remainder_eggs_this_month: 5,
  production_days: 5,
  average_per_day: 253,
  average_trays_per_day: 8.4,
  adjusted_eggs_this_month: 75,
  egg_sale_crates_this_month: 0,
  available_stock: 1190,
  available_stock_trays: 39,
  available_stock_remainder: 20,
  laying_rate: 84.3,
  flocks: [{ flock_id: 7, flock_name: 'Shamba A', birds: 300, eggs: 1265, days: 5, laying_rate: 84.3 }],
  adjustments: { giveaway: 10, breakage: 60, consumption: 5 },
};

describe('egg statistics', () => {
  it('shows what the server counted, eggs also as trays', () => {
    renderWithProviders(
      <>
        <EggStatsCards stats={stats} />
        <LayingRateByFlock stats={stats} />
        <AdjustmentSummary stats={stats} />
      </>,
    );
    expect(screen.getByRole('heading', { name: /Egg Production Statistics/ })).toHaveTextContent('March 2026');
    const card = (name: string) => screen.getByRole('group', { name });
    expect(card('Eggs this month')).toHaveTextContent('1,265');
    expect(card('Eggs this month')).toHaveTextContent('42 trays + 5 eggs');
    expect(card('Production days')).toHaveTextContent('5');
    expect(card('Average per day')).toHaveTextContent('253');
    expect(card('Average trays per day')).toHaveTextContent('8.4');
    expect(card('Available egg stock')).toHaveTextContent('1,190');
    expect(card('Available egg stock')).toHaveTextContent('39 trays + 20 eggs');
    expect(card('Laying rate')).toHaveTextContent('84.3%');

    const row = within(screen.getByRole('table', { name: 'Laying Rate by Flock' })).getByText('Shamba A').closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('Shamba A3001,265584.3%');

    expect(card('Breakage')).toHaveTextContent('60 eggs');
    expect(card('Breakage')).toHaveTextContent('2 trays + 0 eggs');
    expect(card('Giveaway')).toHaveTextContent('10 eggs');
    expect(card('Consumption')).toHaveTextContent('5 eggs');
    expect(card('Total adjusted')).toHaveTextContent('75 eggs');
  });

  it('holds the places while loading and says when no flock laid', () => {
    renderWithProviders(
      <>
        <EggStatsCards stats={undefined} />
        <LayingRateByFlock stats={{ ...stats, flocks: [], laying_rate: null }} />
      </>,
    );
    expect(screen.getByRole('group', { name: 'Eggs this month' })).toBeInTheDocument();
    expect(screen.getByText('No production recorded this month.')).toBeInTheDocument();
  });
});
