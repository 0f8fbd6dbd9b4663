import { contactMessages as m } from '@kuku/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, mockApi, type MockAnswer } from '../../../test/fetch-mock';
import { makeUser } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { ContactForm } from './contact-form';

const nameInput = () => screen.getByRole('textbox', { name: /^Name/ });
const emailInput = () => screen.getByRole('textbox', { name: /^Email/ });
const messageInput = () => screen.getByRole('textbox', { name: /^Message/ });
const sent: MockAnswer = { body: { success: true, message: m.sent } };


describe('ContactForm', () => {
  it('prefills the name and email from the account, the message empty', () => {
    mockApi({});
    renderWithProviders(<ContactForm user={makeUser()} />);

    expect(nameInput()).toHaveValue('jane');
    expect(emailInput()).toHaveValue('jane@example.com');
    expect(messageInput()).toHaveValue('');
    expect(screen.getByRole('button', { name: m.send })).toBeEnabled();
  });

  it('says what is required and sends nothing', async () => {
    const requests = mockApi({});
    const user = userEvent.setup();
    renderWithProviders(<ContactForm user={undefined} />);

    await user.click(screen.getByRole('button', { name: m.send }));

    expect(await screen.findByText(m.nameRequired)).toBeInTheDocument();
    expect(screen.getByText(m.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(m.messageRequired)).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it('checks the email format', async () => {
    const requests = mockApi({});
    const user = userEvent.setup();
    renderWithProviders(<ContactForm user={makeUser()} />);

    await user.clear(emailInput());
    await user.type(emailInput(), 'jane-at-example');
    await user.type(messageInput(), 'Hello');
    await user.click(screen.getByRole('button', { name: m.send }));

    expect(await screen.findByText(m.emailInvalid)).toBeInTheDocument();
    expect(emailInput()).toHaveAccessibleDescription(m.emailInvalid);
    expect(requests).toHaveLength(0);
  });

  it('sends name, email and message, reads Sending... meanwhile, then says it was sent and clears the message', async () => {
    let answer: (value: MockAnswer) => void = () => undefined;
    const requests = mockApi({ 'POST /contact': () => new Promise<MockAnswer>((resolve) => (answer = resolve)) });
    const user = userEvent.setup();
    renderWithProviders(<ContactForm user={makeUser()} />);

    await user.type(messageInput(), '  My layers stopped laying.  ');
    await user.click(screen.getByRole('button', { name: m.send }));

    expect(await screen.findByRole('button', { name: m.sending })).toBeDisabled();
    answer(sent);

    expect(await screen.findByText(m.sent)).toBeInTheDocument();
    expect(requests).toHaveLength(1);
    expect(requests[0]?.body).toEqual({ name: 'jane', email: 'jane@example.com', message: 'My layers stopped laying.' });
    expect(requests[0]?.headers.get('Idempotency-Key')).toBeTruthy();
    expect(messageInput()).toHaveValue('');
    expect(nameInput()).toHaveValue('jane');
    expect(screen.getByRole('button', { name: m.send })).toBeEnabled();
  });

  it('shows the failure text when the send fails', async () => {
    mockApi({ 'POST /contact': apiError(500, 'internal', 'Internal error') });
    const user = userEvent.setup();
    renderWithProviders(<ContactForm user={makeUser()} />);

    await user.type(messageInput(), 'Hello');
    await user.click(screen.getByRole('button', { name: m.send }));

    expect(await screen.findByText(m.failed)).toBeInTheDocument();
    expect(screen.queryByText(m.sent)).not.toBeInTheDocument();
    expect(messageInput()).toHaveValue('Hello');
  });

  it('says to wait after too many messages (429)', async () => {
    mockApi({ 'POST /contact': apiError(429, 'rate_limited', m.tooMany) });
    const user = userEvent.setup();
    renderWithProviders(<ContactForm user={makeUser()} />);

    await user.type(messageInput(), 'Hello');
    await user.click(screen.getByRole('button', { name: m.send }));

    expect(await screen.findByText(m.tooMany)).toBeInTheDocument();
    expect(screen.queryByText(m.failed)).not.toBeInTheDocument();
  });

  it("puts the server's field messages on the inputs", async () => {
    mockApi({
      'POST /contact': apiError(400, 'validation', 'Invalid input', { fields: { email: m.emailInvalid, message: m.messageTooLong } }),
    });
    const user = userEvent.setup();
    renderWithProviders(<ContactForm user={makeUser()} />);

    await user.type(messageInput(), 'Hello');
    await user.click(screen.getByRole('button', { name: m.send }));

    await waitFor(() => expect(emailInput()).toHaveAccessibleDescription(m.emailInvalid));
    expect(messageInput()).toHaveAccessibleDescription(m.messageTooLong);
    expect(screen.queryByText(m.failed)).not.toBeInTheDocument();
  });
});
