import { Button, Paper, Skeleton } from '@mantine/core';
import { expenseMessages as m, type Expense } from '@kuku/domain';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { useCan } from '../../../lib/use-can';
import { Deferred } from '../../../first-screen/deferred';
import { lazyWithPreload } from '../../../first-screen/lazy';
import { PageHeader } from '../../../ui/page-header';
import { WelcomePanel } from '../../../ui/welcome-panel';
import { flockOptionsQuery } from '../../flocks/api';
import { expenseStatsQuery } from '../api';
import type { BudgetKey } from '../components/budget-modals';
import { BudgetAgainstActual, ExpenseStatsCards } from '../components/expense-stats';
import { expenseNotices } from '../components/expense-toasts';
import classes from './expenses-page.module.css';
import { useFarmToday } from '../../../ui/farm-today';

// The forms (dialogs, inputs, the schemas) are not on the first screen: they load on first use,
// or when the pointer or focus heads for their buttons (docs/design.md §9: 170 KB of JS gzip).
const ExpenseModal = lazyWithPreload(() => import('../components/expense-modal'), (mod) => mod.ExpenseModal);
const BudgetAddModal = lazyWithPreload(() => import('../components/budget-modals'), (mod) => mod.BudgetAddModal);
const BudgetEditModal = lazyWithPreload(() => import('../components/budget-modals'), (mod) => mod.BudgetEditModal);
// chart.js comes with the charts' own chunk, once the screen's data has arrived or the charts near the viewport.
const ExpensesCharts = lazyWithPreload(() => import('../components/expenses-charts'), (mod) => mod.ExpensesCharts);
// The list (its table, search and paging) is below the fold at every width: it loads once the
// first screen is drawn, beside the screen's data.
const ExpensesList = lazyWithPreload(() => import('../components/expenses-list'), (mod) => mod.ExpensesList);
// The report form brings its schema: below the fold, it loads like the charts.
const ExpensesReportForm = lazyWithPreload(() => import('../components/expenses-report-form'), (mod) => mod.ExpensesReportForm);

/** The charts' place, their size, while their code loads (the charts chunk's own skeleton is the same size). */
function ChartsFallback() {
  return (
    <section aria-label={m.chartsLoading} aria-busy>
      <h2 className={classes.chartsHeading}>{m.chartsTitle}</h2>
      <div className={classes.chartsGrid}>
        <Skeleton className={classes.chart} radius="lg" />
        <Skeleton className={classes.chart} radius="lg" />
        <Skeleton className={classes.chart} radius="lg" />
        <Skeleton className={classes.chart} radius="lg" />
      </div>
    </section>
  );
}

/** Which dialog is open: none yet, or one, opened or closing; the key starts each opening afresh. */
type Dialog =
  | { kind: 'expense'; expense: Expense | null; opened: boolean; key: number }
  | { kind: 'budgetAdd'; opened: boolean; key: number }
  | { kind: 'budgetEdit'; initial: BudgetKey | null; opened: boolean; key: number };
type DialogRequest = Omit<Extract<Dialog, { kind: 'expense' }>, 'opened' | 'key'> | Omit<Extract<Dialog, { kind: 'budgetAdd' }>, 'opened' | 'key'> | Omit<Extract<Dialog, { kind: 'budgetEdit' }>, 'opened' | 'key'>;

const preloadBudgetForms = () => BudgetAddModal.preload();

/** /expenses (docs/product.md §2 Expenses): record what each flock costs, set its monthly budget, see where the money goes. */
export function ExpensesPage() {
  const flocks = useQuery(flockOptionsQuery()).data ?? [];
  const statsQuery = useQuery(expenseStatsQuery());
  const stats = statsQuery.data;
  const today = useFarmToday();
  const statsFailed = statsQuery.isError;
  // Null until first opened; then mounted for good, so the dialog can play its closing transition.
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const open = (request: DialogRequest) => setDialog((d) => ({ ...request, opened: true, key: (d?.key ?? 0) + 1 }) as Dialog);
  const close = () => setDialog((d) => (d ? { ...d, opened: false } : d));
  const addBudget = () => open({ kind: 'budgetAdd' });
  const canWrite = useCan('expenses.write');
  const canReport = useCan('reports.write');

  return (
    <>
      <PageHeader title={m.title} />
      <div className={classes.page}>
        <WelcomePanel id="expenses-welcome-title" title={m.welcomeTitle} text={m.welcomeText}>
          {canWrite ? (
            <>
              <Button
                leftSection={<IconPlus size={18} aria-hidden />}
                onClick={() => open({ kind: 'expense', expense: null })}
                onPointerEnter={ExpenseModal.preload}
                onFocus={ExpenseModal.preload}
              >
                {m.newExpense}
              </Button>
              <Button
                variant="default"
                leftSection={<IconPencil size={18} aria-hidden />}
                onClick={() => open({ kind: 'budgetEdit', initial: null })}
                onPointerEnter={preloadBudgetForms}
                onFocus={preloadBudgetForms}
              >
                {m.editBudget}
              </Button>
            </>
          ) : null}
        </WelcomePanel>
        <ExpenseStatsCards stats={stats} failed={statsFailed} onAddBudget={canWrite ? addBudget : undefined} onAddBudgetIntent={preloadBudgetForms} />
        <BudgetAgainstActual stats={stats} failed={statsFailed} onAddBudget={canWrite ? addBudget : undefined} onAddBudgetIntent={preloadBudgetForms} />
        <Deferred fallback={<Skeleton className={classes.listFallback} radius="lg" aria-label={m.listLoading} />} soon>
          <ExpensesList onEdit={(expense) => open({ kind: 'expense', expense })} onEditIntent={ExpenseModal.preload} />
        </Deferred>
        <Deferred fallback={<ChartsFallback />}>
          <ExpensesCharts />
        </Deferred>
        {canReport ? (
          <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="expense-report-title">
            <h2 className={classes.reportTitle} id="expense-report-title">
              {m.reportTitle}
            </h2>
            <Deferred fallback={<Skeleton className={classes.reportFallback} radius="md" aria-label={m.reportLoading} />}>
              <ExpensesReportForm />
            </Deferred>
          </Paper>
        ) : null}
      </div>

      {dialog ? (
        <Suspense fallback={null}>
          {dialog.kind === 'expense' ? (
            <ExpenseModal
              key={dialog.key}
              opened={dialog.opened}
              onClose={close}
              flocks={flocks}
              expense={dialog.expense}
              today={today}
              notices={expenseNotices}
            />
          ) : dialog.kind === 'budgetAdd' ? (
            <BudgetAddModal
              key={dialog.key}
              opened={dialog.opened}
              onClose={close}
              flocks={flocks}
              onEditExisting={(initial) => open({ kind: 'budgetEdit', initial })}
              today={today}
              notices={expenseNotices}
            />
          ) : (
            <BudgetEditModal
              key={dialog.key}
              opened={dialog.opened}
              onClose={close}
              initial={dialog.initial}
              onAdd={addBudget}
              notices={expenseNotices}
            />
          )}
        </Suspense>
      ) : null}
    </>
  );
}
