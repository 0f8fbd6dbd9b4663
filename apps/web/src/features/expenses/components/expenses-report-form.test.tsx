import { expenseMessages as m } from '@kuku/domain';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { ExpensesReportForm } from './expenses-report-form';

const setDate = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('ExpensesReportForm', () => {
  it('asks for the start and end dates, the description filter being optional', async () => {
    const requests = mockApi({});
    const user = userEvent.setup();
    renderWithProviders(<ExpensesReportForm />);

    await user.click(screen.getByRole('button', { name: m.generateReport }));
    expect(await screen.findAllByText(m.reportDatesRequired)).toHaveLength(2);
    expect(screen.getByRole('textbox', { name: m.reportDescription })).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText(m.reportComingSoon)).not.toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it('refuses an end before the start', async () => {
    mockApi({});
    const user = userEvent.setup();
    renderWithProviders(<ExpensesReportForm />);

    setDate(/^Start date/, '2026-03-10');
    setDate(/^End date/, '2026-03-01');
    await user.click(screen.getByRole('button', { name: m.generateReport }));
    expect(await screen.findByText(m.reportEndBeforeStart)).toBeInTheDocument();
  });

  it('shows that reports are coming, and makes no call', async () => {
    const requests = mockApi({});
    const user = userEvent.setup();
    renderWithProviders(<ExpensesReportForm />);

    setDate(/^Start date/, '2026-03-01');
    setDate(/^End date/, '2026-03-31');
    await user.type(screen.getByRole('textbox', { name: m.reportDescription }), 'mash');
    await user.click(screen.getByRole('button', { name: m.generateReport }));
    expect(await screen.findByText(m.reportComingSoon)).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });
});
