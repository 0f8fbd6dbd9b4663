import {
  countDetail,
  INVENTORY_PAGE_SIZE,
  PAGE_SIZE_MAX,
  type InventoryItem,
  type InventoryItemBody,
  type InventorySort,
  type InventoryStats,
  type Page,
  type RemovalReason,
  type StockChange,
  type StockMovement,
  type QUERY_ROOTS,
} from '@kuku/domain';
import { keepPreviousData, queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { flockOptionsQuery } from '../flocks/api';
import { markStale } from '../../lib/stale-after';
import { useCaptureMutation } from '../../outbox/use-capture-mutation';

export interface InventoryListParams {
  page: number;
  q: string;
  sort: InventorySort;
  order: 'asc' | 'desc';
}

/**
 * docs/style.md rule 12: every inventory query sits under `inventoryKeys.all`, so a change reads the list,
 * the statistics, the item picker and the movement histories again with one invalidation.
 */
export const inventoryKeys = {
  all: ['inventory'] as const satisfies typeof QUERY_ROOTS.inventory,
  lists: () => [...inventoryKeys.all, 'list'] as const,
  list: (params: InventoryListParams) => [...inventoryKeys.lists(), params] as const,
  stats: () => [...inventoryKeys.all, 'stats'] as const,
  options: () => [...inventoryKeys.all, 'options'] as const,
  movements: (id: number, page: number) => [...inventoryKeys.all, 'movements', id, page] as const,
};

/** The item list as the screen first shows it: by name (INVENTORY_SORTS' default). */
export const FIRST_INVENTORY_PAGE: InventoryListParams = { page: 1, q: '', sort: 'name', order: 'asc' };

function listPath(params: InventoryListParams): string {
  const search = new URLSearchParams({
    page: String(params.page),
    pageSize: String(INVENTORY_PAGE_SIZE),
    sort: params.sort,
    order: params.order,
  });
  if (params.q.trim()) search.set('q', params.q.trim());
  return `/inventory?${search}`;
}

export function inventoryListQuery(params: InventoryListParams) {
  return queryOptions({
    queryKey: inventoryKeys.list(params),
    queryFn: ({ signal }) => apiRequest<Page<InventoryItem>>(listPath(params), { signal }),
    placeholderData: keepPreviousData,
  });
}

export function inventoryStatsQuery() {
  return queryOptions({ queryKey: inventoryKeys.stats(), queryFn: ({ signal }) => apiRequest<InventoryStats>('/inventory/stats', { signal }) });
}

/** 'Update Inventory' picks an item: the farm's items by name, one page of the largest size. */
export function inventoryOptionsQuery() {
  return queryOptions({
    queryKey: inventoryKeys.options(),
    queryFn: ({ signal }) => apiRequest<Page<InventoryItem>>(`/inventory?pageSize=${PAGE_SIZE_MAX}&sort=name&order=asc`, { signal }),
    select: (page) => page.items,
  });
}

/** An item's ledger, newest first, 10 a page. */
export function inventoryMovementsQuery(id: number, page: number) {
  return queryOptions({
    queryKey: inventoryKeys.movements(id, page),
    queryFn: ({ signal }) => apiRequest<Page<StockMovement>>(`/inventory/${id}/movements?page=${page}&pageSize=${INVENTORY_PAGE_SIZE}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** A change of an item or its stock moves the list, the statistics and the histories: all are read again. */
function useInvalidateInventory() {
  const queryClient = useQueryClient();
  return () => markStale(queryClient, 'inventory');
}

/** POST /api/inventory: a lost answer is retried with the same Idempotency-Key. */
export function useCreateItem() {
  const invalidate = useInvalidateInventory();
  return useMutation({
    mutationFn: (input: InventoryItemBody) => apiRequest<InventoryItem>('/inventory', { method: 'POST', body: input, idempotent: true }),
    onSuccess: invalidate,
  });
}

export type InventoryItemUpdate = InventoryItemBody & { note?: string | null };

/** PUT /api/inventory/:id with the full item (docs/product.md §7); a new quantity is a correction with its note. */
export function useUpdateItem() {
  const invalidate = useInvalidateInventory();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: InventoryItemUpdate }) => apiRequest<InventoryItem>(`/inventory/${id}`, { method: 'PUT', body: input }),
    onSuccess: invalidate,
  });
}

export function useDeleteItem() {
  const invalidate = useInvalidateInventory();
  return useMutation({
    mutationFn: ({ id }: { id: number }) => apiRequest<void>(`/inventory/${id}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

export interface RemoveStockBody {
  quantity: number;
  reason?: RemovalReason | null;
  note?: string | null;
}

const removalPath = (id: number) => `/inventory/${id}/remove`;

/** The item a removal waiting on the phone takes stock from, by its path; null for another path. */
export function removalItemId(path: string): number | null {
  const match = /^\/inventory\/(\d+)\/remove$/.exec(path);
  return match ? Number(match[1]) : null;
}

/**
 * POST /api/inventory/:id/remove: the answer carries the low-stock warning, if any. The phone keeps
 * the removal until it is sent (outbox/); the server checks the stock then.
 */
export function useRemoveStock(replaces?: string) {
  return useCaptureMutation<{ item: Pick<InventoryItem, 'id' | 'item_name' | 'unit'>; input: RemoveStockBody; day: string }, StockChange>(
    'stock_removal',
    ({ item, input, day }) => ({
      path: removalPath(item.id),
      body: input,
      day,
      detail: `${countDetail(input.quantity, item.unit)}, ${item.item_name}`,
      replaces,
    }),
  );
}

export interface RestockBody {
  quantity: number;
  /** Shillings; the item keeps its cost without it. */
  cost_per_unit?: number;
  note?: string | null;
}

/** POST /api/inventory/:id/restock ('Update Inventory'). */
export function useRestock() {
  const invalidate = useInvalidateInventory();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: RestockBody }) =>
      apiRequest<StockChange>(`/inventory/${id}/restock`, { method: 'POST', body: input, idempotent: true }),
    onSuccess: invalidate,
  });
}

/** What /inventory asks for first, started by its route's loader beside the screen's code (decision 022). */
export function prefetchInventoryScreen(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(inventoryStatsQuery());
  void queryClient.prefetchQuery(inventoryListQuery(FIRST_INVENTORY_PAGE));
  void queryClient.prefetchQuery(flockOptionsQuery());
}
