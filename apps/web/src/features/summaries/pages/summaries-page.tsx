import { Button, Group, Paper, Skeleton } from '@mantine/core';
import { dayText, formatCount, formatKes, SUMMARY_PAGE_SIZE, summaryWords, type WeeklySummary, type WeeklySummaryItem } from '@kuku/domain';
import { paths, screenTitles } from '@kuku/domain/screens';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useCan } from '../../../lib/use-can';
import { Deferred } from '../../../first-screen/deferred';
import { lazyWithPreload } from '../../../first-screen/lazy';
import { PageHeader } from '../../../ui/page-header';
import { showErrorToast, showSuccessToast } from '../../../ui/toast';
import { summaryListQuery, summaryQuery, useMakeCurrentSummary } from '../api';
import classes from './summaries-page.module.css';

const WeekFigures = lazyWithPreload(() => import('../components/week-figures'), (m) => m.WeekFigures);

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
        {shown ? (
          <Deferred soon fallback={<Skeleton h={400} />}>
            <WeekFigures summary={shown} />
          </Deferred>
        ) : one.isError ? <p className={classes.note}>{w.notFound}</p> : id !== null ? <Skeleton h={400} /> : null}
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
              {list.data.total > SUMMARY_PAGE_SIZE ? (
                <Group mt="md" justify="space-between">
                  <Button variant="default" size="compact-sm" disabled={page === 1} onClick={() => setPage(page - 1)}>
                    {w.newer}
                  </Button>
                  <Button variant="default" size="compact-sm" disabled={page * SUMMARY_PAGE_SIZE >= list.data.total} onClick={() => setPage(page + 1)}>
                    {w.older}
                  </Button>
                </Group>
              ) : null}
            </>
          )}
        </Paper>
      </div>
    </>
  );
}
