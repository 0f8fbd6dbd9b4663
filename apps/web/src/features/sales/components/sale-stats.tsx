import { Paper, Skeleton, Text, Title } from '@mantine/core';
import { debtorMessages, formatCount, formatKes, monthText, SALE_CATEGORIES, SALE_REMARK_KINDS, saleCategoryLabel, saleMessages, type SaleStats } from '@kuku/domain';
import { paths } from '@kuku/domain/screens';
import { IconChevronRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import { growthText } from './sale-format';
import { StatCard, StatCards, StatMoney } from '../../../ui/stat-card';
import stretched from '../../../ui/stretched-link.module.css';
import classes from './sale-stats.module.css';

/** Said in place of the figures when the statistics could not be read: the English words, for the tests (the cards read saleMessages in render). */
export const STATS_FAILED = saleMessages.statsFailed;

/** The Pending card opens who owes: a link named `hint` whose box covers the card. */
function DebtorsLink({ hint }: { hint: string }) {
  return (
    <Link to={paths.debtors.getHref()} className={`${stretched.link} ${classes.cardLink}`}>
      <span className={classes.cardLinkText}>{hint}</span>
      <IconChevronRight size={16} aria-hidden />
    </Link>
  );
}

/**
 * The month's figures (docs/product.md §2 Sales stats cards), this month in the farm's time zone: every
 * number comes from GET /api/sales/stats, none is added up here.
 */
export function SaleStatsCards({ stats, failed }: { stats: SaleStats | undefined; failed: boolean }) {
  const s = stats;
  // Without figures and no more coming, the cards say so instead of loading for ever.
  const loading = !s && !failed;
  const none = failed && !s;
  const money = (cents: number | undefined) => (cents === undefined ? '—' : <StatMoney cents={cents} />);
  const growth = s?.sales_growth ?? null;
  return (
    <section aria-labelledby="sale-stats-title">
      <Title order={2} fz="lg" mb="sm" id="sale-stats-title">
        {saleMessages.statsTitle}
        <Text component="span" fz="sm" c="dimmed" fw={400} ml="xs">
          {s ? monthText(s.month) : saleMessages.thisMonth}
        </Text>
      </Title>
      {none ? (
        <Text c="red" role="alert" mb="sm">
          {saleMessages.statsFailed}
        </Text>
      ) : null}
      <StatCards>
        <StatCard label={saleMessages.statRevenue} loading={loading} value={money(s?.revenue_cents ?? (none ? undefined : 0))} note={saleMessages.statRevenueNote} />
        <StatCard
          label={saleMessages.statCount}
          loading={loading}
          value={s ? formatCount(s.sales_count) : '—'}
          note={s && s.sale_days > 0 ? saleMessages.onSaleDays(s.sale_days) : saleMessages.statCountNote}
        />
        <StatCard
          label={saleMessages.statPaid}
          loading={loading}
          value={money(s?.paid_cents ?? (none ? undefined : 0))}
          note={s ? saleMessages.completedSales(s.paid_count) : saleMessages.statPaidNote}
        />
        <StatCard
          label={saleMessages.statPending}
          className={stretched.card}
          aside={<DebtorsLink hint={debtorMessages.pendingCardHint} />}
          loading={loading}
          value={money(s?.pending_cents ?? (none ? undefined : 0))}
          // The card counts this month's; who owes (its link) counts every unpaid sale.
          note={s ? saleMessages.pendingThisMonth(s.pending_count) : saleMessages.statPendingNote}
        />
        <StatCard
          label={saleMessages.statAverage}
          loading={loading}
          value={money(s?.average_per_sale_day_cents ?? (none ? undefined : 0))}
          note={saleMessages.statAverageNote}
        />
        <StatCard
          label={saleMessages.statGrowth}
          loading={loading}
          value={<span className={growth === null || growth === 0 ? undefined : growth > 0 ? classes.up : classes.down}>{growthText(growth)}</span>}
          note={s ? saleMessages.lastMonth(formatKes(s.last_month_revenue_cents)) : saleMessages.statGrowthNote}
        />
      </StatCards>
    </section>
  );
}

/** docs/product.md §2 Sales Overview (Current Month): what each category brought in this month, as the server summed it. */
export function SalesOverview({ stats, failed }: { stats: SaleStats | undefined; failed: boolean }) {
  const rows = stats
    ? SALE_CATEGORIES.flatMap((category) => stats.by_category.filter((row) => row.category === category && (row.count > 0 || row.amount_cents > 0)))
    : [];
  // The bars' lengths only: each category against the month's revenue.
  const share = (cents: number) => (stats && stats.revenue_cents > 0 ? Math.round((cents / stats.revenue_cents) * 100) : 0);
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="sale-overview-title">
      <Title order={2} fz="lg" mb="sm" id="sale-overview-title">
        {saleMessages.overviewTitle}
      </Title>
      {!stats ? (
        failed ? (
          <Text c="dimmed" fz="sm">
            {saleMessages.statsFailed}
          </Text>
        ) : (
          <Skeleton h={120} aria-label={saleMessages.overviewLoading} />
        )
      ) : rows.length === 0 ? (
        <Text c="dimmed" fz="sm">
          {saleMessages.remarkNoSalesThisMonth}
        </Text>
      ) : (
        <>
          <ul className={classes.categories}>
            {rows.map((row) => (
              <li key={row.category} className={classes.category}>
                <span className={classes.categoryName}>{saleCategoryLabel(row.category)}</span>
                <span className={classes.categoryAmount}>{formatKes(row.amount_cents)}</span>
                <div className={classes.bar} aria-hidden>
                  <div className={classes.barFill} style={{ width: `${share(row.amount_cents)}%` }} />
                </div>
                <span className={classes.categoryNote}>
                  <span>{saleMessages.salesCount(row.count)}</span>
                  <span>{saleMessages.shareOfMonth(share(row.amount_cents))}</span>
                </span>
              </li>
            ))}
          </ul>
          <div className={classes.total}>
            <span>{saleMessages.overviewTotal(stats.sales_count)}</span>
            <span>{formatKes(stats.revenue_cents)}</span>
          </div>
        </>
      )}
    </Paper>
  );
}

/** The remarks card: the server's remarks (domain rules over the farm's figures), grouped by kind. */
export function RemarksCard({ stats, failed }: { stats: SaleStats | undefined; failed: boolean }) {
  const groups = stats
    ? SALE_REMARK_KINDS.map((kind) => ({ kind, lines: stats.remarks.filter((r) => r.kind === kind) })).filter((g) => g.lines.length > 0)
    : [];
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="sale-remarks-title">
      <Title order={2} fz="lg" mb="sm" id="sale-remarks-title">
        {saleMessages.remarksTitle}
      </Title>
      {!stats ? (
        failed ? (
          <Text c="dimmed" fz="sm">
            {saleMessages.statsFailed}
          </Text>
        ) : (
          <Skeleton h={120} aria-label={saleMessages.remarksLoading} />
        )
      ) : groups.length === 0 ? (
        <Text c="dimmed" fz="sm">
          {saleMessages.noRemarks}
        </Text>
      ) : (
        <div className={classes.kinds}>
          {groups.map((group) => (
            <div key={group.kind}>
              <h3 className={classes.kindTitle} id={`sale-remarks-${group.kind}`}>
                {saleMessages.remarkKinds[group.kind]}
              </h3>
              <ul className={classes.remarks} aria-labelledby={`sale-remarks-${group.kind}`}>
                {group.lines.map((line) => (
                  <li key={line.text}>{line.text}</li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      )}
    </Paper>
  );
}
