import { Paper, Skeleton } from '@mantine/core';
import { type BudgetLevel, expenseCategoryLabel, expenseMessages as m, type ExpenseStats, formatKes, monthText, worstBudgetsFirst } from '@kuku/domain';
import type { ReactNode } from 'react';
import { StatCard, StatCards, StatMoney } from '../../../ui/stat-card';
import classes from './expense-stats.module.css';

/** A budget's level in words; read in render, once the page's language has arrived (decision 068). */
const levelWords = (level: BudgetLevel): string => ({ ok: m.levelOk, warning: m.levelWarning, over: m.levelOver })[level];

/** '85.5%', or '—' for a budget of 0 (nothing to divide by). */
const percentText = (percent: number | null) => (percent === null ? '—' : `${percent}%`);

interface StatsProps {
  stats: ExpenseStats | undefined;
  failed: boolean;
  /** 'Add new Budget' was asked for; without it (a role that cannot set budgets) no such button. */
  onAddBudget?: () => void;
  onAddBudgetIntent?: () => void;
}

/**
 * docs/product.md §2 Expenses statistics cards: this week (from Monday), this month, this year, this
 * month's largest category and the budget used, each from GET /api/expenses/stats.
 */
export function ExpenseStatsCards({ stats: s, failed, onAddBudget, onAddBudgetIntent }: StatsProps) {
  const loading = !s && !failed;
  const none = failed && !s;
  const money = (cents: number | undefined) => (cents === undefined ? '—' : <StatMoney cents={cents} />);
  const used = s?.budget_used ?? null;
  // The farm's total can be within budget while a flock is over: that flock is what needs saying.
  const flocksOver = s?.budgets.filter((b) => b.level === 'over').length ?? 0;
  return (
    <section aria-labelledby="expense-stats-title">
      <div className={classes.head}>
        <h2 className={classes.title} id="expense-stats-title">
          {m.statsTitle}
          {s ? <span className={classes.month}>{monthText(s.today.slice(0, 7))}</span> : null}
        </h2>
        {onAddBudget ? (
          <button type="button" className={classes.link} onClick={onAddBudget} onPointerEnter={onAddBudgetIntent} onFocus={onAddBudgetIntent}>
            {m.addNewBudget}
          </button>
        ) : null}
      </div>
      {none ? (
        <p className={classes.failed} role="alert">
          {m.statsFailed}
        </p>
      ) : null}
      <StatCards columns={6}>
        <StatCard label={m.statThisWeek} className={classes.third} loading={loading} value={money(s?.week_cents ?? (none ? undefined : 0))} note={m.statWeekNote} />
        <StatCard label={m.statThisMonth} className={classes.third} loading={loading} value={money(s?.month_cents ?? (none ? undefined : 0))} note={m.statMonthNote} />
        <StatCard label={m.statThisYear} className={classes.third} loading={loading} value={money(s?.year_cents ?? (none ? undefined : 0))} note={m.statYearNote} />
        <StatCard
          label={m.statLargestCategory}
          className={classes.half}
          loading={loading}
          value={s?.largest_category ? expenseCategoryLabel(s.largest_category.category) : '—'}
          note={s?.largest_category ? formatKes(s.largest_category.amount_cents) : m.noCategoryYet}
        />
        <StatCard
          label={m.statBudgetUsed}
          loading={loading}
          className={classes.last}
          value={used ? <span className={classes[used.level]}>{percentText(used.percent_used)}</span> : '—'}
          note={
            used ? (
              <>
                {flocksOver > 0 && used.level !== 'over' ? (
                  <span className={classes.over}>{m.flocksOverBudget(flocksOver)}</span>
                ) : (
                  <span className={classes[used.level]}>{levelWords(used.level)}</span>
                )}{' '}
                · {m.spentOf(formatKes(used.spent_cents), formatKes(used.budget_cents))}
              </>
            ) : (
              m.noBudgetThisMonth
            )
          }
        />
      </StatCards>
    </section>
  );
}

/**
 * docs/product.md §2 Budgets, budget against actual: each flock with a budget this month, its budget,
 * what it spent, what is left and the percent used, coloured from 80 % and over at 100 %
 * (the server's budgetLevel), the level said in words too (WCAG 1.4.1).
 */
export function BudgetAgainstActual({ stats, failed, onAddBudget, onAddBudgetIntent }: StatsProps) {
  let body: ReactNode;
  if (!stats) {
    body = failed ? <p className={classes.empty}>{m.statsFailed}</p> : <Skeleton h={96} aria-label={m.budgetAgainstActual} />;
  } else if (stats.budgets.length === 0) {
    body = (
      <div className={classes.emptyRow}>
        <p className={classes.empty}>{m.noBudgetThisMonth}</p>
        {onAddBudget ? (
          <button type="button" className={classes.link} onClick={onAddBudget} onPointerEnter={onAddBudgetIntent} onFocus={onAddBudgetIntent}>
            {m.addBudget}
          </button>
        ) : null}
      </div>
    );
  } else {
    body = (
      <ul className={classes.budgets}>
        {worstBudgetsFirst(stats.budgets).map((b) => (
          <li key={b.budget_id} className={classes.budget} data-level={b.level}>
            <div className={classes.budgetHead}>
              <span className={classes.flock}>{b.flock_name}</span>
              <span className={`${classes.percent} ${classes[b.level]}`}>
                {percentText(b.percent_used)} · {levelWords(b.level)}
              </span>
            </div>
            <div className={classes.bar} aria-hidden>
              <div className={`${classes.fill} ${classes[`${b.level}Fill`]}`} style={{ width: `${Math.min(100, b.percent_used ?? (b.level === 'over' ? 100 : 0))}%` }} />
            </div>
            <dl className={classes.figures}>
              <div>
                <dt>{m.budgetColumn}</dt>
                <dd>{formatKes(b.budget_cents)}</dd>
              </div>
              <div>
                <dt>{m.spentColumn}</dt>
                <dd>{formatKes(b.spent_cents)}</dd>
              </div>
              <div>
                <dt>{m.leftColumn}</dt>
                <dd className={b.left_cents < 0 ? classes.over : undefined}>
                  {b.left_cents < 0 ? m.overBy(formatKes(-b.left_cents)) : formatKes(b.left_cents)}
                </dd>
              </div>
              <div>
                <dt>{m.usedColumn}</dt>
                <dd>{percentText(b.percent_used)}</dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="expense-budgets-title">
      <h2 className={classes.panelTitle} id="expense-budgets-title">
        {m.budgetAgainstActual}
      </h2>
      {body}
    </Paper>
  );
}
