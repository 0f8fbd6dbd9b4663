import { saleMessages } from '@kuku/domain';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { SalesReportForm } from './sales-report-form';

const setDate = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('SalesReportForm', () => {
  it('asks for the start date, end date and report type', async () => {
    const requests = mockApi({});
    const user = userEvent.setup();
    renderWithProviders(<SalesReportForm />);

    await user.click(screen.getByRole('button', { name: 'Generate Report' }));
    expect(await screen.findAllByText(saleMessages.reportFieldsRequired)).toHaveLength(3);
    expect(screen.queryByText(saleMessages.reportComingSoon)).not.toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it('refuses an end before the start', async () => {
    mockApi({});
    const user = userEvent.setup();
    renderWithProviders(<SalesReportForm />);

    setDate(/^Start date/, '2026-03-10');
    setDate(/^End date/, '2026-03-01');
    await user.selectOptions(screen.getByRole('combobox', { name: /^Report type/ }), 'summary');
    await user.click(screen.getByRole('button', { name: 'Generate Report' }));
    expect(await screen.findByText(saleMessages.reportEndBeforeStart)).toBeInTheDocument();
  });

  it("shows SPEC's message only, and makes no call", async () => {
    const requests = mockApi({});
    const user = userEvent.setup();
    renderWithProviders(<SalesReportForm />);

    setDate(/^Start date/, '2026-03-01');
    setDate(/^End date/, '2026-03-31');
    await user.selectOptions(screen.getByRole('combobox', { name: /^Report type/ }), 'detailed');
    await user.click(screen.getByRole('button', { name: 'Generate Report' }));
    expect(await screen.findByText(saleMessages.reportComingSoon)).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });
});
