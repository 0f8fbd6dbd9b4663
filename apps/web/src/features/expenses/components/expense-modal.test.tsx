import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CLIENT_RECORD_HEADERS, EXPENSE_POPUP_MS, expenseMessages as m, moneyMessages, type Expense } from '@kuku/domain';
import { describe, expect, it, vi } from 'vitest';
import { currentUserKey } from '../../../lib/current-user';
import { apiError, mockApi } from '../../../test/fetch-mock';
import { makeFlock, makeUser } from '../../../test/fixtures';
import { createTestQueryClient, renderWithProviders } from '../../../test/render';
import { farmDayFrom, farmMonthFrom, farmToday, makeExpense } from '../expense-fixtures';
import { ExpenseModal, validateExpense } from './expense-modal';
import { expenseNotices } from './expense-toasts';

interface Props {
  expense?: Expense;
  onClose?: () => void;
  flocks?: ReturnType<typeof makeFlock>[];
}

function renderModal(props: Props = {}) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(currentUserKey, makeUser());
  return renderWithProviders(
    <ExpenseModal
      opened
      onClose={props.onClose ?? (() => {})}
      flocks={props.flocks ?? [makeFlock(), makeFlock({ id: 8, name: 'Shamba B' })]}
      expense={props.expense}
      today={farmToday()}
      notices={expenseNotices}
    />,
    { queryClient },
  );
}

const field = (name: RegExp) => screen.getByRole('textbox', { name });
const select = (name: RegExp) => screen.getByRole('combobox', { name });
const dateInput = () => screen.getByLabelText(/^Date/);
const setDate = (value: string) => fireEvent.change(dateInput(), { target: { value } });

async function fillExpense(user: ReturnType<typeof userEvent.setup>) {
  await user.selectOptions(select(/^Flock/), '8');
  await user.type(field(/^Description/), 'Newcastle vaccine');
  await user.type(field(/^Amount/), '1,200.50');
  await user.selectOptions(select(/^Category/), 'Vet');
}

