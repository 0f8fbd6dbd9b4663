import { expenseMessages as m, type Budget } from '@kuku/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { currentUserKey } from '../../../lib/current-user';
import { apiError, mockApi } from '../../../test/fetch-mock';
import { makeFlock, makeUser } from '../../../test/fixtures';
import { createTestQueryClient, renderWithProviders } from '../../../test/render';
import { farmToday, makeBudget } from '../expense-fixtures';
import { BudgetAddModal, BudgetEditModal, type BudgetKey } from './budget-modals';
import { expenseNotices } from './expense-toasts';

const flocks = [makeFlock(), makeFlock({ id: 8, name: 'Shamba B' })];
const thisMonth = Number(farmToday().slice(5, 7));
const thisYear = Number(farmToday().slice(0, 4));

function renderAdd(props: { onClose?: () => void; onEditExisting?: (key: BudgetKey) => void } = {}) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(currentUserKey, makeUser());
  return renderWithProviders(
    <BudgetAddModal
      opened
      onClose={props.onClose ?? (() => {})}
      flocks={flocks}
      onEditExisting={props.onEditExisting ?? (() => {})}
      today={farmToday()}
      notices={expenseNotices}
    />,
    { queryClient },
  );
}

function renderEdit(props: { onClose?: () => void; initial?: BudgetKey; onAdd?: () => void } = {}) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(currentUserKey, makeUser());
  return renderWithProviders(
    <BudgetEditModal
      opened
      onClose={props.onClose ?? (() => {})}
      initial={props.initial ?? null}
      onAdd={props.onAdd ?? (() => {})}
      notices={expenseNotices}
    />,
    { queryClient },
  );
}

const field = (name: RegExp) => screen.getByRole('textbox', { name });
const select = (name: RegExp) => screen.getByRole('combobox', { name });
const budgetPage = (items: Budget[]) => ({ body: { items, total: items.length, page: 1, pageSize: 100 } });

