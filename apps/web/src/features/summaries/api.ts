import { SUMMARY_PAGE_SIZE, type QUERY_ROOTS, type SummaryPage, type WeeklySummary } from '@kuku/domain';
import { keepPreviousData, queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

/** docs/style.md rule 12: every summaries query sits under `summaryKeys.all`. */
export const summaryKeys = {
  all: ['summaries'] as const satisfies typeof QUERY_ROOTS.summaries,
  list: (page: number) => [...summaryKeys.all, 'list', page] as const,
  one: (id: number) => [...summaryKeys.all, 'one', id] as const,
};

/** GET /api/summaries: the weeks kept, newest first. */
export function summaryListQuery(page: number) {
  return queryOptions({
    queryKey: summaryKeys.list(page),
    queryFn: ({ signal }) => apiRequest<SummaryPage>(`/summaries?page=${page}&pageSize=${SUMMARY_PAGE_SIZE}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/summaries/{id}: one week's figures and balance checks. */
export function summaryQuery(id: number) {
  return queryOptions({ queryKey: summaryKeys.one(id), queryFn: ({ signal }) => apiRequest<WeeklySummary>(`/summaries/${id}`, { signal }) });
}

/** POST /api/summaries/current: the week so far, made now (and mailed to the owner who asked). */
export function useMakeCurrentSummary() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<WeeklySummary>('/summaries/current', { method: 'POST', body: {} }),
    onSuccess: (summary) => {
      queryClient.setQueryData(summaryKeys.one(summary.id), summary);
      void queryClient.invalidateQueries({ queryKey: [...summaryKeys.all, 'list'] });
    },
  });
}

/** What /weekly-summaries asks for first, started by its route's loader beside the screen's code (decision 022). */
export function prefetchSummariesScreen(queryClient: QueryClient, id: number | null): void {
  void queryClient.prefetchQuery(summaryListQuery(1));
  if (id !== null) void queryClient.prefetchQuery(summaryQuery(id));
}
