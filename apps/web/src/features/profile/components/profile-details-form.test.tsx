import { emailCodeSentMessage, failedToUpdateProfile, profileMessages } from '@kuku/domain';
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

  it('asks for the current password only when the email changes, then a code, and shows the new email once confirmed', async () => {
    const current = makeUser();
    const changed = makeUser({ email: 'june@example.com' });
    const requests = mockApi({
      'PUT /auth/update-profile': { body: { message: emailCodeSentMessage('june@example.com'), user: current, pending_email: 'june@example.com' } },
      'POST /auth/confirm-email-change': { body: { message: profileMessages.emailChanged, user: changed } },
    });
    const { queryClient } = renderWithProviders(<ProfileDetailsForm user={current} />);
    const user = userEvent.setup();

    expect(screen.queryByLabelText(profileMessages.currentPasswordForEmail)).not.toBeInTheDocument();
    const email = screen.getByLabelText('Email');
    await user.clear(email);
    await user.type(email, 'june@example.com');
    // Without the password nothing is sent.
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(profileMessages.enterCurrentPassword)).toBeInTheDocument();
    expect(requests).toHaveLength(0);

    await user.type(screen.getByLabelText(profileMessages.currentPasswordForEmail), 'my password 1');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(emailCodeSentMessage('june@example.com'))).toBeInTheDocument();
    expect(requests[0]?.body).toEqual({ username: 'jane', email: 'june@example.com', phone_number: '254712345678', password: 'my password 1' });
    // The email stays the old one until the code is entered.
    expect(screen.getByLabelText('Email')).toHaveValue('jane@example.com');

    await user.type(screen.getByLabelText(profileMessages.codeFieldLabel), '123456');
    await user.click(screen.getByRole('button', { name: profileMessages.confirmEmail }));
    expect(await screen.findByText(profileMessages.emailChanged)).toBeInTheDocument();
    expect(requests[1]?.body).toEqual({ otp: '123456' });
    expect(screen.getByLabelText('Email')).toHaveValue('june@example.com');
    expect(screen.queryByLabelText(profileMessages.codeFieldLabel)).not.toBeInTheDocument();
    expect(queryClient.getQueryData(currentUserKey)).toEqual(changed);
  });

  it('tells an account without a password to sign in with Google again, and sends no password', async () => {
    const requests = mockApi({
      'PUT /auth/update-profile': apiError(400, 'invalid', profileMessages.signInAgainForEmail, {
        fields: { email: profileMessages.signInAgainForEmail },
      }),
    });
    renderWithProviders(<ProfileDetailsForm user={makeUser({ has_password: false })} />);
    const user = userEvent.setup();
    const email = screen.getByLabelText('Email');
    await user.clear(email);
    await user.type(email, 'june@example.com');
    expect(screen.getByText(profileMessages.googleEmailNote)).toBeInTheDocument();
    expect(screen.queryByLabelText(profileMessages.currentPasswordForEmail)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(profileMessages.signInAgainForEmail)).toBeInTheDocument();
    expect(requests[0]?.body).toEqual({ username: 'jane', email: 'june@example.com', phone_number: '254712345678' });
  });
});
