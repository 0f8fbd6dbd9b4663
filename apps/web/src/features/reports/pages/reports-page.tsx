import { Skeleton } from '@mantine/core';
import { reportMessages as m } from '@kuku/domain';
import { useCan } from '../../../lib/use-can';
import { Deferred } from '../../../first-screen/deferred';
import { lazyWithPreload } from '../../../first-screen/lazy';
import { PageHeader } from '../../../ui/page-header';
import { ReportGenerator } from '../components/report-generator';
import classes from './reports-page.module.css';

// The list (its table, search, paging and the delete question) loads once the first screen is
// drawn, beside the screen's data (decision 022).
const ReportsList = lazyWithPreload(() => import('../components/reports-list'), (mod) => mod.ReportsList);

/** /reports (docs/product.md §2 Reports): the generator, then the Recent Reports with their files. */
export function ReportsPage() {
  // An auditor reads the reports and downloads them; only owners and managers make them.
  const canWrite = useCan('reports.write');
  return (
    <>
      <PageHeader title={m.title} subtitle={m.intro} />
      <div className={classes.page}>
        {canWrite ? <ReportGenerator /> : null}
        <Deferred fallback={<Skeleton className={classes.listFallback} radius="lg" aria-label={m.listLoading} />} soon>
          <ReportsList />
        </Deferred>
      </div>
    </>
  );
}
