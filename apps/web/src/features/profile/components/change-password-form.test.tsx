import { profileMessages } from '@kuku/domain';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, mockApi } from '../../../test/fetch-mock';
import { makeUser } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { ChangePasswordForm } from './change-password-form';

async function submit(current: string, next: string, confirm: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Current Password'), current);
  await user.type(screen.getByLabelText('New Password'), next);
  await user.type(screen.getByLabelText('Confirm New Password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Change Password' }));
}

describe('ChangePasswordForm', () => {
  it('says the new passwords do not match and sends nothing', async () => {
    const requests = mockApi({});
    renderWithProviders(<ChangePasswordForm />);

    await submit('old-secret', 'new-secret-1', 'new-secret-2');

    expect(await screen.findByText(profileMessages.newPasswordsDoNotMatch)).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it('sends password and newPassword only', async () => {
    const requests = mockApi({
      'PUT /auth/update-profile': { body: { message: profileMessages.passwordChanged, user: makeUser() } },
    });
    renderWithProviders(<ChangePasswordForm />);

    await submit('old-secret', 'new-secret-1', 'new-secret-1');

    expect(await screen.findByText(profileMessages.passwordChanged)).toBeInTheDocument();
    expect(requests[0]?.body).toEqual({ password: 'old-secret', newPassword: 'new-secret-1' });
  });

  it('marks a wrong current password on its input', async () => {
    mockApi({
      'PUT /auth/update-profile': apiError(400, 'validation', profileMessages.wrongCurrentPassword, {
        fields: { password: profileMessages.wrongCurrentPassword },
      }),
    });
    renderWithProviders(<ChangePasswordForm />);

    await submit('not-it-at-all', 'new-secret-1', 'new-secret-1');

    expect(await screen.findByText(profileMessages.failedToChangePassword)).toBeInTheDocument();
    expect(screen.getByLabelText('Current Password')).toHaveAccessibleDescription(profileMessages.wrongCurrentPassword);
  });
});
