import { failedToUpdateProfile, profileMessages } from '@kuku/domain';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { currentUserKey } from '../../../lib/current-user';
import { apiError, mockApi } from '../../../test/fetch-mock';
import { makeUser } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { ProfileDetailsForm } from './profile-details-form';

describe('ProfileDetailsForm', () => {
  it('shows the stored phone as +254 in groups of three', () => {
    mockApi({});
    renderWithProviders(<ProfileDetailsForm user={makeUser({ phone_number: '254712345678' })} />);
    expect(screen.getByLabelText('Phone Number')).toHaveValue('+254 712 345 678');
  });

  it('formats a typed 07… number and sends it as 254 digits', async () => {
    const updated = makeUser({ phone_number: '254722000111' });
    const requests = mockApi({
      'PUT /auth/update-profile': { body: { message: profileMessages.updated, user: updated } },
    });
    const { queryClient } = renderWithProviders(<ProfileDetailsForm user={makeUser({ phone_number: null })} />);
    const user = userEvent.setup();
    const phone = screen.getByLabelText('Phone Number');

    await user.type(phone, '0722 000111');
    await user.tab();
    expect(phone).toHaveValue('+254 722 000 111');

    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(profileMessages.updated)).toBeInTheDocument();
    expect(requests[0]?.body).toEqual({ username: 'jane', email: 'jane@example.com', phone_number: '254722000111' });
    expect(queryClient.getQueryData(currentUserKey)).toEqual(updated);
  });

  it('rejects a phone number that is not Kenyan mobile length', async () => {
    const requests = mockApi({});
    renderWithProviders(<ProfileDetailsForm user={makeUser({ phone_number: null })} />);
    const user = userEvent.setup();

    await user.type(screen.getByLabelText('Phone Number'), '07123');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText(profileMessages.invalidPhone)).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it('says why the update failed', async () => {
    mockApi({
      'PUT /auth/update-profile': apiError(409, 'conflict', 'That username is already taken.', {
        fields: { username: 'That username is already taken.' },
      }),
    });
    renderWithProviders(<ProfileDetailsForm user={makeUser()} />);

    await userEvent.setup().click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText(failedToUpdateProfile('That username is already taken.'))).toBeInTheDocument();
    await vi.waitFor(() => expect(screen.getByLabelText('Username')).toHaveAttribute('aria-invalid', 'true'));
  });
});
