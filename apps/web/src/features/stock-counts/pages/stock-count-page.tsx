import { Skeleton } from '@mantine/core';
import { stockCountWords } from '@kuku/domain';
import { screenTitles } from '@kuku/domain/screens';
import { Deferred } from '../../../first-screen/deferred';
import { lazyWithPreload } from '../../../first-screen/lazy';
import { PageHeader } from '../../../ui/page-header';

const StockCountSections = lazyWithPreload(() => import('../components/stock-count-sections'), (m) => m.StockCountSections);

/**
 * /stock-count (decision 077): a count of the eggs, the feed or the birds in a few taps; what the
 * records said is shown only once it is saved. The last counts below; for the owner, the margin and
 * the last 7 days' balance checks. Every figure is the server's. The header is the first screen;
 * the sections (forms, number fields, the records' words) load as soon as it is painted.
 */
export function StockCountPage() {
  return (
    <>
      <PageHeader title={screenTitles.stockCount} subtitle={stockCountWords.intro} />
      <Deferred soon fallback={<Skeleton h={420} />}>
        <StockCountSections />
      </Deferred>
    </>
  );
}
