import { flockStatusUpdatedMessage } from '@kuku/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/fetch-mock';
import { makeFlock } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { signedInAs } from '../../../test/signed-in';
import { FlockStatusCard } from './flock-status-card';

describe('FlockStatusCard', () => {
  it('brings a flock moved off Active back to it, saved at once', async () => {
    const requests = mockApi({ ...signedInAs(), 'PUT /flocks/7': { body: makeFlock({ status: 'active' }) } });
    renderWithProviders(<FlockStatusCard flock={makeFlock({ status: 'mature' })} />);
    const select = screen.getByLabelText('Flock Status');
    expect(select).toHaveValue('mature');
    await userEvent.setup().selectOptions(select, 'Active');
    await waitFor(() => expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ status: 'active' }));
    expect(await screen.findByText(flockStatusUpdatedMessage('active'))).toBeInTheDocument();
  });
});
