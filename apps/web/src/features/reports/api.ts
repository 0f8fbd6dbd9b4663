import {
  REPORT_CATEGORY_PATHS,
  REPORT_PAGE_SIZE,
  generationFailureMessage,
  reportMessages,
  type Page,
  type Report,
  type ReportCategory,
  type ReportType,
  type QUERY_ROOTS,
} from '@kuku/domain';
import { keepPreviousData, queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiRequest } from '../../lib/api-client';
import type { ReportRequestOutcome } from '../../ui/report-request-notice';
import { flockOptionsQuery } from '../flocks/api';
import { markStale } from '../../lib/stale-after';

export interface ReportListParams {
  page: number;
  q: string;
  sort: 'created_at';
  order: 'desc';
}

/** docs/style.md rule 12: every report query sits under `reportKeys.all`; a generation or a delete reads them again. */
export const reportKeys = {
  all: ['reports'] as const satisfies typeof QUERY_ROOTS.reports,
  lists: () => [...reportKeys.all, 'list'] as const,
  list: (params: ReportListParams) => [...reportKeys.lists(), params] as const,
};

/** The Recent Reports list as the screen first shows it: newest first, 5 a page (docs/product.md §9). */
export const FIRST_REPORT_PAGE: ReportListParams = { page: 1, q: '', sort: 'created_at', order: 'desc' };

/**
 * No socket tells the list yet when a report is made: while one of the page's reports is being
 * generated the list is read again this often, and no more once none is.
 */
export const REPORT_POLL_MS = 1500;

function listPath(params: ReportListParams): string {
  const search = new URLSearchParams({
    page: String(params.page),
    pageSize: String(REPORT_PAGE_SIZE),
    sort: params.sort,
    order: params.order,
  });
  if (params.q.trim()) search.set('q', params.q.trim());
  return `/reports?${search}`;
}

export function isGenerating(page: Page<Report> | undefined): boolean {
  return page?.items.some((report) => report.state === 'generating') ?? false;
}

export function reportListQuery(params: ReportListParams) {
  return queryOptions({
    queryKey: reportKeys.list(params),
    queryFn: ({ signal }) => apiRequest<Page<Report>>(listPath(params), { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (isGenerating(query.state.data) ? REPORT_POLL_MS : false),
  });
}

/** What POST /api/reports/{category} takes (docs/product.md §7); user_id is not sent: the session decides. */
export interface ReportBody {
  start_date: string;
  end_date: string;
  report_type?: ReportType;
  /** The financial report only; absent for every flock. */
  flock_id?: number | null;
  /** The expense report only. */
  description_filter?: string | null;
  category?: string | null;
}

export interface GenerateRequest {
  category: ReportCategory;
  body: ReportBody;
}

/** One category's answer: the report being made, or why not. */
export type GenerateOutcome = { category: ReportCategory; report: Report; error?: undefined } | { category: ReportCategory; report?: undefined; error: unknown };

function generateReport({ category, body }: GenerateRequest): Promise<Report> {
  return apiRequest<Report>(`/reports/${REPORT_CATEGORY_PATHS[category]}`, { method: 'POST', body, idempotent: true });
}

/**
 * docs/product.md §7: one POST a chosen category, all at once. Each answers on its own: the outcomes say
 * which report is being made and which was refused; the list is read again after.
 */
export function useGenerateReports() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (requests: GenerateRequest[]) =>
      Promise.all(
        requests.map((request) =>
          generateReport(request).then(
            (report): GenerateOutcome => ({ category: request.category, report }),
            (error: unknown): GenerateOutcome => ({ category: request.category, error }),
          ),
        ),
      ),
    onSettled: () => markStale(queryClient, 'report'),
  });
}

/** What /reports asks for first, started by its route's loader beside the screen's code (decision 022). */
export function prefetchReportsScreen(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(reportListQuery(FIRST_REPORT_PAGE));
  void queryClient.prefetchQuery(flockOptionsQuery());
}

/** docs/product.md §8 Reports: the words a refused generation shows (the insufficient-data warning, or the reason). */
export function generationFailure(error: unknown): { text: string; insufficient: boolean } {
  const text = generationFailureMessage(error instanceof Error ? error.message : null);
  return { text, insufficient: text === reportMessages.insufficientData };
}

/** One category's report asked for by another screen's form (sales, expenses), and what became of it. */
export function useReportRequest(category: ReportCategory) {
  const generate = useGenerateReports();
  const [outcome, setOutcome] = useState<ReportRequestOutcome | null>(null);
  const request = (body: ReportBody) => {
    setOutcome(null);
    generate.mutate([{ category, body }], {
      onSuccess: ([answer]) => setOutcome(!answer || answer.error ? { done: false, ...generationFailure(answer?.error) } : { done: true }),
    });
  };
  return { outcome, clear: () => setOutcome(null), request, isPending: generate.isPending };
}
