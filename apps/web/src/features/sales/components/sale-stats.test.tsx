import { saleMessages } from '@kuku/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { makeStats } from '../sale-fixtures';
import { RemarksCard, SalesOverview, SaleStatsCards, STATS_FAILED } from './sale-stats';

const card = (name: string) => screen.getByRole('group', { name });

describe('SaleStatsCards', () => {
  it("shows the server's figures for the month", () => {
    renderWithProviders(<SaleStatsCards stats={makeStats()} failed={false} />);

    expect(screen.getByRole('heading', { name: /Sales Statistics\s*March 2026/ })).toBeInTheDocument();
    expect(card('Revenue this month')).toHaveTextContent(/Ksh\s*12,500\.00/);
    expect(card('Number of sales')).toHaveTextContent('5');
    expect(card('Number of sales')).toHaveTextContent('On 4 sale days');
    expect(card('Paid')).toHaveTextContent(/Ksh\s*9,000\.00/);
    expect(card('Paid')).toHaveTextContent('3 completed sales');
    expect(card('Pending')).toHaveTextContent(/Ksh\s*3,500\.00/);
    expect(card('Pending')).toHaveTextContent('2 pending sales this month');
    expect(within(card('Pending')).getByRole('link', { name: 'See who owes' })).toHaveAttribute('href', '/sales-management/debtors');
    expect(card('Average per sale day')).toHaveTextContent(/Ksh\s*3,125\.00/);
    expect(card('Growth vs last month')).toHaveTextContent('+25%');
    expect(card('Growth vs last month')).toHaveTextContent(/Last month Ksh\s10,000\.00/);
  });

  it('shows a dash for growth when last month sold nothing, and a fall with its sign', () => {
    const { unmount } = renderWithProviders(<SaleStatsCards stats={makeStats({ sales_growth: null })} failed={false} />);
    expect(card('Growth vs last month')).toHaveTextContent('—');
    unmount();
    renderWithProviders(<SaleStatsCards stats={makeStats({ sales_growth: -12.5 })} failed={false} />);
    expect(card('Growth vs last month')).toHaveTextContent('-12.5%');
  });

  it('says so instead of loading for ever when the figures cannot be read', () => {
    renderWithProviders(<SaleStatsCards stats={undefined} failed />);
    expect(screen.getByRole('alert')).toHaveTextContent(STATS_FAILED);
    expect(card('Revenue this month')).toHaveTextContent('—');
  });
});

describe('SalesOverview', () => {
  it("lists this month's categories with their amounts and share", () => {
    renderWithProviders(<SalesOverview stats={makeStats()} failed={false} />);

    expect(screen.getByRole('heading', { name: saleMessages.overviewTitle })).toBeInTheDocument();
    const items = screen.getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent(/Egg Sales\s*Ksh\s10,000\.00\s*4 sales\s*80% of the month/);
    expect(items[1]).toHaveTextContent(/Manure\s*Ksh\s2,500\.00\s*1 sale\s*20% of the month/);
    expect(screen.getByText('Total (5 sales)')).toBeInTheDocument();
  });

  it('says when nothing was sold this month', () => {
    renderWithProviders(<SalesOverview stats={makeStats({ by_category: [], sales_count: 0, revenue_cents: 0 })} failed={false} />);
    expect(screen.getByText(saleMessages.remarkNoSalesThisMonth)).toBeInTheDocument();
  });
});

describe('RemarksCard', () => {
  it("groups the server's remarks by kind", () => {
    renderWithProviders(<RemarksCard stats={makeStats()} failed={false} />);

    expect(screen.getByRole('heading', { level: 2, name: saleMessages.remarksTitle })).toBeInTheDocument();
    const group = (name: string) => screen.getByRole('list', { name });
    expect(within(group('Remarks')).getByRole('listitem')).toHaveTextContent('Best selling product this month: Egg Sales');
    expect(within(group('Miscellaneous')).getByRole('listitem')).toHaveTextContent('on credit is older than 30 days');
    expect(within(group('Recommendations')).getByRole('listitem')).toHaveTextContent('Follow up 2 pending sales');
  });

  it('leaves out the kinds without remarks', () => {
    renderWithProviders(<RemarksCard stats={makeStats({ remarks: [{ kind: 'remark', text: saleMessages.remarkNoSalesThisMonth }] })} failed={false} />);
    expect(screen.getByRole('list', { name: 'Remarks' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Recommendations' })).not.toBeInTheDocument();
  });
});
