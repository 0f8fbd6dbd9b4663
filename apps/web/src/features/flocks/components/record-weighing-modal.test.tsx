import { dayIn, weighingMessages as m } from '@kuku/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiError, mockApi } from '../../../test/fetch-mock';
import { makeWeighing } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { queryClientAs } from '../../../test/signed-in';
import { RecordWeighingModal } from './record-weighing-modal';

const flock = { id: 7, name: 'Batch 3', bird_count: 950 };
const today = dayIn(new Date(), 'Africa/Nairobi');

function renderDialog(routes: Parameters<typeof mockApi>[0] = {}) {
  const onClose = vi.fn();
  const requests = mockApi(routes);
  renderWithProviders(<RecordWeighingModal opened flock={flock} firstDay="2025-06-01" onClose={onClose} />, { queryClient: queryClientAs('worker') });
  return { requests, onClose };
}

const field = (label: string) => screen.getByRole('textbox', { name: new RegExp(`^${label.replace(/[()]/g, '\\$&')}`) });

describe('RecordWeighingModal', () => {
  it('starts at the farm’s today, shows the average before saving, then saves the weighing', async () => {
    const user = userEvent.setup();
    const { requests, onClose } = renderDialog({ 'POST /flocks/7/weighings': { status: 201, body: makeWeighing({ date: today }) } });
    expect(await screen.findByRole('dialog', { name: m.recordWeighing })).toBeInTheDocument();
    expect(screen.getByLabelText(new RegExp(`^${m.dateLabel}`))).toHaveValue(today);
    await user.type(field(m.birdsWeighed), '20');
    await user.type(field(m.totalWeight), '42.1');
    expect(screen.getByText(m.averageOf('2.105'))).toHaveAttribute('role', 'status');
    await user.click(screen.getByRole('button', { name: m.save }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const post = requests.find((r) => r.method === 'POST');
    expect(post?.body).toEqual({ date: today, birds: 20, total_kg: 42.1 });
    expect(post?.headers.get('Idempotency-Key')).toBeTruthy();
    expect(await screen.findByText(m.saved)).toBeInTheDocument();
  });

  it('says what is wrong before sending: missing fields, more birds than the flock, an average out of range', async () => {
    const user = userEvent.setup();
    const { requests } = renderDialog();
    await screen.findByRole('dialog', { name: m.recordWeighing });
    await user.click(screen.getByRole('button', { name: m.save }));
    expect(screen.getByText(m.birdsRequired)).toBeInTheDocument();
    expect(screen.getByText(m.weightRequired)).toBeInTheDocument();
    await user.type(field(m.birdsWeighed), '1000');
    await user.type(field(m.totalWeight), '2000');
    await user.click(screen.getByRole('button', { name: m.save }));
    expect(screen.getByText(m.birdsPastFlock(950))).toBeInTheDocument();
    await user.clear(field(m.birdsWeighed));
    await user.type(field(m.birdsWeighed), '10');
    await user.click(screen.getByRole('button', { name: m.save }));
    expect(screen.getByText(m.averageOutOfRange)).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('shows the server’s refusals on their fields, and an archived flock in the dialog', async () => {
    const user = userEvent.setup();
    let answer = apiError(400, 'validation_error', 'Invalid', { fields: { total_kg: m.averageOutOfRange } });
    renderDialog({ 'POST /flocks/7/weighings': () => answer });
    await screen.findByRole('dialog', { name: m.recordWeighing });
    await user.type(field(m.birdsWeighed), '20');
    await user.type(field(m.totalWeight), '42');
    await user.click(screen.getByRole('button', { name: m.save }));
    expect(await screen.findByText(m.averageOutOfRange)).toBeInTheDocument();
    answer = apiError(422, 'flock_archived', m.flockArchived);
    await user.type(field(m.totalWeight), '.5');
    await user.click(screen.getByRole('button', { name: m.save }));
    expect(await screen.findByRole('alert')).toHaveTextContent(m.flockArchived);
  });
});
