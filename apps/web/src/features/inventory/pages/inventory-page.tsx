import { Button, Skeleton } from '@mantine/core';
import { inventoryMessages as m, type InventoryItem } from '@kuku/domain';
import { IconPackageImport, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { useCan, useSeesMoney } from '../../../lib/use-can';
import { Deferred } from '../../../first-screen/deferred';
import { lazyWithPreload } from '../../../first-screen/lazy';
import { PageHeader } from '../../../ui/page-header';
import { WelcomePanel } from '../../../ui/welcome-panel';
import { flockOptionsQuery } from '../../flocks/api';
import { inventoryStatsQuery } from '../api';
import { InventoryStatsCards } from '../components/inventory-stats';
import { inventoryNotices } from '../components/inventory-toasts';
import classes from './inventory-page.module.css';

// The forms (dialogs, inputs, the schemas) are not on the first screen: they load on first use,
// or when the pointer or focus heads for their buttons (docs/design.md §9: 170 KB of JS gzip).
const ItemModal = lazyWithPreload(() => import('../components/item-modal'), (mod) => mod.ItemModal);
const RemoveStockModal = lazyWithPreload(() => import('../components/remove-stock-modal'), (mod) => mod.RemoveStockModal);
const RestockModal = lazyWithPreload(() => import('../components/restock-modal'), (mod) => mod.RestockModal);
const ItemDetailsModal = lazyWithPreload(() => import('../components/item-details-modal'), (mod) => mod.ItemDetailsModal);
// The list (its table, search and paging) loads once the first screen is drawn, beside the screen's data.
const InventoryList = lazyWithPreload(() => import('../components/inventory-list'), (mod) => mod.InventoryList);

/** Which dialog is open: none yet, or one, opened or closing; the key starts each opening afresh. */
type DialogRequest =
  | { kind: 'item'; item: InventoryItem | null }
  | { kind: 'remove'; item: InventoryItem }
  | { kind: 'restock'; itemId: number | null }
  | { kind: 'details'; item: InventoryItem };
type Dialog = DialogRequest & { opened: boolean; key: number };

/** /inventory (docs/product.md §2 Inventory): feed, vaccines, drugs and litter, their stock, cost and reorder levels. */
export function InventoryPage() {
  const flocks = useQuery(flockOptionsQuery()).data ?? [];
  const statsQuery = useQuery(inventoryStatsQuery());
  // Null until first opened; then mounted for good, so the dialog can play its closing transition.
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const open = (request: DialogRequest) => setDialog((d) => ({ ...request, opened: true, key: (d?.key ?? 0) + 1 }));
  const close = () => setDialog((d) => (d ? { ...d, opened: false } : d));
  const canWrite = useCan('inventory.write');
  const seesMoney = useSeesMoney();

  return (
    <>
      <PageHeader title={m.title} />
      <div className={classes.page}>
        <WelcomePanel id="inventory-welcome-title" title={m.welcomeTitle} text={seesMoney ? m.welcomeText : m.welcomeTextWithoutMoney}>
          {canWrite ? (
            <>
              <Button
                leftSection={<IconPackageImport size={18} aria-hidden />}
                onClick={() => open({ kind: 'restock', itemId: null })}
                onPointerEnter={RestockModal.preload}
                onFocus={RestockModal.preload}
              >
                {m.updateInventory}
              </Button>
              <Button
                variant="default"
                leftSection={<IconPlus size={18} aria-hidden />}
                onClick={() => open({ kind: 'item', item: null })}
                onPointerEnter={ItemModal.preload}
                onFocus={ItemModal.preload}
              >
                {m.addNewItem}
              </Button>
            </>
          ) : null}
        </WelcomePanel>
        <InventoryStatsCards
          stats={statsQuery.data}
          failed={statsQuery.isError}
          onRestock={canWrite ? (itemId) => open({ kind: 'restock', itemId }) : undefined}
          onRestockIntent={RestockModal.preload}
        />
        <Deferred fallback={<Skeleton className={classes.listFallback} radius="lg" aria-label={m.listLoading} />} soon>
          <InventoryList
            onEdit={(item) => open({ kind: 'item', item })}
            onRemove={(item) => open({ kind: 'remove', item })}
            onDetails={(item) => open({ kind: 'details', item })}
            onIntent={ItemModal.preload}
            notices={inventoryNotices}
          />
        </Deferred>
      </div>

      {dialog ? (
        <Suspense fallback={null}>
          {dialog.kind === 'item' ? (
            <ItemModal key={dialog.key} opened={dialog.opened} onClose={close} flocks={flocks} item={dialog.item} notices={inventoryNotices} />
          ) : dialog.kind === 'remove' ? (
            <RemoveStockModal key={dialog.key} opened={dialog.opened} onClose={close} item={dialog.item} notices={inventoryNotices} />
          ) : dialog.kind === 'restock' ? (
            <RestockModal key={dialog.key} opened={dialog.opened} onClose={close} itemId={dialog.itemId} notices={inventoryNotices} />
          ) : (
            <ItemDetailsModal key={dialog.key} opened={dialog.opened} onClose={close} item={dialog.item} />
          )}
        </Suspense>
      ) : null}
    </>
  );
}
