import { saleLine, SALE_PAGE_SIZE, type Debtors, type Page, type Sale, type SaleBody, type SaleSeries, type SaleSort, type SaleStats, type SaleStatus, type SaleStatusAnswer, type QUERY_ROOTS } from '@kuku/domain';
import { keepPreviousData, queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { flockOptionsQuery } from '../flocks/api';
import { markStale } from '../../lib/stale-after';
import { replaceInPages } from '../../lib/replace-in-pages';
import { useCaptureMutation } from '../../outbox/use-capture-mutation';

export interface SaleListParams {
  page: number;
  q: string;
  sort: SaleSort;
  order: 'asc' | 'desc';
}

/** docs/style.md rule 12: every sales query sits under `saleKeys.all`; flocks and eggs come from their owners' api. */
export const saleKeys = {
  all: ['sales'] as const satisfies typeof QUERY_ROOTS.sales,
  lists: () => [...saleKeys.all, 'list'] as const,
  list: (params: SaleListParams) => [...saleKeys.lists(), params] as const,
  stats: () => [...saleKeys.all, 'stats'] as const,
  series: () => [...saleKeys.all, 'series'] as const,
  debtors: () => [...saleKeys.all, 'debtors'] as const,
};

/** The Recent Sales list as the screen first shows it: newest first (SALE_SORTS' default). */
export const FIRST_SALE_PAGE: SaleListParams = { page: 1, q: '', sort: 'date', order: 'desc' };

function listPath(params: SaleListParams): string {
  const search = new URLSearchParams({
    page: String(params.page),
    pageSize: String(SALE_PAGE_SIZE),
    sort: params.sort,
    order: params.order,
  });
  if (params.q.trim()) search.set('q', params.q.trim());
  return `/sales?${search}`;
}

export function saleListQuery(params: SaleListParams) {
  return queryOptions({
    queryKey: saleKeys.list(params),
    queryFn: ({ signal }) => apiRequest<Page<Sale>>(listPath(params), { signal }),
    placeholderData: keepPreviousData,
  });
}

export function saleStatsQuery() {
  return queryOptions({ queryKey: saleKeys.stats(), queryFn: ({ signal }) => apiRequest<SaleStats>('/sales/stats', { signal }) });
}

export function saleSeriesQuery() {
  return queryOptions({ queryKey: saleKeys.series(), queryFn: ({ signal }) => apiRequest<SaleSeries>('/sales/series', { signal }) });
}

/** Who owes (decision 055): the farm's pending sales by buyer, summed by the server. */
export function debtorsQuery() {
  return queryOptions({ queryKey: saleKeys.debtors(), queryFn: ({ signal }) => apiRequest<Debtors>('/sales/debtors', { signal }) });
}

/** A sale's path under /api (its changes'; a list marks a row whose change waits on the phone). */
export const salePath = (id: number) => `/sales/${id}`;

/** POST /api/sales: the server computes the amount; the phone keeps the sale until it is sent (outbox/). */
export function useCreateSale(replaces?: string) {
  return useCaptureMutation<SaleBody, Sale>('sale', (input) => ({
    path: '/sales',
    body: input,
    ...saleLine(input),
    replaces,
  }));
}

/**
 * PUT /api/sales/:id with the changed fields only (Mark Paid sends `{ status: 'paid' }`), with the
 * version the farmer saw; the phone keeps it until it is sent (outbox/). The answer replaces the
 * sale in the lists shown at once (docs/product.md §4: each saves and updates the list); then
 * everything is read again.
 */
export function useUpdateSale() {
  const queryClient = useQueryClient();
  return useCaptureMutation<{ record: Sale; input: Partial<SaleBody> }, Sale>(
    'sale',
    ({ record, input }) => ({
      method: 'PUT',
      path: salePath(record.id),
      body: input,
      version: record.updated_at,
      ...saleLine({ ...record, ...input }),
    }),
    (updated) => replaceInPages(queryClient, saleKeys.lists(), updated),
  );
}

export function useDeleteSale() {
  return useCaptureMutation<Sale, void>('sale', (record) => ({
    method: 'DELETE',
    path: salePath(record.id),
    version: record.updated_at,
    ...saleLine(record),
  }));
}

/**
 * POST /api/sales/status: one status for these sales (Mark paid, and its Undo); then every sales
 * query is read again. A plain function: the toast's Undo outlives the row
 * (and the screen) it came from. The answer is back once the debtors are read again.
 */
export async function setSalesStatus(queryClient: QueryClient, ids: number[], status: SaleStatus): Promise<SaleStatusAnswer> {
  const answer = await apiRequest<SaleStatusAnswer>('/sales/status', { method: 'POST', body: { ids, status }, idempotent: true });
  await markStale(queryClient, 'sale');
  return answer;
}

export function useSetSalesStatus() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: ({ ids, status }: { ids: number[]; status: SaleStatus }) => setSalesStatus(queryClient, ids, status) });
}

/** What /sales-management/debtors asks for first (decision 022). */
export function prefetchDebtorsScreen(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(debtorsQuery());
}

/** What /sales-management asks for first, started by its route's loader beside the screen's code (decision 022). */
export function prefetchSalesScreen(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(saleStatsQuery());
  void queryClient.prefetchQuery(saleListQuery(FIRST_SALE_PAGE));
  void queryClient.prefetchQuery(flockOptionsQuery());
}
