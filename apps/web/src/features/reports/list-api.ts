import { reportFileName, type Report, type ReportFormat } from '@kuku/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { markStale } from '../../lib/stale-after';

// What the list of reports does with a row (delete, download): the list loads after the first
// screen, so this code is no part of it (docs/design.md §9 budget).

export function useDeleteReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id }: { id: number }) => apiRequest<void>(`/reports/${id}`, { method: 'DELETE' }),
    onSettled: () => markStale(queryClient, 'report'),
  });
}

const LINKS: Record<ReportFormat, 'content' | 'csv_content' | 'xlsx_content'> = { pdf: 'content', csv: 'csv_content', xlsx: 'xlsx_content' };

/** docs/product.md §7: a location that is not absolute is the backend's, which serves this page too. */
export function absoluteLocation(location: string): string {
  return new URL(location, window.location.origin).href;
}

/** Opens a link as a download named `fileName` (the server also says attachment). */
function saveFrom(href: string, fileName: string): void {
  const anchor = document.createElement('a');
  anchor.href = href;
  anchor.download = fileName;
  anchor.rel = 'noopener';
  anchor.style.display = 'none';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}

/**
 * docs/product.md §7 report download: the report is read again first for a fresh signed link (they last
 * minutes), then its file opens as a download named after the report. A missing location is only
 * logged.
 */
export function useDownloadReport() {
  return useMutation({
    mutationFn: async ({ id, format }: { id: number; format: ReportFormat }) => {
      const report = await apiRequest<Report>(`/reports/${id}`);
      const location = report[LINKS[format]];
      if (!location) {
        console.warn(`Report ${id} has no ${format} location`);
        return;
      }
      saveFrom(absoluteLocation(location), reportFileName(report.name, format));
    },
  });
}
