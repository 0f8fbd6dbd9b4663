import { Button, Skeleton, Stack, Title } from '@mantine/core';
import { eggMessages, type EggAdjustment, type EggProduction } from '@kuku/domain';
import { paths } from '@kuku/domain/screens';
import { IconEggCracked, IconListNumbers, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { Link } from 'react-router';
import { useCan } from '../../../lib/use-can';
import { Deferred } from '../../../first-screen/deferred';
import { lazyWithPreload } from '../../../first-screen/lazy';
import { PageHeader } from '../../../ui/page-header';
import { flockOptionsQuery } from '../../flocks/api';
import { eggStatsQuery } from '../api';
import { AdjustmentSummary, EggStatsCards, LayingRateByFlock } from '../components/egg-stats';
import classes from './eggs-page.module.css';

// The forms (dialog, number inputs) are not on the first screen: they load on first use, or
// when the pointer or focus heads for their buttons (docs/design.md §9: 170 KB of JS gzip).
const ProductionModal = lazyWithPreload(() => import('../components/production-modal'), (m) => m.ProductionModal);
const AdjustmentModal = lazyWithPreload(() => import('../components/adjustment-modal'), (m) => m.AdjustmentModal);
// The two lists (tables, search and paging) are below the fold at every width: they load once the
// first screen is drawn, beside the screen's data.
const ProductionList = lazyWithPreload(() => import('../components/production-list'), (m) => m.ProductionList);
const AdjustmentList = lazyWithPreload(() => import('../components/adjustment-list'), (m) => m.AdjustmentList);
// chart.js comes with the charts' own chunk, once the screen's data has arrived or the charts near the viewport.
const EggCharts = lazyWithPreload(() => import('../components/egg-charts'), (m) => m.EggCharts);

/** The charts' place, their size, while their code loads. */
function ChartsFallback() {
  return (
    <section aria-label={eggMessages.chartsLoading} aria-busy>
      <Title order={2} fz="lg" mb="sm">
        {eggMessages.chartsTitle}
      </Title>
      <div className={classes.chartsFallback}>
        <Skeleton className={classes.chartTall} radius="md" />
        <Skeleton className={classes.chart} radius="md" />
        <Skeleton className={classes.chart} radius="md" />
      </div>
    </section>
  );
}

/** A dialog's state: closed or open on a record (none for a new one); the key starts each opening afresh. */
interface Dialog<T> {
  opened: boolean;
  record: T | null;
  /** The eggs typed in the add form, carried into the record it met (the day's existing one). */
  typedEggs?: number | undefined;
  key: number;
}

function useDialog<T>() {
  // Null until first opened; then mounted for good, so the dialog can play its closing transition.
  const [dialog, setDialog] = useState<Dialog<T> | null>(null);
  const open = (record: T | null, typedEggs?: number) => setDialog((d) => ({ opened: true, record, typedEggs, key: (d?.key ?? 0) + 1 }));
  const close = () => setDialog((d) => (d ? { ...d, opened: false } : d));
  return { dialog, open, close };
}

/** /egg-production (docs/product.md §2): record a day's eggs in seconds, see the month, keep the lists right. */
export function EggsPage() {
  const flocks = useQuery(flockOptionsQuery()).data ?? [];
  const stats = useQuery(eggStatsQuery()).data;
  const production = useDialog<EggProduction>();
  const adjustment = useDialog<EggAdjustment>();
  const canWrite = useCan('eggs.write');

  return (
    <>
      <PageHeader
        title={eggMessages.pageTitle}
        actions={
          canWrite ? (
            <div className={classes.actions}>
              {/* Every laying flock on one screen: the daily round of a farm of many flocks. */}
              <Button component={Link} to={paths.eggDay.getHref()} leftSection={<IconListNumbers size={18} aria-hidden />}>
                {eggMessages.dayTitle}
              </Button>
              <Button
                leftSection={<IconPlus size={18} aria-hidden />}
                onClick={() => production.open(null)}
                onPointerEnter={ProductionModal.preload}
                onFocus={ProductionModal.preload}
              >
                {eggMessages.addProduction}
              </Button>
              <Button
                variant="light"
                leftSection={<IconEggCracked size={18} aria-hidden />}
                onClick={() => adjustment.open(null)}
                onPointerEnter={AdjustmentModal.preload}
                onFocus={AdjustmentModal.preload}
              >
                {eggMessages.addAdjustment}
              </Button>
            </div>
          ) : null
        }
      />
      <Stack gap="lg">
        <EggStatsCards stats={stats} />
        <div className={classes.panels}>
          <LayingRateByFlock stats={stats} />
          <AdjustmentSummary stats={stats} />
        </div>
        <Deferred fallback={<Skeleton className={classes.productionListFallback} radius="md" aria-label={eggMessages.productionListLoading} />} soon>
          <ProductionList onEdit={(record) => production.open(record)} onEditIntent={ProductionModal.preload} />
        </Deferred>
        <Deferred fallback={<Skeleton className={classes.adjustmentListFallback} radius="md" aria-label={eggMessages.adjustmentListLoading} />} soon>
          <AdjustmentList onEdit={(record) => adjustment.open(record)} onEditIntent={AdjustmentModal.preload} />
        </Deferred>
        <Deferred fallback={<ChartsFallback />}>
          <EggCharts />
        </Deferred>
      </Stack>

      {production.dialog ? (
        <Suspense fallback={null}>
          <ProductionModal
            key={production.dialog.key}
            opened={production.dialog.opened}
            onClose={production.close}
            flocks={flocks}
            record={production.dialog.record}
            typedEggs={production.dialog.typedEggs}
            onEditExisting={(record, typedEggs) => production.open(record, typedEggs)}
          />
        </Suspense>
      ) : null}
      {adjustment.dialog ? (
        <Suspense fallback={null}>
          <AdjustmentModal
            key={adjustment.dialog.key}
            opened={adjustment.dialog.opened}
            onClose={adjustment.close}
            flocks={flocks}
            adjustment={adjustment.dialog.record}
          />
        </Suspense>
      ) : null}
    </>
  );
}
