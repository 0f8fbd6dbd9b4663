import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/fetch-mock';
import { makeFlock } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { queryClientAs } from '../../../test/signed-in';
import { FlocksPage } from './flocks-page';

const flocks = { body: { items: [makeFlock()], total: 1, page: 1, pageSize: 10 } };

describe('FlocksPage', () => {
  it('offers Add Flock to an owner', async () => {
    mockApi({ 'GET /flocks': flocks });
    renderWithProviders(<FlocksPage />, { queryClient: queryClientAs('owner'), route: '/bird-management' });

    expect(await screen.findByText('Shamba A')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Flock' })).toBeInTheDocument();
  });

  it.each(['auditor', 'worker'] as const)('shows a %s the flocks with no Add Flock', async (role) => {
    mockApi({ 'GET /flocks': flocks });
    renderWithProviders(<FlocksPage />, { queryClient: queryClientAs(role), route: '/bird-management' });

    expect(await screen.findByText('Shamba A')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'View Details of Shamba A' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Flock' })).not.toBeInTheDocument();
  });
});
