import { authMessages } from '@kuku/domain';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiError, mockApi } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { RegisterForm } from './register-form';

async function fillForm(values: { username: string; email: string; password: string; confirm: string }) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Username'), values.username);
  await user.type(screen.getByLabelText('Email'), values.email);
  await user.type(screen.getByLabelText('Password'), values.password);
  await user.type(screen.getByLabelText('Confirm Password'), values.confirm);
  await user.click(screen.getByRole('button', { name: 'Register' }));
}

describe('RegisterForm', () => {
  it('says the passwords do not match and sends nothing', async () => {
    const requests = mockApi({});
    renderWithProviders(<RegisterForm onRegistered={vi.fn()} onLogin={vi.fn()} />);

    await fillForm({ username: 'jane', email: 'jane@example.com', password: 'secret-123', confirm: 'secret-124' });

    expect(await screen.findByText(authMessages.passwordsDoNotMatch)).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it('puts a 409 answer on the taken field', async () => {
    mockApi({
      'POST /auth/register': apiError(409, 'conflict', authMessages.usernameTaken, {
        fields: { username: authMessages.usernameTaken },
      }),
    });
    const onRegistered = vi.fn();
    renderWithProviders(<RegisterForm onRegistered={onRegistered} onLogin={vi.fn()} />);

    await fillForm({ username: 'jane', email: 'jane@example.com', password: 'secret-123', confirm: 'secret-123' });

    const username = screen.getByLabelText('Username');
    expect(await screen.findByText(authMessages.usernameTaken)).toBeInTheDocument();
    expect(username).toHaveAttribute('aria-invalid', 'true');
    expect(onRegistered).not.toHaveBeenCalled();
  });

  it('sends username, email and password, then hands over the email (and the password, to sign in once verified)', async () => {
    const requests = mockApi({
      'POST /auth/register': { status: 201, body: { message: authMessages.registered, email: 'jane@example.com' } },
    });
    const onRegistered = vi.fn();
    renderWithProviders(<RegisterForm onRegistered={onRegistered} onLogin={vi.fn()} />);

    await fillForm({ username: 'jane', email: 'Jane@Example.com ', password: 'secret-123', confirm: 'secret-123' });

    await vi.waitFor(() => expect(onRegistered).toHaveBeenCalledWith('jane@example.com', authMessages.registered, 'secret-123'));
    expect(requests[0]?.body).toEqual({ username: 'jane', email: 'jane@example.com', password: 'secret-123' });
    expect(requests[0]?.headers.has('Authorization')).toBe(false);
  });
});
