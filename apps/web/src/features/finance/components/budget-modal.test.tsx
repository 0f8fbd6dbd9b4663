import { financeMessages as m } from '@kuku/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiError, mockApi } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { makeFlockFinance } from '../finance-fixtures';
import { BudgetModal, budgetError } from './budget-modal';

const amountLabel = new RegExp(`^${m.budgetAmountLabel.replace(/[()]/g, '\\$&')}`);

function renderModal(flock = makeFlockFinance(), onClose = vi.fn()) {
  renderWithProviders(<BudgetModal opened onClose={onClose} flock={flock} year={2026} />);
  return { onClose };
}

describe('budgetError', () => {
  it('asks for an amount, refuses a bad one and takes a good one', () => {
    expect(budgetError(7, 2026, ' ')).toBe(m.budgetRequired);
    expect(budgetError(7, 2026, '1.234')).toBeTruthy();
    expect(budgetError(7, 2026, '12,500.50')).toBeUndefined();
    expect(budgetError(7, 2026, '0')).toBeUndefined();
  });
});

describe('BudgetModal', () => {
  it('sets a yearly budget: PUT in shillings, a toast, closed', async () => {
    const requests = mockApi({ 'PUT /flock-financial': { body: { year: 2026, flock: makeFlockFinance() } } });
    const user = userEvent.setup();
    const { onClose } = renderModal();

    const dialog = screen.getByRole('dialog', { name: m.setBudget });
    expect(within(dialog).getByText(m.budgetOf('Shamba A', 2026))).toBeInTheDocument();
    // Nothing to clear yet.
    expect(within(dialog).queryByRole('button', { name: m.clearBudget })).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: m.saveBudget }));
    expect(within(dialog).getByText(m.budgetRequired)).toBeInTheDocument();
    expect(requests).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: amountLabel }), '25,000abc');
    expect(within(dialog).getByRole('textbox', { name: amountLabel })).toHaveValue('25,000');
    await user.click(within(dialog).getByRole('button', { name: m.saveBudget }));
    expect(await screen.findByText(`Shamba A, 2026: ${m.budgetSaved}`)).toBeInTheDocument();
    expect(requests.map((r) => [r.method, r.path, r.body])).toEqual([['PUT', '/flock-financial', { flock_id: 7, year: 2026, budget: '25,000' }]]);
    expect(onClose).toHaveBeenCalled();
  });

  it("puts the server's 400 message on the field", async () => {
    mockApi({ 'PUT /flock-financial': apiError(400, 'validation', 'Invalid input.', { fields: { budget: 'Amount is too large.' } }) });
    const user = userEvent.setup();
    const { onClose } = renderModal();

    const dialog = screen.getByRole('dialog', { name: m.setBudget });
    await user.type(within(dialog).getByRole('textbox', { name: amountLabel }), '500');
    await user.click(within(dialog).getByRole('button', { name: m.saveBudget }));
    const input = within(dialog).getByRole('textbox', { name: amountLabel });
    expect(await within(dialog).findByText('Amount is too large.')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('edits and clears a yearly budget', async () => {
    const requests = mockApi({ 'DELETE /flock-financial/flock/7': { status: 204 } });
    const user = userEvent.setup();
    const { onClose } = renderModal(makeFlockFinance({ yearly_budget_cents: 2_000_050, budget_cents: 2_000_050, budget_source: 'yearly' }));

    const dialog = screen.getByRole('dialog', { name: m.editBudget });
    expect(within(dialog).getByRole('textbox', { name: amountLabel })).toHaveValue('20000.50');
    await user.click(within(dialog).getByRole('button', { name: m.clearBudget }));
    expect(await screen.findByText(`Shamba A, 2026: ${m.budgetCleared}`)).toBeInTheDocument();
    expect(requests.map((r) => [r.method, r.path, r.query.get('year')])).toEqual([['DELETE', '/flock-financial/flock/7', '2026']]);
    expect(onClose).toHaveBeenCalled();
  });

  it('says when the save failed for another reason, and stays open', async () => {
    mockApi({ 'PUT /flock-financial': apiError(500, 'internal', 'Something went wrong.') });
    const user = userEvent.setup();
    const { onClose } = renderModal();
    const dialog = screen.getByRole('dialog', { name: m.setBudget });
    await user.type(within(dialog).getByRole('textbox', { name: amountLabel }), '500');
    await user.click(within(dialog).getByRole('button', { name: m.saveBudget }));
    expect(await screen.findByText(`${m.budgetSaveFailed} Something went wrong.`)).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });
});
