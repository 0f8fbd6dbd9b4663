import { reportMessages as m } from '@kuku/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { currentUserKey } from '../../../lib/current-user';
import { mockApi } from '../../../test/fetch-mock';
import { makeUser } from '../../../test/fixtures';
import { createTestQueryClient, renderWithProviders } from '../../../test/render';
import { makeReport, reportPage } from '../report-fixtures';
import { ReportsPage } from './reports-page';

describe('ReportsPage', () => {
  it('shows the generator, then the recent reports, which read again after a generation', async () => {
    const made = makeReport({ id: 60, state: 'generating', content: null, csv_content: null, size_bytes: null });
    let generated = false;
    const requests = mockApi({
      'GET /reports': () => reportPage(generated ? [made] : []),
      'POST /reports/sales': () => {
        generated = true;
        return { status: 201, body: made };
      },
    });
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(currentUserKey, makeUser());
    const user = userEvent.setup();
    renderWithProviders(<ReportsPage />, { queryClient, route: '/reports' });

    expect(screen.getByRole('heading', { level: 1, name: m.title })).toBeInTheDocument();
    expect(screen.getByText(m.intro)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: m.generatorTitle })).toBeInTheDocument();
    expect(await screen.findByText(m.empty)).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText(/^Start date/), { target: { value: '2026-03-01' } });
    fireEvent.change(screen.getByLabelText(/^End date/), { target: { value: '2026-03-31' } });
    await user.click(screen.getByRole('checkbox', { name: 'Sales' }));
    await user.click(screen.getByRole('button', { name: m.generate }));
    expect(await screen.findByText(m.generated)).toBeInTheDocument();
    expect(await screen.findByText(made.name)).toBeInTheDocument();
    await waitFor(() => expect(requests.filter((r) => r.path === '/reports').length).toBeGreaterThanOrEqual(2));
  });

  it('shows an auditor the recent reports without the generator', async () => {
    mockApi({ 'GET /reports': reportPage([makeReport()]) });
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(currentUserKey, makeUser({ role: 'auditor' }));
    renderWithProviders(<ReportsPage />, { queryClient, route: '/reports' });

    expect(await screen.findByText(makeReport().name)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: m.generatorTitle })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: m.generate })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: m.deleteOf(makeReport().name) })).not.toBeInTheDocument();
  });
});
