import { Paper } from '@mantine/core';
import {
  dayText,
  EXPENSE_CATEGORY_LABELS,
  formatCount,
  formatKes,
  summaryWords,
  traysOf,
  type BalanceLine,
  type WeeklyFigures,
  type WeeklySummary,
} from '@kuku/domain';
import { useFarmDates } from '../../../ui/date';
import classes from '../pages/summaries-page.module.css';

/**
 * One week's figures on the Weekly summaries screen (decision 078), as the mail says them: loaded
 * after the screen's first paint with the expense categories' words, so the screen's first code
 * stays small.
 */
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
export function WeekFigures({ summary }: { summary: WeeklySummary }) {
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

