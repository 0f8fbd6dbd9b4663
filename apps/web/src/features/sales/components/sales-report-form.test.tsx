import { reportMessages, saleMessages } from '@kuku/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, mockApi } from '../../../test/fetch-mock';
import { currentLocation, renderWithProviders } from '../../../test/render';
import { SalesReportForm } from './sales-report-form';

const setDate = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

const made = {
  status: 201,
  body: {
    id: 9,
    name: 'Sales Report (Detailed) 2026-03-01 to 2026-03-31',
    category: 'sales',
    report_type: 'detailed',
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

async function fillAndSend(start = '2026-03-01', end = '2026-03-31') {
  const user = userEvent.setup();
  setDate(/^Start date/, start);
  setDate(/^End date/, end);
  await user.selectOptions(screen.getByRole('combobox', { name: /^Report type/ }), 'detailed');
  await user.click(screen.getByRole('button', { name: reportMessages.generate }));
  return user;
}

describe('SalesReportForm', () => {
  it('asks for the start date, end date and report type', async () => {
    const requests = mockApi({});
    const user = userEvent.setup();
    renderWithProviders(<SalesReportForm />);

    await user.click(screen.getByRole('button', { name: reportMessages.generate }));
    // The product's one message, said once; each empty field is marked.
    expect(await screen.findAllByText(saleMessages.reportFieldsRequired)).toHaveLength(1);
    expect(screen.getByLabelText(/^Start date/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/^End date/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('combobox', { name: /^Report type/ })).toHaveAttribute('aria-invalid', 'true');
    expect(requests).toHaveLength(0);
  });

  it('refuses an end before the start, and a single day', async () => {
    const requests = mockApi({});
    renderWithProviders(<SalesReportForm />);

    await fillAndSend('2026-03-10', '2026-03-01');
    expect(await screen.findByText(saleMessages.reportEndBeforeStart)).toBeInTheDocument();
    await fillAndSend('2026-03-10', '2026-03-10');
    expect(await screen.findByText(reportMessages.singleDay)).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it('asks the reports feature for a sales report, then points to Reports', async () => {
    const requests = mockApi({ 'POST /reports/sales': made });
    renderWithProviders(<SalesReportForm />, { route: '/sales-management' });

    const user = await fillAndSend();
    expect(await screen.findByText(reportMessages.salesFormDone)).toBeInTheDocument();
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /reports/sales']);
    expect(requests[0]?.body).toEqual({ start_date: '2026-03-01', end_date: '2026-03-31', report_type: 'detailed' });
    await user.click(screen.getByRole('link', { name: reportMessages.seeReports }));
    await waitFor(() => expect(currentLocation()).toBe('/reports'));
  });

  it('reads Generating... while the request is out', async () => {
    let answer: (value: { status: number; body: unknown }) => void = () => undefined;
    mockApi({ 'POST /reports/sales': () => new Promise((resolve) => (answer = resolve)) });
    renderWithProviders(<SalesReportForm />);

    await fillAndSend();
    expect(await screen.findByRole('button', { name: reportMessages.generating })).toBeDisabled();
    answer(made);
    expect(await screen.findByRole('button', { name: reportMessages.generate })).toBeEnabled();
  });

  it('warns of insufficient data, and shows any other failure with its reason', async () => {
    let status = 422;
    mockApi({
      'POST /reports/sales': () =>
        status === 422
          ? apiError(422, 'rule_broken', 'Insufficient data: no sales records between 2026-03-01 and 2026-03-31.')
          : apiError(500, 'internal', 'Disk full'),
    });
    renderWithProviders(<SalesReportForm />);

    await fillAndSend();
    expect(await screen.findByText(reportMessages.insufficientData)).toBeInTheDocument();
    status = 500;
    await fillAndSend('2026-03-02');
    expect(await screen.findByText(reportMessages.failed('Disk full'))).toBeInTheDocument();
    expect(screen.queryByText(reportMessages.insufficientData)).not.toBeInTheDocument();
  });
});
