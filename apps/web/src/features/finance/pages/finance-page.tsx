import { dayIn, DEFAULT_TIME_ZONE, type Finance, type FlockFinance } from '@kuku/domain';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { useCurrentUser } from '../../../lib/current-user';
import { useCan } from '../../../lib/use-can';
import { Deferred } from '../../../first-screen/deferred';
import { lazyWithPreload } from '../../../first-screen/lazy';
import { financeKeys, financeQuery } from '../api';
import { FinanceHeader } from '../components/finance-header';
import { FinanceOverview, FlockPerformance } from '../components/finance-overview';
import { FinanceTrends, OverallPie } from '../components/finance-trends';
import { FlockFinances } from '../components/flock-finances';
import classes from '../components/finance.module.css';

// The budget form (dialog, input, the schema) is not on the first screen: it loads on first use,
// or when the pointer or focus heads for a budget button (docs/design.md §9: 170 KB of JS gzip).
const BudgetModal = lazyWithPreload(() => import('../components/budget-modal'), (mod) => mod.BudgetModal);
// Each laying flock's tray figures (decision 074) come with their words once the cards near the viewport.
const FlockTrays = lazyWithPreload(() => import('../components/flock-trays'), (mod) => mod.FlockTrays);

/** The dialog's state: closed or open on a flock; the key starts each opening afresh. */
interface Dialog {
  opened: boolean;
  flock: FlockFinance;
  year: number;
  key: number;
}

/**
 * /finances (docs/product.md §2 Financial dashboard): the year's revenue, expenses and net profit for the
 * farm and each flock, from one answer (GET /api/flock-financial, prefetched by the route).
 */
export function FinancePage() {
  const queryClient = useQueryClient();
  // null: the farm's current year, the answer the route's loader already asked for.
  const [year, setYear] = useState<number | null>(null);
  // Another year keeps the figures shown, dimmed, until its own arrive.
  const query = useQuery({ ...financeQuery(year), placeholderData: keepPreviousData });
  const data = query.data;
  const timeZone = useCurrentUser()?.farm.time_zone ?? DEFAULT_TIME_ZONE;
  const canWrite = useCan('finance.write');
  const today = dayIn(new Date(), timeZone);
  const [dialog, setDialog] = useState<Dialog | null>(null);

  const chooseYear = (chosen: number) => {
    const current = queryClient.getQueryData<Finance>(financeKeys.year(null))?.year;
    setYear(chosen === current ? null : chosen);
  };
  const openBudget = (flock: FlockFinance) => {
    if (!data) return;
    setDialog((d) => ({ opened: true, flock, year: data.year, key: (d?.key ?? 0) + 1 }));
  };
  const closeBudget = () => setDialog((d) => (d ? { ...d, opened: false } : d));

  const failed = !data && query.isError;
  const loading = !data && !query.isError;
  const stale = query.isPlaceholderData;
  return (
    <>
      <FinanceHeader year={year ?? data?.year ?? null} years={data?.years ?? []} onYearChange={chooseYear} />
      <div className={stale ? `${classes.page} ${classes.stale}` : classes.page} aria-busy={stale || loading}>
        <FinanceOverview data={data} loading={loading} failed={failed} onRetry={() => void query.refetch()} />
        {failed ? null : (
          <>
            <div className={classes.performanceRow}>
              <FlockPerformance data={data} loading={loading} />
              <OverallPie data={data} />
            </div>
            <FinanceTrends data={data} today={today} />
            <FlockFinances
              data={data}
              onBudget={canWrite ? openBudget : undefined}
              onBudgetIntent={BudgetModal.preload}
              trays={(flock) =>
                data ? (
                  <div className={classes.traysSlot}>
                    <Deferred fallback={null}>
                      <FlockTrays flockId={flock.flock_id} year={data.year} />
                    </Deferred>
                  </div>
                ) : null
              }
            />
          </>
        )}
      </div>

      {dialog ? (
        <Suspense fallback={null}>
          <BudgetModal key={dialog.key} opened={dialog.opened} onClose={closeBudget} flock={dialog.flock} year={dialog.year} />
        </Suspense>
      ) : null}
    </>
  );
}
