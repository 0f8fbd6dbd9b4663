import { Button, Pagination, Paper, Skeleton } from '@mantine/core';
import {
  dayText,
  EXPENSE_CATEGORY_LABELS,
  formatCount,
  formatKes,
  SUMMARY_PAGE_SIZE,
  summaryWords,
  traysOf,
  type BalanceLine,
  type WeeklyFigures,
  type WeeklySummary,
  type WeeklySummaryItem,
} from '@kuku/domain';
import { paths, screenTitles } from '@kuku/domain/screens';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useCan } from '../../../lib/use-can';
import { useFarmDates } from '../../../ui/date';
import { PageHeader } from '../../../ui/page-header';
import { showErrorToast, showSuccessToast } from '../../../ui/toast';
import { summaryListQuery, summaryQuery, useMakeCurrentSummary } from '../api';
import classes from './summaries-page.module.css';

type Words = typeof summaryWords;

const trays = (w: Words, eggs: number) => {
  const t = traysOf(eggs);
  return w.trays(t.trays, t.eggs, t.negative);
};

function Figures({ title, rows }: { title: string; rows: [string, string][] }) {
  return (
    <section className={classes.section} aria-label={title}>
      <h3 className={classes.sectionTitle}>{title}</h3>
      <dl className={classes.figures}>
        {rows.map(([label, value]) => (
          <div key={label} className={classes.figure}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** The eggs a day as bars: each day's share of the week's best day. */
function EggBars({ w, f }: { w: Words; f: WeeklyFigures }) {
  const most = Math.max(1, ...f.eggs.per_day.map((d) => d.eggs));
  return (
    <section className={classes.section} aria-label={w.eggsADay}>
      <h3 className={classes.sectionTitle}>{w.eggsADay}</h3>
      <ul className={classes.bars}>
        {f.eggs.per_day.map((d, i) => (
          <li key={d.day} className={classes.bar}>
            <span className={classes.barDay}>{w.weekdays[i]}</span>
            <span className={classes.barTrack} aria-hidden>
              <span className={classes.barFill} style={{ width: `${Math.round((d.eggs / most) * 100)}%` }} />
            </span>
            <span className={classes.barCount}>{formatCount(d.eggs)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Balances({ w, lines }: { w: Words; lines: BalanceLine[] | null }) {
  if (!lines || lines.length === 0) return <p className={classes.note}>{w.noBalances}</p>;
  const amount = (l: BalanceLine, n: number | null) => (n === null ? w.notCounted : l.kind === 'money' ? formatKes(n) : `${formatCount(n)} ${w.units[l.unit] ?? l.unit}`);
  return (
    <div className={classes.tableWrap}>
      <table className={classes.table}>
        <caption className={classes.caption}>{w.balances}</caption>
        <thead>
          <tr>
            <th scope="col">{w.line}</th>
            <th scope="col">{w.expected}</th>
            <th scope="col">{w.counted}</th>
            <th scope="col">{w.difference}</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((l, i) => (
            <tr key={`${l.kind}-${l.name}-${i}`} className={l.beyond_margin ? classes.gap : undefined}>
              <th scope="row">
                {l.name === '' ? w.balanceKinds[l.kind] : `${w.balanceKinds[l.kind]}: ${l.name}`}
                {l.beyond_margin ? <span className={classes.flag}> ({w.beyondMargin})</span> : null}
              </th>
              <td>{amount(l, l.expected)}</td>
              <td>{amount(l, l.counted)}</td>
              <td>{amount(l, l.difference)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** One week's figures, as the mail says them. */
function Week({ summary }: { summary: WeeklySummary }) {
  const w = summaryWords;
  const dates = useFarmDates();
  const f = summary.figures;
  const categories = EXPENSE_CATEGORY_LABELS as Record<string, string>;
  const or = (n: number | null, say: (n: number) => string) => (n === null ? w.unknown : say(n));
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="article" aria-labelledby="summary-week">
      <h2 id="summary-week" className={classes.weekTitle}>
        {w.weekOf(dayText(f.week_start), dayText(f.week_end))}
      </h2>
      <p className={classes.note}>
        {summary.partial ? `${w.soFar(dayText(f.through))} · ` : ''}
        {w.madeAt(dates.dateTime(summary.made_at))}
      </p>
      <EggBars w={w} f={f} />
      <div className={classes.grid}>
        <Figures
          title={w.eggs}
          rows={[
            [w.collected, `${formatCount(f.eggs.collected)} (${trays(w, f.eggs.collected)})`],
            [w.traysSold, formatCount(f.eggs.sold_trays)],
            [w.kept, trays(w, f.eggs.kept_eggs)],
            [w.writtenOff, formatCount(f.eggs.written_off)],
          ]}
        />
        <Figures
          title={w.sales}
          rows={[
            [w.salesTotal, formatKes(f.sales.total_cents)],
            [w.paid, formatKes(f.sales.paid_cents)],
            [w.pending, formatKes(f.sales.pending_cents)],
            [w.owed, `${formatKes(f.sales.owed_cents)}${f.sales.buyers_owing > 0 ? ` (${w.buyersOwing(f.sales.buyers_owing)})` : ''}`],
          ]}
        />
        <Figures
          title={w.expenses}
          rows={[
            [w.spent, formatKes(f.expenses.total_cents)],
            ...f.expenses.by_category.map((c): [string, string] => [categories[c.category] ?? c.category, formatKes(c.amount_cents)]),
            ...(f.expenses.budget_cents > 0
              ? ([
                  [w.budgetOfMonth(dayText(`${f.expenses.month}-01`).slice(3)), formatKes(f.expenses.budget_cents)],
                  [w.budgetSpent, formatKes(f.expenses.budget_spent_cents)],
                ] as [string, string][])
              : ([[w.noBudget, '']] as [string, string][])),
            ...(f.expenses.over_budget_flocks > 0 ? ([[w.overBudget(f.expenses.over_budget_flocks), '']] as [string, string][]) : []),
          ]}
        />
        <Figures
          title={w.birds}
          rows={[
            [w.alive, formatCount(f.birds.alive)],
            [w.deaths, formatCount(f.birds.deaths)],
            [w.birdsSold, formatCount(f.birds.sold)],
            [w.culled, formatCount(f.birds.culled)],
            [w.added, formatCount(f.birds.added)],
          ]}
        />
        <Figures
          title={w.feed}
          rows={[
            [w.feedUsed, or(f.feed.used_kg, w.kg)],
            [w.feedCost, formatKes(f.feed.cost_cents)],
            [w.daysLeft, or(f.feed.days_left, w.days)],
          ]}
        />
      </div>
      <section className={classes.section} aria-label={w.balances}>
        <h3 className={classes.sectionTitle}>{w.balances}</h3>
        <Balances w={w} lines={f.balances} />
      </section>
    </Paper>
  );
}

function WeekList({ items, current }: { items: WeeklySummaryItem[]; current: number | null }) {
  const w = summaryWords;
  return (
    <ul className={classes.list}>
      {items.map((item) => (
        <li key={item.id}>
          <Link to={paths.summaries.getHref(item.id)} className={classes.item} aria-current={item.id === current ? 'true' : undefined}>
            <span className={classes.itemWeek}>{w.weekOf(dayText(item.week_start), dayText(item.week_end))}</span>
            <span className={classes.itemFigures}>
              {w.collected}: {formatCount(item.eggs_collected)} · {w.salesTotal}: {formatKes(item.sales_cents)}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * /weekly-summaries (decision 078): the owner's weekly summaries kept, newest first, and one week's
 * figures and balance checks (`?id=`, the newest without); the owner makes the week so far.
 * Every figure is the server's.
 */
export function SummariesPage() {
  const w = summaryWords;
  const [params] = useSearchParams();
  const asked = Number(params.get('id'));
  const [page, setPage] = useState(1);
  const list = useQuery(summaryListQuery(page));
  const id = Number.isSafeInteger(asked) && asked > 0 ? asked : (list.data?.items[0]?.id ?? null);
  const one = useQuery({ ...summaryQuery(id ?? 0), enabled: id !== null });
  const canMake = useCan('summaries.write');
  const make = useMakeCurrentSummary();
  const [made, setMade] = useState<WeeklySummary | null>(null);
  const shown = made && (id === null || made.id === id) ? made : one.data;

  const makeNow = () =>
    make.mutate(undefined, {
      onSuccess: (summary) => {
        setMade(summary);
        showSuccessToast(w.madeNow);
      },
      onError: (error) => showErrorToast(error.message),
    });

  return (
    <>
      <PageHeader
        title={screenTitles.summaries}
        subtitle={w.intro}
        actions={
          canMake ? (
            <Button onClick={makeNow} loading={make.isPending}>
              {w.makeNow}
            </Button>
          ) : null
        }
      />
      <div className={classes.page}>
        {shown ? <Week summary={shown} /> : one.isError ? <p className={classes.note}>{w.notFound}</p> : id !== null ? <Skeleton h={400} /> : null}
        <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="summary-weeks">
          <h2 id="summary-weeks" className={classes.weekTitle}>
            {w.pastWeeks}
          </h2>
          {list.isError ? (
            <p className={classes.note}>
              {w.loadFailed}{' '}
              <Button variant="subtle" size="compact-sm" onClick={() => void list.refetch()}>
                {w.retry}
              </Button>
            </p>
          ) : !list.data ? (
            <Skeleton h={120} />
          ) : list.data.total === 0 ? (
            <p className={classes.note}>{w.none}</p>
          ) : (
            <>
              <WeekList items={list.data.items} current={shown?.id ?? null} />
              {list.data.total > SUMMARY_PAGE_SIZE ? <Pagination mt="md" total={Math.ceil(list.data.total / SUMMARY_PAGE_SIZE)} value={page} onChange={setPage} /> : null}
            </>
          )}
        </Paper>
      </div>
    </>
  );
}
