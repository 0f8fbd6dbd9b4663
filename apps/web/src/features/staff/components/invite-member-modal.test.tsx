import { roleDescriptions, staffMessages as m } from '@kuku/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiError, mockApi } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { makeMember } from '../staff-fixtures';
import { InviteMemberModal } from './invite-member-modal';

function renderModal() {
  const onClose = vi.fn();
  renderWithProviders(<InviteMemberModal opened onClose={onClose} />);
  return { onClose, dialog: screen.getByRole('dialog', { name: m.addMember }) };
}

describe('InviteMemberModal', () => {
  it('offers the three roles with what each may do, and checks the fields before sending', async () => {
    const requests = mockApi({});
    const user = userEvent.setup();
    const { dialog } = renderModal();

    for (const role of ['Manager', 'Worker', 'Auditor']) expect(within(dialog).getByRole('radio', { name: role })).not.toBeChecked();
    expect(dialog).toHaveTextContent(roleDescriptions.worker);
    await user.type(within(dialog).getByRole('textbox', { name: m.username }), 'no spaces');
    await user.type(within(dialog).getByRole('textbox', { name: m.email }), 'not-an-email');
    await user.click(within(dialog).getByRole('button', { name: m.invite }));

    expect(await within(dialog).findByText(m.roleRequired)).toBeInTheDocument();
    expect(within(dialog).getByText('Username may only contain letters, digits and _.')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter a valid email address.')).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it('sends the invitation, says so and closes', async () => {
    const requests = mockApi({ 'POST /staff': { status: 201, body: makeMember({ status: 'invited', email: 'otieno@example.com' }) } });
    const user = userEvent.setup();
    const { dialog, onClose } = renderModal();

    await user.type(within(dialog).getByRole('textbox', { name: m.username }), 'otieno');
    await user.type(within(dialog).getByRole('textbox', { name: m.email }), ' Otieno@Example.com ');
    await user.click(within(dialog).getByRole('radio', { name: 'Worker' }));
    await user.click(within(dialog).getByRole('button', { name: m.invite }));

    expect(await screen.findByText(m.invitationSent('otieno@example.com'))).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    expect(requests[0]?.body).toEqual({ username: 'otieno', email: 'otieno@example.com', role: 'worker' });
    expect(requests[0]?.headers.get('Idempotency-Key')).toBeTruthy();
  });

  it('shows the server’s refusal on the field it is about', async () => {
    mockApi({ 'POST /staff': apiError(409, 'conflict', m.otherFarm, { fields: { email: m.otherFarm } }) });
    const user = userEvent.setup();
    const { dialog, onClose } = renderModal();

    await user.type(within(dialog).getByRole('textbox', { name: m.username }), 'otieno');
    await user.type(within(dialog).getByRole('textbox', { name: m.email }), 'otieno@example.com');
    await user.click(within(dialog).getByRole('radio', { name: 'Auditor' }));
    await user.click(within(dialog).getByRole('button', { name: m.invite }));

    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: m.email })).toHaveAccessibleDescription(m.otherFarm));
    expect(onClose).not.toHaveBeenCalled();
  });
});
