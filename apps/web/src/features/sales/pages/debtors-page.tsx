import { Button, Paper, Skeleton } from '@mantine/core';
import { debtorMessages as m, formatKes } from '@kuku/domain';
import { paths } from '@kuku/domain/screens';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { PageHeader } from '../../../ui/page-header';
import { debtorsQuery } from '../api';
import { DebtorList } from '../components/debtor-list';
import classes from './debtors-page.module.css';

/**
 * /sales-management/debtors (decision 055): who owes the farm, the buyers of its pending sales
 * with what each owes and since when, the oldest debt first; one tap marks a buyer paid.
 * Every figure is the server's (GET /api/sales/debtors).
 */
export function DebtorsPage() {
  const query = useQuery(debtorsQuery());
  const data = query.data;
  const shown = data?.items.length ?? 0;

  return (
    <>
      <Button component={Link} to={paths.sales.getHref()} variant="subtle" size="compact-sm" leftSection={<IconArrowLeft size={16} aria-hidden />} className={classes.back}>
        {m.backToSales}
      </Button>
      <PageHeader title={m.title} subtitle={m.intro} />
      <div className={classes.page}>
        <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-label={m.totalOwed}>
          <div className={classes.summary}>
            <div>
              <p className={classes.label}>{m.totalOwed}</p>
              <Skeleton visible={!data && !query.isError} w={!data ? '60%' : undefined}>
                <p className={classes.total}>{data ? formatKes(data.total_owed_cents) : '—'}</p>
              </Skeleton>
            </div>
            <Skeleton visible={!data && !query.isError} w={!data ? 80 : undefined}>
              <p className={classes.count}>{data ? m.buyers(data.buyers) : '—'}</p>
            </Skeleton>
          </div>
          {data && data.buyers > shown ? <p className={classes.note}>{m.capped(shown, data.buyers)}</p> : null}
        </Paper>
        <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-label={m.title}>
          <DebtorList debtors={data?.items} status={query.status} busy={query.isFetching} />
        </Paper>
      </div>
    </>
  );
}
