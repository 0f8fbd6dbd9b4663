import { expenseMessages as m, reportMessages } from '@kuku/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, mockApi } from '../../../test/fetch-mock';
import { currentLocation, renderWithProviders } from '../../../test/render';
import { ExpensesReportForm } from './expenses-report-form';

const setDate = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

const made = {
  status: 201,
  body: {
    id: 9,
    name: 'Expenses Report (Summary) 2026-03-01 to 2026-03-31',
    category: 'expense',
    report_type: 'summary',
    state: 'generating',
    failure: null,
    start_date: '2026-03-01',
    end_date: '2026-03-31',
    flock_id: null,
    user_id: 1,
    created_at: '2026-04-01T08:00:00.000Z',
    finished_at: null,
    content: null,
    csv_content: null,
    xlsx_content: null,
    size_bytes: null,
  },
};

describe('ExpensesReportForm', () => {
  it('asks for the start and end dates, the description filter being optional', async () => {
    const requests = mockApi({});
    const user = userEvent.setup();
    renderWithProviders(<ExpensesReportForm />);

    await user.click(screen.getByRole('button', { name: m.generateReport }));
    expect(await screen.findAllByText(m.reportDatesRequired)).toHaveLength(2);
    expect(screen.getByRole('textbox', { name: m.reportDescription })).not.toHaveAttribute('aria-invalid', 'true');
    expect(requests).toHaveLength(0);
  });

  it('refuses an end before the start, and a single day', async () => {
    const requests = mockApi({});
    const user = userEvent.setup();
    renderWithProviders(<ExpensesReportForm />);

    setDate(/^Start date/, '2026-03-10');
    setDate(/^End date/, '2026-03-01');
    await user.click(screen.getByRole('button', { name: m.generateReport }));
    expect(await screen.findByText(m.reportEndBeforeStart)).toBeInTheDocument();
    setDate(/^End date/, '2026-03-10');
    await user.click(screen.getByRole('button', { name: m.generateReport }));
    expect(await screen.findByText(reportMessages.singleDay)).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it('asks the reports feature for an expense report with the filter, then points to Reports', async () => {
    const requests = mockApi({ 'POST /reports/expenses': made });
    const user = userEvent.setup();
    renderWithProviders(<ExpensesReportForm />, { route: '/expenses' });

    setDate(/^Start date/, '2026-03-01');
    setDate(/^End date/, '2026-03-31');
    await user.type(screen.getByRole('textbox', { name: m.reportDescription }), ' mash ');
    await user.click(screen.getByRole('button', { name: m.generateReport }));
    expect(await screen.findByText(reportMessages.expenseFormDone)).toBeInTheDocument();
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /reports/expenses']);
    expect(requests[0]?.body).toEqual({ start_date: '2026-03-01', end_date: '2026-03-31', description_filter: 'mash' });
    await user.click(screen.getByRole('link', { name: reportMessages.seeReports }));
    await waitFor(() => expect(currentLocation()).toBe('/reports'));
  });

  it('warns of insufficient data', async () => {
    const requests = mockApi({ 'POST /reports/expenses': apiError(422, 'rule_broken', 'Insufficient data: no expenses records between 2026-03-01 and 2026-03-31.') });
    const user = userEvent.setup();
    renderWithProviders(<ExpensesReportForm />);

    setDate(/^Start date/, '2026-03-01');
    setDate(/^End date/, '2026-03-31');
    await user.click(screen.getByRole('button', { name: m.generateReport }));
    expect(await screen.findByText(reportMessages.insufficientData)).toBeInTheDocument();
    expect(requests[0]?.body).toEqual({ start_date: '2026-03-01', end_date: '2026-03-31', description_filter: null });
  });
});