describe('ExpenseModal', () => {
  it('shows the validation error and each field’s message on an empty submit, and sends nothing', async () => {
    const requests = mockApi({});
    const user = userEvent.setup();
    renderModal();

    expect(screen.getByRole('dialog', { name: m.newExpense })).toBeInTheDocument();
    // Today, the latest day allowed, is the start; the picker offers six months back to today.
    expect(dateInput()).toHaveValue(farmToday());
    expect(dateInput()).toHaveAttribute('max', farmToday());
    expect(dateInput()).toHaveAttribute('min', `${farmMonthFrom(-6).slice(0, 7)}-01`);

    await user.click(screen.getByRole('button', { name: m.saveExpense }));
    expect(await screen.findByRole('alert')).toHaveTextContent(m.formInvalid);
    expect(screen.getByText(m.selectFlock)).toBeInTheDocument();
    expect(screen.getByText(m.descriptionRequired)).toBeInTheDocument();
    expect(screen.getByText(moneyMessages.amountRequired)).toBeInTheDocument();
    expect(screen.getByText(m.selectCategory)).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it('refuses a date in the future or 7 months back with the productâs words, and an amount of 0', async () => {
    mockApi({});
    const user = userEvent.setup();
    renderModal();
    await fillExpense(user);

    setDate(farmDayFrom(1));
    await user.click(screen.getByRole('button', { name: m.saveExpense }));
    expect(await screen.findByText(m.dateOutsideWindow)).toBeInTheDocument();
    expect(dateInput()).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent(m.formInvalid);

    setDate(farmMonthFrom(-7));
    await user.click(screen.getByRole('button', { name: m.saveExpense }));
    expect(await screen.findByText(m.dateOutsideWindow)).toBeInTheDocument();

    setDate(farmToday());
    await user.clear(field(/^Amount/));
    await user.type(field(/^Amount/), '0');
    await user.click(screen.getByRole('button', { name: m.saveExpense }));
    expect(await screen.findByText(moneyMessages.amountNotPositive)).toBeInTheDocument();
  });

  it('sends the expense at noon UTC under a record id made on the phone, then shows the popup for 3 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let answer: (expense: Expense) => void = () => {};
    const requests = mockApi({
      'POST /expenses': () => new Promise((resolve) => (answer = (expense) => resolve({ status: 201, body: expense }))),
    });
    const onClose = vi.fn();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderModal({ onClose });

    await fillExpense(user);
    await user.click(screen.getByRole('button', { name: m.saveExpense }));
    expect(await screen.findByRole('button', { name: m.saving })).toBeDisabled();
    const posts = () => requests.filter((r) => r.method === 'POST');
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]?.headers.get(CLIENT_RECORD_HEADERS.id)).toMatch(/^[0-9a-f-]{36}$/);
    expect(posts()[0]?.body).toEqual({
      flock_id: 8,
      date: `${farmToday()}T12:00:00.000Z`,
      description: 'Newcastle vaccine',
      amount: 1200.5,
      category: 'Vet',
    });

    await act(async () => answer(makeExpense({ description: 'Newcastle vaccine', category: 'Vet', amount_cents: 120_050, flock_name: 'Shamba B' })));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(await screen.findByText(m.added)).toBeInTheDocument();
    expect(screen.getByText(/^Vet · Newcastle vaccine, Ksh\s1,200\.50 \(Shamba B\)$/)).toBeInTheDocument();

    await act(async () => vi.advanceTimersByTime(EXPENSE_POPUP_MS - 500));
    expect(screen.getByText(m.added)).toBeInTheDocument();
    await act(async () => vi.advanceTimersByTime(1500));
    await waitFor(() => expect(screen.queryByText(m.added)).not.toBeInTheDocument());
    vi.useRealTimers();
  });

  it('says an add failed with the productâs title and words', async () => {
    // A refusal the form cannot put on a field; the server's trouble (5xx) keeps the expense on the phone instead.
    mockApi({ 'POST /expenses': apiError(403, 'forbidden', 'You do not have permission.') });
    const user = userEvent.setup();
    renderModal();

    await fillExpense(user);
    await user.click(screen.getByRole('button', { name: m.saveExpense }));
    expect(await screen.findByText(m.errorTitle)).toBeInTheDocument();
    expect(screen.getByText(new RegExp(`^${m.failedToAdd.replace(/[.]/g, '\\.')}`))).toBeInTheDocument();
  });

  it("puts the server's field messages on the fields", async () => {
    mockApi({ 'POST /expenses': apiError(400, 'validation', 'Invalid input.', { fields: { date: m.dateOutsideWindow } }) });
    const user = userEvent.setup();
    renderModal();

    await fillExpense(user);
    await user.click(screen.getByRole('button', { name: m.saveExpense }));
    expect(await screen.findByText(m.dateOutsideWindow)).toBeInTheDocument();
  });

  it('edits the date, description, amount and category of an expense, its flock kept', async () => {
    const expense = makeExpense({ date: farmDayFrom(-1) });
    const requests = mockApi({ 'PUT /expenses/41': (request) => ({ body: { ...expense, amount_cents: 400_000, ...(request.body as object) } }) });
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderModal({ expense, onClose });

    expect(screen.getByRole('dialog', { name: m.editExpense })).toBeInTheDocument();
    expect(select(/^Flock/)).toHaveValue('7');
    expect(select(/^Flock/)).toBeDisabled();
    expect(field(/^Amount/)).toHaveValue('3500.00');

    await user.click(screen.getByRole('button', { name: m.updateExpense }));
    expect(await screen.findByText(m.nothingToUpdate)).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(0);

    await user.clear(field(/^Amount/));
    await user.type(field(/^Amount/), '4000');
    await user.click(screen.getByRole('button', { name: m.updateExpense }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({
      date: `${farmDayFrom(-1)}T12:00:00.000Z`,
      description: 'Layers mash 70 kg',
      amount: 4000,
      category: 'Feed',
    });
    expect(await screen.findByText(m.updated)).toBeInTheDocument();
  });

  it('lets an old expense keep its date outside the window', () => {
    const old = farmMonthFrom(-8);
    const values = { flockId: '7', date: old, description: 'Old feed', amount: '100', category: 'Feed' as const };
    expect(validateExpense(values, farmToday(), false).body).toBeDefined();
    expect(validateExpense(values, farmToday(), true).errors.date).toBe(m.dateOutsideWindow);
  });

  it('says an update failed with the productâs title and words', async () => {
    mockApi({ 'PUT /expenses/41': apiError(422, 'rule_broken', 'Something went wrong.') });
    const user = userEvent.setup();
    renderModal({ expense: makeExpense() });

    await user.clear(field(/^Description/));
    await user.type(field(/^Description/), 'Layers mash 50 kg');
    await user.click(screen.getByRole('button', { name: m.updateExpense }));
    expect(await screen.findByText(m.errorUpdatingTitle)).toBeInTheDocument();
    expect(screen.getByText(new RegExp(`^${m.errorUpdating.replace(/[.]/g, '\\.')}`))).toBeInTheDocument();
  });

  it('points a farm without flocks to the flock screen', () => {
    mockApi({});
    renderModal({ flocks: [] });
    expect(screen.getByRole('link', { name: m.addFlock })).toHaveAttribute('href', '/bird-management');
  });
});
