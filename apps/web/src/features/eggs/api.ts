import {
  adjustmentLine,
  productionLine,
  EGG_PAGE_SIZE,
  type EggAdjustment,
  type EggAdjustmentBody,
  type EggDay,
  type EggDayResult,
  type EggProduction,
  type EggProductionBody,
  type EggSeries,
  type EggStats,
  type Page,
  type RecordEggDayInput,
  type QUERY_ROOTS,
} from '@kuku/domain';
import { keepPreviousData, onlineManager, queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest, NetworkError } from '../../lib/api-client';
import { flockOptionsQuery } from '../flocks/api';
import { markStale } from '../../lib/stale-after';
import { replaceInPages } from '../../lib/replace-in-pages';
import { useCaptureMutation } from '../../outbox/use-capture-mutation';

export type ProductionSort = 'date' | 'flock' | 'eggs' | 'trays' | 'revenue';
export type AdjustmentSort = 'date' | 'flock' | 'type' | 'eggs';

export interface EggListParams<S extends string> {
  page: number;
  q: string;
  sort: S;
  order: 'asc' | 'desc';
}

/** docs/style.md rule 12: every egg query sits under `eggKeys.all`; flocks come from `../flocks/api`, their owner. */
export const eggKeys = {
  all: ['eggs'] as const satisfies typeof QUERY_ROOTS.eggs,
  productions: (params: EggListParams<ProductionSort>) => [...eggKeys.all, 'productions', params] as const,
  adjustments: (params: EggListParams<AdjustmentSort>) => [...eggKeys.all, 'adjustments', params] as const,
  stats: () => [...eggKeys.all, 'stats'] as const,
  series: () => [...eggKeys.all, 'series'] as const,
  /** 'Record today's eggs' for a day; null is the farm's today. */
  day: (date: string | null) => [...eggKeys.all, 'day', date] as const,
};

export const FIRST_PRODUCTION_PAGE: EggListParams<ProductionSort> = { page: 1, q: '', sort: 'date', order: 'desc' };
export const FIRST_ADJUSTMENT_PAGE: EggListParams<AdjustmentSort> = { page: 1, q: '', sort: 'date', order: 'desc' };

function listPath(path: string, params: EggListParams<string>): string {
  const search = new URLSearchParams({
    page: String(params.page),
    pageSize: String(EGG_PAGE_SIZE),
    sort: params.sort,
    order: params.order,
  });
  if (params.q.trim()) search.set('q', params.q.trim());
  return `${path}?${search}`;
}

export function productionListQuery(params: EggListParams<ProductionSort>) {
  return queryOptions({
    queryKey: eggKeys.productions(params),
    queryFn: ({ signal }) => apiRequest<Page<EggProduction>>(listPath('/egg-productions', params), { signal }),
    placeholderData: keepPreviousData,
  });
}

export function adjustmentListQuery(params: EggListParams<AdjustmentSort>) {
  return queryOptions({
    queryKey: eggKeys.adjustments(params),
    queryFn: ({ signal }) => apiRequest<Page<EggAdjustment>>(listPath('/egg-adjustments', params), { signal }),
    placeholderData: keepPreviousData,
  });
}

export function eggStatsQuery() {
  return queryOptions({ queryKey: eggKeys.stats(), queryFn: ({ signal }) => apiRequest<EggStats>('/egg-productions/stats', { signal }) });
}

export function eggSeriesQuery() {
  return queryOptions({ queryKey: eggKeys.series(), queryFn: ({ signal }) => apiRequest<EggSeries>('/egg-productions/series', { signal }) });
}

/** Every laying flock's day: its record, if any, and the day before's eggs. */
export function eggDayQuery(date: string | null) {
  return queryOptions({
    queryKey: eggKeys.day(date),
    queryFn: ({ signal }) => apiRequest<EggDay>(date ? `/egg-productions/day?date=${date}` : '/egg-productions/day', { signal }),
  });
}

/** The route's loader: the day's rows are asked for beside the screen's code. */
export function prefetchEggDayScreen(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(eggDayQuery(null));
}

/** A day's rows to save, with the flocks' names (for the list of records on the phone). */
export interface EggDaySave {
  input: RecordEggDayInput;
  names: Record<number, string>;
  /** A row saved on the phone before: its entry, corrected there rather than kept twice or overtaken. */
  waiting: Record<number, string>;
}

/** What became of one row kept on the phone: its entry; or, where its correction came too late, why not. */
export interface EggDayRowKept {
  flock_id: number;
  entryId: string | null;
  message?: string;
}

/** Kuku's answer, row by row; or, with no signal, each row kept on the phone. */
export type EggDaySaved = { answer: EggDayResult } | { kept: EggDayRowKept[] };

/**
 * One save for the day's rows; a retry on slow data is the same save (idempotent). With no signal
 * (or no answer) each row is kept on the phone as its own record (outbox/): a new one under the id
 * the phone gives it, a change of the day's record by its id. A row that reached Kuku some other
 * way meanwhile comes back as a conflict in the list of records on the phone, never twice.
 */
