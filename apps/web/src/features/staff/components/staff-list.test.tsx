import { staffMessages as m } from '@kuku/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { currentUserKey } from '../../../lib/current-user';
import { apiError, mockApi } from '../../../test/fetch-mock';
import { makeUser } from '../../../test/fixtures';
import { createTestQueryClient, renderWithProviders } from '../../../test/render';
import { makeMember, ownerMember } from '../staff-fixtures';
import { StaffList } from './staff-list';

const worker = makeMember();
const invited = makeMember({ id: 3, username: 'wanjiku', email: 'wanjiku@example.com', role: 'auditor', status: 'invited', last_sign_in_at: null });
const row = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;

function renderList() {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(currentUserKey, makeUser());
  return renderWithProviders(<StaffList />, { queryClient });
}

describe('StaffList', () => {
  it('lists the owner first as You, each member with their role, an invited one badged, sign-ins in the farm’s time', async () => {
    mockApi({ 'GET /staff': { body: { items: [ownerMember, worker, invited] } } });
    renderList();

    const owner = await row('jane');
    expect(owner).toHaveTextContent(m.you);
    expect(owner).toHaveTextContent('Owner');
    expect(owner).toHaveTextContent(m.never);
    // The owner stays: no way to change or remove them.
    expect(within(owner).queryByRole('button')).not.toBeInTheDocument();
    expect(within(owner).queryByRole('combobox')).not.toBeInTheDocument();

    const joined = await row('otieno');
    expect(joined).toHaveTextContent('Worker');
    // 05:30 UTC is 08:30 in Nairobi.
    expect(joined).toHaveTextContent('23 Nov 2026 08:30');
    expect(joined).not.toHaveTextContent(m.invited);
    expect(within(joined).queryByRole('button', { name: `${m.resend}: otieno` })).not.toBeInTheDocument();

    const pending = await row('wanjiku');
    expect(pending).toHaveTextContent(m.invited);
    expect(pending).toHaveTextContent('Auditor');
    expect(within(pending).getByRole('button', { name: `${m.resend}: wanjiku` })).toBeInTheDocument();
    expect(screen.getByText(m.memberCount(3))).toBeInTheDocument();
    expect(screen.queryByText(m.empty)).not.toBeInTheDocument();
  });

  it('says no one else works on the farm when the owner is alone', async () => {
    mockApi({ 'GET /staff': { body: { items: [ownerMember] } } });
    renderList();
    expect(await screen.findByText(m.empty)).toBeInTheDocument();
  });

  it('changes a role at once and says so', async () => {
    const requests = mockApi({
      'GET /staff': { body: { items: [ownerMember, worker] } },
      'PUT /staff/2': { body: { ...worker, role: 'manager' } },
    });
    const user = userEvent.setup();
    renderList();

    await user.selectOptions(within(await row('otieno')).getByRole('combobox', { name: m.changeRoleOf('otieno') }), 'manager');
    expect(await screen.findByText(m.roleChanged('otieno', 'manager'))).toBeInTheDocument();
    const put = requests.find((r) => r.method === 'PUT');
    expect(put?.path).toBe('/staff/2');
    expect(put?.body).toEqual({ role: 'manager' });
  });

  it('removes a member only after the question, then says so', async () => {
    const requests = mockApi({
      'GET /staff': { body: { items: [ownerMember, worker] } },
      'DELETE /staff/2': { status: 204 },
    });
    const user = userEvent.setup();
    renderList();

    await user.click(within(await row('otieno')).getByRole('button', { name: `${m.remove} otieno` }));
    const dialog = await screen.findByRole('dialog', { name: m.remove });
    expect(dialog).toHaveTextContent(m.confirmRemove('otieno'));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);

    await user.click(within(await row('otieno')).getByRole('button', { name: `${m.remove} otieno` }));
    await user.click(within(await screen.findByRole('dialog', { name: m.remove })).getByRole('button', { name: m.remove }));
    expect(await screen.findByText(m.removed('otieno'))).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual(['/staff/2']);
  });

  it('sends an invited member a new code, and shows the server’s refusal', async () => {
    mockApi({
      'GET /staff': { body: { items: [ownerMember, invited] } },
      'POST /staff/3/resend': apiError(409, 'conflict', m.notInvited),
    });
    const user = userEvent.setup();
    renderList();

    await user.click(within(await row('wanjiku')).getByRole('button', { name: `${m.resend}: wanjiku` }));
    expect(await screen.findByText(m.notInvited)).toBeInTheDocument();
  });
});
