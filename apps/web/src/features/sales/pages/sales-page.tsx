import { Button, Paper, Skeleton } from '@mantine/core';
import { saleMessages, type Sale } from '@kuku/domain';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { useCan } from '../../../lib/use-can';
import { Deferred } from '../../../first-screen/deferred';
import { lazyWithPreload } from '../../../first-screen/lazy';
import { PageHeader } from '../../../ui/page-header';
import { WelcomePanel } from '../../../ui/welcome-panel';
import { flockOptionsQuery } from '../../flocks/api';
import { saleStatsQuery } from '../api';
import { RemarksCard, SalesOverview, SaleStatsCards } from '../components/sale-stats';
import classes from './sales-page.module.css';

// The form (dialog, inputs, the schemas) is not on the first screen: it loads on first use, or
// when the pointer or focus heads for its buttons (docs/design.md §9: 170 KB of JS gzip).
const SaleModal = lazyWithPreload(() => import('../components/sale-modal'), (m) => m.SaleModal);
// chart.js comes with the charts' own chunk, once the screen's data has arrived or the charts near the viewport.
const SalesCharts = lazyWithPreload(() => import('../components/sales-charts'), (m) => m.SalesCharts);
// The list (its table, search and paging) is below the fold at every width: it loads once the
// first screen is drawn, beside the screen's data.
const SalesList = lazyWithPreload(() => import('../components/sales-list'), (m) => m.SalesList);
// The report form brings its schema: below the fold, it loads like the charts.
const SalesReportForm = lazyWithPreload(() => import('../components/sales-report-form'), (m) => m.SalesReportForm);

/** The charts' place, their size, while their code loads (the charts chunk's own skeleton is the same size). */
function ChartsFallback() {
  return (
    <section aria-label={saleMessages.chartsLoading} aria-busy>
      <h2 className={classes.chartsHeading}>{saleMessages.chartsHeading}</h2>
      <div className={classes.chartsGrid}>
        <Skeleton className={classes.chart} radius="lg" />
        <Skeleton className={classes.chart} radius="lg" />
        <Skeleton className={classes.chartTall} radius="lg" />
        <Skeleton className={classes.chartTall} radius="lg" />
      </div>
    </section>
  );
}

/** The list's place, a first page's size, while its code loads. */
function ListFallback() {
  return (
    <section aria-label={saleMessages.listLoading} aria-busy>
      <Skeleton className={classes.listFallback} radius="lg" />
    </section>
  );
}

/** A dialog's state: closed or open on a sale (none for a new one); the key starts each opening afresh. */
interface Dialog {
  opened: boolean;
  sale: Sale | null;
  key: number;
}

/** /sales-management (docs/product.md §2 Sales): record a sale in seconds, see what is owed and how the month goes. */
export function SalesPage() {
  const flocks = useQuery(flockOptionsQuery()).data ?? [];
  const statsQuery = useQuery(saleStatsQuery());
  const stats = statsQuery.data;
  const statsFailed = statsQuery.isError;
  // Null until first opened; then mounted for good, so the dialog can play its closing transition.
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const open = (sale: Sale | null) => setDialog((d) => ({ opened: true, sale, key: (d?.key ?? 0) + 1 }));
  const close = () => setDialog((d) => (d ? { ...d, opened: false } : d));
  const canWrite = useCan('sales.write');
  const canReport = useCan('reports.write');

  return (
    <>
      <PageHeader title={saleMessages.pageTitle} />
      <div className={classes.page}>
        <WelcomePanel id="sales-welcome-title" title={saleMessages.welcome} text={saleMessages.welcomeText}>
          {canWrite ? (
            <Button
              leftSection={<IconPlus size={18} aria-hidden />}
              onClick={() => open(null)}
              onPointerEnter={SaleModal.preload}
              onFocus={SaleModal.preload}
            >
              {saleMessages.createNewSale}
            </Button>
          ) : null}
        </WelcomePanel>
        <SaleStatsCards stats={stats} failed={statsFailed} />
        <div className={classes.panels}>
          <SalesOverview stats={stats} failed={statsFailed} />
          <RemarksCard stats={stats} failed={statsFailed} />
        </div>
        <Deferred fallback={<ListFallback />} soon>
          <SalesList onEdit={(sale) => open(sale)} onEditIntent={SaleModal.preload} />
        </Deferred>
        <Deferred fallback={<ChartsFallback />}>
          <SalesCharts />
        </Deferred>
        {canReport ? (
          <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="sales-report-title">
            <h2 className={classes.reportTitle} id="sales-report-title">
              {saleMessages.reportTitle}
            </h2>
            <Deferred fallback={<Skeleton className={classes.reportFallback} radius="md" aria-label={saleMessages.reportLoading} />}>
              <SalesReportForm />
            </Deferred>
          </Paper>
        ) : null}
      </div>

      {dialog ? (
        <Suspense fallback={null}>
          <SaleModal key={dialog.key} opened={dialog.opened} onClose={close} flocks={flocks} sale={dialog.sale} />
        </Suspense>
      ) : null}
    </>
  );
}
