import { REPORT_NOTICE_MS, reportMessages as m } from '@kuku/domain';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiError, mockApi, type MockRequest } from '../../../test/fetch-mock';
import { makeFlock } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { makeReport } from '../report-fixtures';
import { ReportGenerator } from './report-generator';

const setDate = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const made = (request: MockRequest) => ({ status: 201, body: makeReport({ state: 'generating', content: null, csv_content: null, size_bytes: null, ...(request.body as object) }) });
const posts = (requests: MockRequest[]) => requests.filter((r) => r.method === 'POST');

describe('ReportGenerator', () => {
  it("checks in the product's order: a category first, then both dates, the order and more than one day", async () => {
    const requests = mockApi({});
    const user = userEvent.setup();
    renderWithProviders(<ReportGenerator />);
    const generate = () => user.click(screen.getByRole('button', { name: m.generate }));

    await generate();
    expect(await screen.findByText(m.selectCategory)).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Sales' }));
    await generate();
    expect(await screen.findByText(m.datesRequired)).toBeInTheDocument();
    expect(screen.queryByText(m.selectCategory)).not.toBeInTheDocument();

    setDate(/^Start date/, '2026-03-10');
    await generate();
    expect(await screen.findByText(m.datesRequired)).toBeInTheDocument();

    setDate(/^End date/, '2026-03-01');
    await generate();
    expect(await screen.findByText(m.startAfterEnd)).toBeInTheDocument();

    setDate(/^End date/, '2026-03-10');
    await generate();
    expect(await screen.findByText(m.singleDay)).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it('asks for one report a chosen category, with the type and the financial flock, then says so', async () => {
    const requests = mockApi({
      'GET /flocks': { body: { items: [makeFlock(), makeFlock({ id: 8, name: 'Shamba B' })], total: 2, page: 1, pageSize: 100 } },
      'POST /reports/egg-production': made,
      'POST /reports/financial': made,
    });
    const user = userEvent.setup();
    renderWithProviders(<ReportGenerator />);

    expect(screen.queryByRole('combobox', { name: /^Flock/ })).not.toBeInTheDocument();
    setDate(/^Start date/, '2026-03-01');
    setDate(/^End date/, '2026-03-31');
    await user.click(screen.getByRole('radio', { name: 'Detailed' }));
    await user.click(screen.getByRole('checkbox', { name: 'Financial' }));
    await user.click(screen.getByRole('checkbox', { name: 'Egg Production' }));
    const flock = await screen.findByRole('combobox', { name: /^Flock/ });
    expect(flock).toHaveValue('');
    expect(screen.getByRole('option', { name: m.allFlocks })).toBeInTheDocument();
    await user.selectOptions(flock, await screen.findByRole('option', { name: 'Shamba B' }));
    await user.click(screen.getByRole('button', { name: m.generate }));

    expect(await screen.findByText(m.generated)).toBeInTheDocument();
    // In REPORT_CATEGORIES' order, whatever the order of the ticks.
    expect(posts(requests).map((r) => r.path)).toEqual(['/reports/egg-production', '/reports/financial']);
    expect(posts(requests)[0]?.body).toEqual({ start_date: '2026-03-01', end_date: '2026-03-31', report_type: 'detailed' });
    expect(posts(requests)[1]?.body).toEqual({ start_date: '2026-03-01', end_date: '2026-03-31', report_type: 'detailed', flock_id: 8 });
    expect(posts(requests)[0]?.headers.get('Idempotency-Key')).toBeTruthy();
  });

  it('reads Generating... while the requests are out, and hides its notice after 5 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let answer: () => void = () => undefined;
    mockApi({ 'POST /reports/sales': (request) => new Promise((resolve) => (answer = () => resolve(made(request)))) });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderWithProviders(<ReportGenerator />);

    setDate(/^Start date/, '2026-03-01');
    setDate(/^End date/, '2026-03-31');
    await user.click(screen.getByRole('checkbox', { name: 'Sales' }));
    await user.click(screen.getByRole('button', { name: m.generate }));
    expect(await screen.findByRole('button', { name: m.generating })).toBeDisabled();
    answer();
    expect(await screen.findByText(m.generated)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: m.generate })).toBeEnabled();

    await act(async () => {
      vi.advanceTimersByTime(REPORT_NOTICE_MS - 100);
    });
    expect(screen.getByText(m.generated)).toBeInTheDocument();
    await act(async () => {
      vi.advanceTimersByTime(200);
    });
    await waitFor(() => expect(screen.queryByText(m.generated)).not.toBeInTheDocument());
  });

  it('warns of insufficient data and shows any other failure with its reason', async () => {
    const requests = mockApi({
      'POST /reports/sales': apiError(422, 'rule_broken', 'Insufficient data: no sales records between 2026-03-01 and 2026-03-31.'),
      'POST /reports/inventory': apiError(500, 'internal', 'Disk full'),
      'POST /reports/flock': made,
    });
    const user = userEvent.setup();
    renderWithProviders(<ReportGenerator />);

    setDate(/^Start date/, '2026-03-01');
    setDate(/^End date/, '2026-03-31');
    for (const name of ['Flock', 'Sales', 'Inventory']) await user.click(screen.getByRole('checkbox', { name }));
    await user.click(screen.getByRole('button', { name: m.generate }));

    expect(await screen.findByText(m.insufficientData)).toBeInTheDocument();
    expect(screen.getByText(m.failed('Disk full'))).toBeInTheDocument();
    // The flock report was made.
    expect(screen.getByText(m.generated)).toBeInTheDocument();
    expect(posts(requests)).toHaveLength(3);
  });

  it('says the server’s reason for a refused request, and blocks a range too long before asking', async () => {
    const requests = mockApi({ 'POST /reports/sales': apiError(404, 'not_found', 'Flock not found.') });
    const user = userEvent.setup();
    renderWithProviders(<ReportGenerator />);

    setDate(/^Start date/, '1990-01-01');
    setDate(/^End date/, '2026-03-31');
    await user.click(screen.getByRole('checkbox', { name: 'Sales' }));
    await user.click(screen.getByRole('button', { name: m.generate }));
    expect(await screen.findByText(m.rangeTooLong)).toBeInTheDocument();
    expect(requests).toHaveLength(0);

    setDate(/^Start date/, '2026-03-01');
    await user.click(screen.getByRole('button', { name: m.generate }));
    expect(await screen.findByText(m.failed('Flock not found.'))).toBeInTheDocument();
  });
});
