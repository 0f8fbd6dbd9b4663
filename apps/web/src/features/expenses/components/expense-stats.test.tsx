import { expenseMessages as m } from '@kuku/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { makeStats } from '../expense-fixtures';
import { BudgetAgainstActual, ExpenseStatsCards } from './expense-stats';

const card = (name: string) => screen.getByRole('group', { name });

describe('ExpenseStatsCards', () => {
  it("shows the server's figures: the week, the month, the year, the largest category and the budget used", async () => {
    const onAddBudget = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<ExpenseStatsCards stats={makeStats()} failed={false} onAddBudget={onAddBudget} />);

    expect(screen.getByRole('heading', { name: /Expense Statistics\s*March 2026/ })).toBeInTheDocument();
    expect(card(m.statThisWeek)).toHaveTextContent(/Ksh\s*3,500\.00/);
    expect(card(m.statThisMonth)).toHaveTextContent(/Ksh\s*18,500\.00/);
    expect(card(m.statThisYear)).toHaveTextContent(/Ksh\s*54,000\.00/);
    expect(card(m.statLargestCategory)).toHaveTextContent('Feed');
    expect(card(m.statLargestCategory)).toHaveTextContent(/Ksh\s12,000\.00/);
    const used = card(m.statBudgetUsed);
    expect(used).toHaveTextContent('85%');
    // The farm is near its budget, but a flock is over it: that is said, not 'near'.
    expect(used).toHaveTextContent(m.flocksOverBudget(1));
    expect(used).not.toHaveTextContent(m.levelWarning);
    expect(used).toHaveTextContent(/Ksh\s25,500\.00 spent of Ksh\s30,000\.00/);

    await user.click(screen.getByRole('button', { name: m.addNewBudget }));
    expect(onAddBudget).toHaveBeenCalled();
  });

  it('says when nothing was spent and no budget is set this month', () => {
    renderWithProviders(
      <ExpenseStatsCards
        stats={makeStats({ week_cents: 0, month_cents: 0, largest_category: null, budget_used: null, budgets: [] })}
        failed={false}
        onAddBudget={() => {}}
      />,
    );
    expect(card(m.statThisMonth)).toHaveTextContent(/Ksh\s*0\.00/);
    expect(card(m.statLargestCategory)).toHaveTextContent(m.noCategoryYet);
    expect(card(m.statBudgetUsed)).toHaveTextContent(m.noBudgetThisMonth);
  });

  it('says the statistics could not be loaded instead of loading for ever', () => {
    renderWithProviders(<ExpenseStatsCards stats={undefined} failed onAddBudget={() => {}} />);
    expect(screen.getByRole('alert')).toHaveTextContent(m.statsFailed);
    expect(card(m.statThisWeek)).toHaveTextContent('—');
  });
});

describe('BudgetAgainstActual', () => {
  it('shows each flock with a budget this month, those over it first: budget, spent, left and used, coloured by level and said in words', () => {
    renderWithProviders(<BudgetAgainstActual stats={makeStats()} failed={false} onAddBudget={() => {}} />);

    expect(screen.getByRole('heading', { name: m.budgetAgainstActual })).toBeInTheDocument();
    const [second, first] = screen.getAllByRole('listitem');
    expect(first).toHaveTextContent('Shamba A');
    expect(first).toHaveAttribute('data-level', 'ok');
    expect(first).toHaveTextContent(`75% · ${m.levelOk}`);
    expect(within(first as HTMLElement).getByText(m.budgetColumn).nextSibling).toHaveTextContent(/Ksh\s20,000\.00/);
    expect(within(first as HTMLElement).getByText(m.spentColumn).nextSibling).toHaveTextContent(/Ksh\s15,000\.00/);
    expect(within(first as HTMLElement).getByText(m.leftColumn).nextSibling).toHaveTextContent(/Ksh\s5,000\.00/);

    expect(second).toHaveTextContent('Shamba B');
    expect(second).toHaveAttribute('data-level', 'over');
    expect(second).toHaveTextContent(`105% · ${m.levelOver}`);
    expect(within(second as HTMLElement).getByText(m.leftColumn).nextSibling).toHaveTextContent(/^Over by Ksh\s500\.00$/);
  });

  it('offers to add a budget when none is set this month', async () => {
    const onAddBudget = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<BudgetAgainstActual stats={makeStats({ budgets: [] })} failed={false} onAddBudget={onAddBudget} />);

    expect(screen.getByText(m.noBudgetThisMonth)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: m.addBudget }));
    expect(onAddBudget).toHaveBeenCalled();
  });
});
