import { flockPageWords, type FlockStats } from '@kuku/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { FlockStatsCard } from './flock-stats-card';

const stats: FlockStats = {
  total_flocks: 3,
  total_birds: 17_803,
  by_status: { active: 1, growing: 1, chicks: 0, mature: 0, archived: 1 },
  mortality_rate: 1.25,
};

describe('FlockStatsCard', () => {
  it('says the birds counted leave archived flocks out, beside the counts by status', async () => {
    mockApi({ 'GET /flocks/stats': { body: stats } });
    renderWithProviders(<FlockStatsCard />);
    expect(await screen.findByText('17,803')).toBeInTheDocument();
    expect(screen.getByText(flockPageWords.totalBirdsNote)).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'Archived: 1' })).toBeInTheDocument();
    expect(screen.getByText('1.25%')).toBeInTheDocument();
  });
});
