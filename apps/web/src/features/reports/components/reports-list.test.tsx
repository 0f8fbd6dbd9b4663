import { reportFileName, reportMessages as m, type Role } from '@kuku/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { currentUserKey } from '../../../lib/current-user';
import { mockApi } from '../../../test/fetch-mock';
import { makeUser } from '../../../test/fixtures';
import { createTestQueryClient, renderWithProviders } from '../../../test/render';
import { makeReport, reportPage } from '../report-fixtures';
import { ReportsList } from './reports-list';

const sales = makeReport();
const financial = makeReport({ id: 42, category: 'financial', report_type: 'detailed', xlsx_content: '/api/reports/42/file?format=xlsx&exp=1&sig=old', size_bytes: 1_300_000 });
const generating = makeReport({ id: 43, category: 'flock', state: 'generating', content: null, csv_content: null, size_bytes: null, finished_at: null });
const failed = makeReport({ id: 44, category: 'inventory', state: 'failed', failure: m.interrupted, content: null, csv_content: null, size_bytes: null });
const row = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;

function renderList(role: Role = 'owner') {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(currentUserKey, makeUser({ role }));
  return renderWithProviders(<ReportsList />, { queryClient, route: '/reports' });
}

describe('ReportsList', () => {
  it('shows each report with its category, type, state, date, size and files', async () => {
    const requests = mockApi({ 'GET /reports': reportPage([sales, financial, generating, failed]) });
    renderList();

    const first = await row(sales.name);
    expect(first).toHaveTextContent('Sales');
    expect(first).toHaveTextContent('Summary');
    expect(first).toHaveTextContent('Ready');
    expect(first).toHaveTextContent('01 Apr 2026');
    expect(first).toHaveTextContent('56 KB');
    expect(within(first).getByRole('button', { name: m.downloadOf(sales.name) })).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: m.downloadCsvOf(sales.name) })).toBeInTheDocument();
    expect(within(first).queryByRole('button', { name: m.downloadXlsxOf(sales.name) })).not.toBeInTheDocument();

    const second = await row(financial.name);
    expect(second).toHaveTextContent('Financial');
    expect(second).toHaveTextContent('Detailed');
    expect(second).toHaveTextContent('1.2 MB');
    expect(within(second).getByRole('button', { name: m.downloadXlsxOf(financial.name) })).toBeInTheDocument();

    const third = await row(generating.name);
    expect(third).toHaveTextContent('Generating');
    expect(within(third).queryByRole('button', { name: m.downloadOf(generating.name) })).not.toBeInTheDocument();
    expect(within(third).getByRole('button', { name: m.deleteOf(generating.name) })).toBeInTheDocument();

    const fourth = await row(failed.name);
    expect(fourth).toHaveTextContent('Failed');
    expect(fourth).toHaveTextContent(m.interrupted);
    expect(within(fourth).queryByRole('button', { name: m.downloadOf(failed.name) })).not.toBeInTheDocument();

    expect(screen.getByText(m.reportCount(4))).toBeInTheDocument();
    expect(requests[0]?.query.get('pageSize')).toBe('5');
    expect(requests[0]?.query.get('sort')).toBe('created_at');
    expect(requests[0]?.query.get('order')).toBe('desc');
  });

  it('reads itself again while a report is being made, and stops once none is', async () => {
    let reads = 0;
    mockApi({
      'GET /reports': () => {
        reads += 1;
        return reportPage([reads === 1 ? generating : { ...generating, state: 'ready', content: '/f', csv_content: '/c', size_bytes: 900 }]);
      },
    });
    renderList();
    expect(await row(generating.name)).toHaveTextContent('Generating');
    await waitFor(() => expect(screen.getByRole('button', { name: m.downloadOf(generating.name) })).toBeInTheDocument());
    expect(await row(generating.name)).toHaveTextContent('900 B');
    const after = reads;
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(reads).toBe(after);
  });

  it('pages by 5 and searches on the server', async () => {
    const requests = mockApi({
      'GET /reports': (request) =>
        request.query.get('page') === '2' ? reportPage([makeReport({ id: 50, category: 'expense' })], 6, 2) : reportPage([sales, financial, generating, failed, makeReport({ id: 45, category: 'eggProduction' })], 6),
    });
    const user = userEvent.setup();
    renderList();

    await row(sales.name);
    await user.click(screen.getByRole('button', { name: '2' }));
    expect(await row(makeReport({ category: 'expense' }).name)).toBeInTheDocument();
    expect(requests.at(-1)?.query.get('page')).toBe('2');

    await user.type(screen.getByRole('textbox', { name: m.searchLabel }), 'financial');
    await waitFor(() => expect(requests.at(-1)?.query.get('q')).toBe('financial'));
    expect(requests.at(-1)?.query.get('page')).toBe('1');
  });

  it('lets an auditor download a report but not delete it', async () => {
    mockApi({ 'GET /reports': reportPage([sales]) });
    renderList('auditor');

    const first = await row(sales.name);
    expect(within(first).getByRole('button', { name: m.downloadOf(sales.name) })).toBeInTheDocument();
    expect(within(first).queryByRole('button', { name: m.deleteOf(sales.name) })).not.toBeInTheDocument();
  });

  it('deletes a report only after the question', async () => {
    const requests = mockApi({ 'GET /reports': reportPage([sales]), 'DELETE /reports/41': { status: 204 } });
    const user = userEvent.setup();
    renderList();

    await user.click(within(await row(sales.name)).getByRole('button', { name: m.deleteOf(sales.name) }));
    const dialog = await screen.findByRole('dialog', { name: m.deleteTitle });
    expect(dialog).toHaveTextContent(m.deleteConfirm(sales.name));
    expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: m.delete }));
    expect(await screen.findByText(m.deleted)).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual(['/reports/41']);
  });

  it('keeps the report when the question is cancelled', async () => {
    const requests = mockApi({ 'GET /reports': reportPage([sales]) });
    const user = userEvent.setup();
    renderList();

    await user.click(within(await row(sales.name)).getByRole('button', { name: m.deleteOf(sales.name) }));
    await user.click(within(await screen.findByRole('dialog', { name: m.deleteTitle })).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(0);
  });

  it('downloads through a fresh link, as a file named after the report', async () => {
    const fresh = { ...financial, content: '/api/reports/42/file?format=pdf&exp=2&sig=new', xlsx_content: 'https://files.example/42.xlsx?sig=new' };
    const requests = mockApi({ 'GET /reports': reportPage([financial]), 'GET /reports/42': { body: fresh } });
    const clicked: HTMLAnchorElement[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    const user = userEvent.setup();
    renderList();

    const line = await row(financial.name);
    await user.click(within(line).getByRole('button', { name: m.downloadOf(financial.name) }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(requests.filter((r) => r.path === '/reports/42')).toHaveLength(1);
    expect(clicked[0]?.href).toBe(`${window.location.origin}/api/reports/42/file?format=pdf&exp=2&sig=new`);
    expect(clicked[0]?.download).toBe(reportFileName(financial.name, 'pdf'));

    await user.click(within(line).getByRole('button', { name: m.downloadXlsxOf(financial.name) }));
    await waitFor(() => expect(clicked).toHaveLength(2));
    expect(clicked[1]?.href).toBe('https://files.example/42.xlsx?sig=new');
    expect(clicked[1]?.download).toBe(reportFileName(financial.name, 'xlsx'));
    click.mockRestore();
  });

  it('only logs a report without a location', async () => {
    mockApi({ 'GET /reports': reportPage([sales]), 'GET /reports/41': { body: { ...sales, csv_content: null } } });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderList();

    await user.click(within(await row(sales.name)).getByRole('button', { name: m.downloadCsvOf(sales.name) }));
    await waitFor(() => expect(warn).toHaveBeenCalled());
    expect(click).not.toHaveBeenCalled();
    warn.mockRestore();
    click.mockRestore();
  });

  it('says when the farm has no report yet, or none matches', async () => {
    mockApi({ 'GET /reports': reportPage([]) });
    const user = userEvent.setup();
    renderList();
    expect(await screen.findByText(m.empty)).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: m.searchLabel }), 'zzz');
    expect(await screen.findByText(m.noMatch)).toBeInTheDocument();
  });
});
