import { authMessages, staffMessages as m } from '@kuku/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getToken } from '../../../lib/session';
import { apiError, mockApi } from '../../../test/fetch-mock';
import { makeUser } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

const route = '/auth?invitation=1&email=otieno%40example.com';

async function fill(user: ReturnType<typeof userEvent.setup>, confirm = 'farm pass 123') {
  await user.click(await screen.findByLabelText('OTP digit 1 of 6'));
  await user.keyboard('123456');
  await user.type(screen.getByLabelText(m.newPassword, { selector: 'input' }), 'farm pass 123');
  await user.type(screen.getByLabelText(m.confirmPassword, { selector: 'input' }), confirm);
  await user.click(screen.getByRole('button', { name: m.accept }));
}

describe('/auth?invitation (AcceptInvitationView)', () => {
  it('asks the invitee for the code and a password typed twice, then signs them in and goes home', async () => {
    const requests = mockApi({
      'POST /auth/accept-invitation': { body: { token: 'tok-new', user: makeUser({ username: 'otieno', role: 'worker' }) } },
    });
    const user = userEvent.setup();
    const { router } = renderApp({ route });

    expect(await screen.findByRole('heading', { level: 1, name: m.acceptTitle })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: m.email })).toHaveValue('otieno@example.com');
    await fill(user, 'another pass');
    expect(await screen.findByText(authMessages.passwordsDoNotMatch)).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);

    await user.clear(screen.getByLabelText(m.confirmPassword, { selector: 'input' }));
    await user.type(screen.getByLabelText(m.confirmPassword, { selector: 'input' }), 'farm pass 123');
    await user.click(screen.getByRole('button', { name: m.accept }));

    expect(await screen.findByText(m.accepted)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(getToken()).toBe('tok-new');
    const post = requests.find((r) => r.method === 'POST');
    expect(post?.body).toEqual({ email: 'otieno@example.com', otp: '123456', new_password: 'farm pass 123' });
    expect(post?.headers.get('Authorization')).toBeNull();
    expect(await screen.findByRole('heading', { level: 1, name: /, otieno$/ })).toBeInTheDocument();
  });

  it('shows a refused code in the server’s words and stays', async () => {
    mockApi({ 'POST /auth/accept-invitation': apiError(400, 'validation', m.invitationInvalid) });
    const user = userEvent.setup();
    const { router } = renderApp({ route });

    await fill(user);
    expect((await screen.findAllByText(m.invitationInvalid)).length).toBeGreaterThan(0);
    expect(router.state.location.pathname).toBe('/auth');
    expect(getToken()).toBeNull();
  });
});
