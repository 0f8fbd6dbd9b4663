import {
  STOCK_COUNT_PAGE_SIZE,
  type BalanceChecks,
  type Page,
  type QUERY_ROOTS,
  type StockCount,
  type StockCountMargin,
  type StockCountsSaved,
} from '@kuku/domain';
import { keepPreviousData, queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { markStale } from '../../lib/stale-after';

/** docs/style.md rule 12: every stock-count query sits under `stockCountKeys.all` (decision 077). */
export const stockCountKeys = {
  all: ['stock-counts'] as const satisfies typeof QUERY_ROOTS.stockCounts,
  list: (page: number) => [...stockCountKeys.all, 'list', page] as const,
  balances: () => [...stockCountKeys.all, 'balances'] as const,
  margin: () => [...stockCountKeys.all, 'margin'] as const,
};

/** GET /api/stock-counts: the farm's counts, newest day first, 10 a page. */
export function stockCountListQuery(page: number) {
  return queryOptions({
    queryKey: stockCountKeys.list(page),
    queryFn: ({ signal }) => apiRequest<Page<StockCount>>(`/stock-counts?page=${page}&pageSize=${STOCK_COUNT_PAGE_SIZE}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/stock-counts/balances: the last 7 days' balance checks (the owner's, read with the finances). */
export function balanceChecksQuery() {
  return queryOptions({ queryKey: stockCountKeys.balances(), queryFn: ({ signal }) => apiRequest<BalanceChecks>('/stock-counts/balances', { signal }) });
}

/** GET /api/stock-counts/margin: the farm's margin percent. */
export function marginQuery() {
  return queryOptions({ queryKey: stockCountKeys.margin(), queryFn: ({ signal }) => apiRequest<StockCountMargin>('/stock-counts/margin', { signal }) });
}

export interface StockCountBody {
  date: string;
  eggs?: { trays: number; loose: number };
  feed?: { item_id: number; quantity: number }[];
  birds?: { flock_id: number; birds: number }[];
}

/** POST /api/stock-counts: a lost answer is retried with the same Idempotency-Key. */
export function useSaveStockCount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StockCountBody) => apiRequest<StockCountsSaved>('/stock-counts', { method: 'POST', body, idempotent: true }),
    onSuccess: () => markStale(queryClient, 'stock_count'),
  });
}

/** DELETE /api/stock-counts/{id} (the owner's and a manager's). */
export function useDeleteStockCount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<void>(`/stock-counts/${id}`, { method: 'DELETE' }),
    onSuccess: () => markStale(queryClient, 'stock_count'),
  });
}

/** PUT /api/stock-counts/margin (the owner's). */
export function useSetMargin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (percent: number) => apiRequest<StockCountMargin>('/stock-counts/margin', { method: 'PUT', body: { margin_percent: percent } }),
    onSuccess: () => markStale(queryClient, 'stock_count'),
  });
}

/** What /stock-count asks for first, started by its route's loader beside the screen's code (decision 022). */
export function prefetchStockCountScreen(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(stockCountListQuery(1));
}
