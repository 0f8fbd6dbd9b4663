import { Button, Skeleton } from '@mantine/core';
import { budgetLevel, budgetPercentUsed, financeMessages as m, formatKes, type Finance, type FlockFinance } from '@kuku/domain';
import type { ReactNode } from 'react';
import { Deferred } from '../../../first-screen/deferred';
import { pieShares, pieSummary } from './finance-lines';
import { RevenuePie } from './finance-trends';
import classes from './finance.module.css';

interface BudgetProps {
  flock: FlockFinance;
  /** 'Set yearly budget' or 'Edit yearly budget' was asked for; without it (a role that cannot set budgets) no such button. */
  onBudget?: (flock: FlockFinance) => void;
  onBudgetIntent: () => void;
  /** A laying flock's tray figures (decision 074), composed in by the page: they load after the first screen. */
  trays?: ((flock: FlockFinance) => ReactNode) | undefined;
}

/** The flock's budget against its expenses: the yearly budget, or else the sum of its monthly budgets (budget_source). */
function FlockBudget({ flock, onBudget, onBudgetIntent }: BudgetProps) {
  const budget = flock.budget_cents;
  // Monthly budgets stand against their own months' expenses only (decision 030).
  const spent = flock.budget_spent_cents ?? flock.expenses_cents;
  const action = flock.yearly_budget_cents === null ? m.setBudget : m.editBudget;
  const level = budget === null ? null : budgetLevel(spent, budget);
  const percent = budget === null ? null : budgetPercentUsed(spent, budget);
  const left = budget === null ? 0 : budget - spent;
  const against = left < 0 ? m.overBudgetBy(formatKes(-left)) : m.spentOfBudget(formatKes(spent), formatKes(budget ?? 0));
  return (
    <div className={classes.budget}>
      <div className={classes.budgetHead}>
        <div>
          <span className={classes.budgetFigure}>
            {m.budget}: {budget === null ? m.noBudget : formatKes(budget)}
          </span>
          {flock.budget_source ? (
            <>
              {' '}
              <span className={classes.budgetSource}>({flock.budget_source === 'yearly' ? m.yearlyBudget : m.budgetFromMonths})</span>
            </>
          ) : null}
        </div>
        {onBudget ? (
          <Button
            size="compact-sm"
            variant="default"
            aria-label={m.budgetActionFor(action, flock.flock_name)}
            onClick={() => onBudget(flock)}
            onPointerEnter={onBudgetIntent}
            onFocus={onBudgetIntent}
          >
            {action}
          </Button>
        ) : null}
      </div>
      {budget !== null && level !== null ? (
        <>
          <div className={classes.bar} aria-hidden>
            <div className={`${classes.fill} ${classes[`${level}Fill`]}`} style={{ width: `${Math.min(100, percent ?? (level === 'over' ? 100 : 0))}%` }} />
          </div>
          <span className={classes[level]}>
            {flock.budget_source === 'monthly' ? m.inBudgetedMonths(against) : against}
            {percent === null ? '' : ` (${percent}%)`}
          </span>
        </>
      ) : null}
    </div>
  );
}

function FlockCard({ flock, onBudget, onBudgetIntent, trays }: BudgetProps) {
  const recorded = flock.revenue_cents !== 0 || flock.expenses_cents !== 0;
  const headingId = `finance-flock-${flock.flock_id}`;
  return (
    <li className={`${classes.card} ${classes.flockCard}`} aria-labelledby={headingId}>
      <div className={classes.flockHead}>
        <h3 id={headingId}>{flock.flock_name}</h3>
        {flock.status === 'active' ? null : <span className={classes.status}>{flock.status}</span>}
      </div>
      {recorded ? (
        <div className={classes.flockBody}>
          <div className={classes.smallPie}>
            <Deferred fallback={<Skeleton className={classes.smallPieSkeleton} circle aria-label={m.chartLoading} />} ahead="0px">
              <RevenuePie
                label={`${flock.flock_name}: ${pieSummary(flock.revenue_cents, flock.expenses_cents)}.`}
                revenueCents={flock.revenue_cents}
                expensesCents={flock.expenses_cents}
                shares={pieShares(flock.revenue_cents, flock.expenses_cents)}
              />
            </Deferred>
          </div>
          <dl className={classes.flockFigures}>
            <div>
              <dt>
                <span className={`${classes.swatch} ${classes.revenueSwatch}`} aria-hidden />
                {m.revenue}
              </dt>
              <dd>{formatKes(flock.revenue_cents)}</dd>
            </div>
            <div>
              <dt>
                <span className={`${classes.swatch} ${classes.expensesSwatch}`} aria-hidden />
                {m.expenses}
              </dt>
              <dd>{formatKes(flock.expenses_cents)}</dd>
            </div>
            <div>
              <dt>{m.netProfit}</dt>
              <dd className={flock.net_profit_cents < 0 ? classes.negative : undefined}>{formatKes(flock.net_profit_cents)}</dd>
            </div>
          </dl>
        </div>
      ) : (
        <p className={classes.empty}>{m.flockNoRecords}</p>
      )}
      {trays?.(flock)}
      <FlockBudget flock={flock} onBudget={onBudget} onBudgetIntent={onBudgetIntent} />
    </li>
  );
}

interface FlockFinancesProps extends Omit<BudgetProps, 'flock'> {
  data: Finance | undefined;
}

/** docs/product.md §2: a revenue-versus-expenses pie a flock, its figures, and its budget against its expenses. */
export function FlockFinances({ data, onBudget, onBudgetIntent, trays }: FlockFinancesProps) {
  let body;
  if (!data) body = <Skeleton h={220} radius="md" aria-label={m.chartLoading} />;
  else if (data.flocks.length === 0) body = <p className={classes.empty}>{m.noFlocks}</p>;
  else {
    body = (
      <ul className={classes.flockCards} aria-labelledby="finance-flocks-title">
        {data.flocks.map((flock) => (
          <FlockCard key={flock.flock_id} flock={flock} onBudget={onBudget} onBudgetIntent={onBudgetIntent} trays={trays} />
        ))}
      </ul>
    );
  }
  return (
    <section aria-labelledby="finance-flocks-title">
      <h2 className={classes.sectionTitle} id="finance-flocks-title">
        {m.flockRevenueVsExpenses}
      </h2>
      <p className={classes.panelNote}>{m.flockPiesNote}</p>
      {body}
    </section>
  );
}