export function useRecordEggDay() {
  const invalidate = useInvalidateEggs();
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: async ({ input, names, waiting }: EggDaySave): Promise<EggDaySaved> => {
      // A row still on the phone is corrected there: the day goes that way whole, so it is not sent twice.
      if (onlineManager.isOnline() && Object.keys(waiting).length === 0) {
        try {
          return { answer: await apiRequest<EggDayResult>('/egg-productions/day', { method: 'POST', body: input, idempotent: true }) };
        } catch (error) {
          if (!(error instanceof NetworkError)) throw error;
        }
      }
      const { keepOnPhone } = await import('../../outbox/capture');
      const kept: EggDayRowKept[] = [];
      for (const row of input.rows) {
        const body = { flock_id: row.flock_id, date_produced: input.date_produced, eggs_collected: row.eggs_collected };
        const line = productionLine({ ...body, flock_name: names[row.flock_id] });
        const capture = row.record_id
          ? { kind: 'egg_production' as const, method: 'PUT' as const, path: productionPath(row.record_id), body, ...line }
          : { kind: 'egg_production' as const, path: '/egg-productions', body: { ...body, price_per_unit: 0 }, replaces: waiting[row.flock_id], ...line };
        try {
          kept.push({ flock_id: row.flock_id, entryId: await keepOnPhone(queryClient, capture) });
        } catch (error) {
          if (!(error instanceof ApiError)) throw error;
          kept.push({ flock_id: row.flock_id, entryId: null, message: error.message });
        }
      }
      return { kept };
    },
    onSuccess: (saved) => ('answer' in saved ? invalidate() : undefined),
  });
}

/**
 * The record a 409 names (its meta.id), to open it for editing: the list narrowed to its flock
 * and day, as the API has no read of one record. Undefined when it has gone meanwhile.
 */
export async function findProduction(id: number, flockId: number, day: string): Promise<EggProduction | undefined> {
  const search = new URLSearchParams({ flock_id: String(flockId), q: day, pageSize: String(EGG_PAGE_SIZE) });
  const page = await apiRequest<Page<EggProduction>>(`/egg-productions?${search}`);
  return page.items.find((item) => item.id === id);
}

/** A production record's path under /api (its changes'; a list marks a row whose change waits on the phone). */
export const productionPath = (id: number) => `/egg-productions/${id}`;
export const adjustmentPath = (id: number) => `/egg-adjustments/${id}`;

/** A change to any egg record moves the lists, the statistics and the charts: all are read again. */
function useInvalidateEggs() {
  const queryClient = useQueryClient();
  return () => markStale(queryClient, 'egg_production');
}

/** A record the phone keeps and sends when it can (outbox/): null when kept. `replaces`: one on the phone, corrected. */
export function useCreateProduction(replaces?: string) {
  return useCaptureMutation<EggProductionBody, EggProduction>('egg_production', (input) => ({
    path: '/egg-productions',
    body: input,
    ...productionLine(input),
    replaces,
  }));
}

/** A change of a record with the version the farmer saw; the phone keeps it until it is sent (outbox/). */
export function useUpdateProduction() {
  return useCaptureMutation<{ record: EggProduction; input: EggProductionBody }, EggProduction>('egg_production', ({ record, input }) => ({
    method: 'PUT',
    path: productionPath(record.id),
    body: input,
    version: record.updated_at,
    ...productionLine(input),
  }));
}

export function useDeleteProduction() {
  return useCaptureMutation<EggProduction, void>('egg_production', (record) => ({
    method: 'DELETE',
    path: productionPath(record.id),
    version: record.updated_at,
    ...productionLine(record),
  }));
}

/** docs/product.md §7: after a create the adjustment list is read again. */
export function useCreateAdjustment(replaces?: string) {
  return useCaptureMutation<EggAdjustmentBody, EggAdjustment>('egg_adjustment', (input) => ({
    path: '/egg-adjustments',
    body: input,
    ...adjustmentLine(input),
    replaces,
  }));
}

/** docs/product.md §7: an update's answer replaces the item in the list shown; the rest is read again. */
export function useUpdateAdjustment() {
  const queryClient = useQueryClient();
  return useCaptureMutation<{ record: EggAdjustment; input: EggAdjustmentBody }, EggAdjustment>(
    'egg_adjustment',
    ({ record, input }) => ({
      method: 'PUT',
      path: adjustmentPath(record.id),
      body: input,
      version: record.updated_at,
      ...adjustmentLine(input),
    }),
    (updated) => replaceInPages(queryClient, [...eggKeys.all, 'adjustments'], updated),
  );
}

export function useDeleteAdjustment() {
  return useCaptureMutation<EggAdjustment, void>('egg_adjustment', (record) => ({
    method: 'DELETE',
    path: adjustmentPath(record.id),
    version: record.updated_at,
    ...adjustmentLine(record),
  }));
}

/** What /egg-production asks for first, started by its route's loader beside the screen's code (decision 022). */
export function prefetchEggsScreen(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(flockOptionsQuery());
  void queryClient.prefetchQuery(eggStatsQuery());
  void queryClient.prefetchQuery(productionListQuery(FIRST_PRODUCTION_PAGE));
  void queryClient.prefetchQuery(adjustmentListQuery(FIRST_ADJUSTMENT_PAGE));
}