describe('BudgetAddModal', () => {
  it("asks for a flock and an amount in the product's words, the month and year starting at this month", async () => {
    const requests = mockApi({});
    const user = userEvent.setup();
    renderAdd();

    expect(screen.getByRole('dialog', { name: m.addBudget })).toBeInTheDocument();
    expect(select(/^Month/)).toHaveValue(String(thisMonth));
    expect(field(/^Year/)).toHaveValue(String(thisYear));
    await user.click(screen.getByRole('button', { name: m.saveBudget }));
    expect(await screen.findByText(m.selectFlock)).toBeInTheDocument();
    expect(screen.getByText(m.amountInvalid)).toBeInTheDocument();

    await user.clear(field(/^Year/));
    await user.click(screen.getByRole('button', { name: m.saveBudget }));
    expect(await screen.findByText(m.yearRequired)).toBeInTheDocument();
    await user.type(field(/^Year/), '2022');
    await user.click(screen.getByRole('button', { name: m.saveBudget }));
    expect(await screen.findByText(m.yearTooEarly)).toBeInTheDocument();
    await user.clear(field(/^Year/));
    await user.type(field(/^Year/), String(thisYear + 2));
    await user.click(screen.getByRole('button', { name: m.saveBudget }));
    expect(await screen.findByText(m.yearTooFar)).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it('adds the budget, then says so', async () => {
    const requests = mockApi({ 'POST /budget': { status: 201, body: makeBudget({ flock_id: 8, flock_name: 'Shamba B' }) } });
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderAdd({ onClose });

    await user.selectOptions(select(/^Flock/), '8');
    await user.type(field(/^Budget amount/), '20,000');
    await user.click(screen.getByRole('button', { name: m.saveBudget }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const post = requests.find((r) => r.method === 'POST');
    expect(post?.body).toEqual({ flock_id: 8, amount: 20000, month: thisMonth, year: thisYear });
    expect(post?.headers.get('Idempotency-Key')).toBeTruthy();
    expect(await screen.findByText(m.budgetAdded)).toBeInTheDocument();
  });

  it('warns that the budget exists (409) and offers to edit it', async () => {
    mockApi({ 'POST /budget': apiError(409, 'conflict', m.budgetExists) });
    const onEditExisting = vi.fn();
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderAdd({ onEditExisting, onClose });

    await user.selectOptions(select(/^Flock/), '7');
    await user.type(field(/^Budget amount/), '5000');
    await user.click(screen.getByRole('button', { name: m.saveBudget }));
    const warning = await screen.findByRole('alert');
    expect(warning).toHaveTextContent(m.budgetExists);
    expect(onClose).not.toHaveBeenCalled();
    await user.click(within(warning).getByRole('button', { name: m.editBudget }));
    expect(onEditExisting).toHaveBeenCalledWith({ flock_id: 7, month: thisMonth, year: thisYear });
  });

  it('says an add failed', async () => {
    mockApi({ 'POST /budget': apiError(500, 'internal', 'Something went wrong.') });
    const user = userEvent.setup();
    renderAdd();

    await user.selectOptions(select(/^Flock/), '7');
    await user.type(field(/^Budget amount/), '5000');
    await user.click(screen.getByRole('button', { name: m.saveBudget }));
    expect(await screen.findByText(/^Failed to add budget\./)).toBeInTheDocument();
  });
});

describe('BudgetEditModal', () => {
  const shambaA = makeBudget();
  const shambaB = makeBudget({ id: 6, flock_id: 8, flock_name: 'Shamba B', amount_cents: 1_000_000 });

  it('offers the budgets of the edit window, asks for one, and updates its amount with its flock', async () => {
    const requests = mockApi({
      'GET /budget': budgetPage([shambaA, shambaB]),
      [`PUT /budget/${thisMonth}/${thisYear}`]: { body: { ...shambaB, amount_cents: 1_500_000 } },
    });
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderEdit({ onClose });

    const budget = await screen.findByRole('combobox', { name: /^Budget/ });
    expect(requests[0]?.query.get('editable')).toBe('true');
    expect(within(budget).getAllByRole('option')).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: m.updateBudget }));
    expect(await screen.findByText(m.selectBudget)).toBeInTheDocument();

    await user.selectOptions(budget, '6');
    expect(field(/^Budget amount/)).toHaveValue('10000.00');
    await user.clear(field(/^Budget amount/));
    await user.click(screen.getByRole('button', { name: m.updateBudget }));
    expect(await screen.findByText(m.amountInvalid)).toBeInTheDocument();
    await user.type(field(/^Budget amount/), '-5');
    expect(field(/^Budget amount/)).toHaveValue('5');
    await user.clear(field(/^Budget amount/));
    await user.type(field(/^Budget amount/), '15000');
    await user.click(screen.getByRole('button', { name: m.updateBudget }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ amount: 15000, flock_id: 8 });
    expect(await screen.findByText(m.budgetUpdated)).toBeInTheDocument();
  });

  it('starts on the budget asked for, and says an update failed', async () => {
    mockApi({
      'GET /budget': budgetPage([shambaA, shambaB]),
      [`PUT /budget/${thisMonth}/${thisYear}`]: apiError(500, 'internal', 'Something went wrong.'),
    });
    const user = userEvent.setup();
    renderEdit({ initial: { flock_id: 8, month: thisMonth, year: thisYear } });

    expect(await screen.findByRole('combobox', { name: /^Budget/ })).toHaveValue('6');
    await user.click(screen.getByRole('button', { name: m.updateBudget }));
    expect(await screen.findByText(/^Failed to update budget\./)).toBeInTheDocument();
  });

  it('deletes the chosen budget after the question', async () => {
    const requests = mockApi({ 'GET /budget': budgetPage([shambaA]), 'DELETE /budget/5': { status: 204 } });
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderEdit({ onClose });

    // The only budget is chosen already.
    expect(await screen.findByRole('combobox', { name: /^Budget/ })).toHaveValue('5');
    await user.click(screen.getByRole('button', { name: m.deleteBudget }));
    const question = await screen.findByRole('alert');
    expect(question).toHaveTextContent(m.confirmDeleteBudget);
    expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(0);
    await user.click(within(question).getByRole('button', { name: m.delete }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual(['/budget/5']);
    expect(await screen.findByText(m.budgetDeleted)).toBeInTheDocument();
  });

  it('offers to add one when there is no budget to edit', async () => {
    mockApi({ 'GET /budget': budgetPage([]) });
    const onAdd = vi.fn();
    const user = userEvent.setup();
    renderEdit({ onAdd });

    expect(await screen.findByText(m.noEditableBudgets)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: m.addNewBudget }));
    expect(onAdd).toHaveBeenCalled();
  });
});
