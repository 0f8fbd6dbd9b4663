import { formatKes, smsUsageWords } from '@kuku/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { SmsUsageCard } from './sms-usage-card';

/** The DOM's text as the queries read it: the currency's no-break space is a space. */
const plain = (text: string) => text.replace(/\s+/g, ' ');

describe('SmsUsageCard', () => {
  it("shows the daily limit and each month's texts and cost as the server summed them", async () => {
    mockApi({
      'GET /sms/usage': {
        body: {
          daily_cap: 5,
          months: [
            { month: '2026-12', texts: 12, cost_cents: 960, cost: 9.6 },
            { month: '2026-11', texts: 3, cost_cents: 240, cost: 2.4 },
          ],
        },
      },
    });
    renderWithProviders(<SmsUsageCard />);
    expect(await screen.findByLabelText(smsUsageWords.dailyCap)).toHaveValue('5');
    const rows = screen.getAllByRole('row');
    expect(within(rows[1] as HTMLElement).getByText('December 2026')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('12')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText(plain(formatKes(960)))).toBeInTheDocument();
    expect(within(rows[2] as HTMLElement).getByText(plain(formatKes(240)))).toBeInTheDocument();
  });

  it('says when no text was sent', async () => {
    mockApi({ 'GET /sms/usage': { body: { daily_cap: 5, months: [] } } });
    renderWithProviders(<SmsUsageCard />);
    expect(await screen.findByText(smsUsageWords.noTexts)).toBeInTheDocument();
  });

  it('refuses a limit above the most before sending, and saves a good one', async () => {
    const requests = mockApi({
      'GET /sms/usage': { body: { daily_cap: 5, months: [] } },
      'PUT /sms/settings': (request) => ({ body: { message: smsUsageWords.saved, daily_cap: (request.body as { daily_cap: number }).daily_cap } }),
    });
    renderWithProviders(<SmsUsageCard />);
    const user = userEvent.setup();
    const input = await screen.findByLabelText(smsUsageWords.dailyCap);
    await user.clear(input);
    await user.type(input, '51');
    await user.click(screen.getByRole('button', { name: smsUsageWords.save }));
    expect(await screen.findByText(smsUsageWords.capInvalid)).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(0);
    await user.clear(input);
    await user.type(input, '12');
    await user.click(screen.getByRole('button', { name: smsUsageWords.save }));
    expect(await screen.findByText(smsUsageWords.saved)).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ daily_cap: 12 });
    expect(input).toHaveValue('12');
  });
});
