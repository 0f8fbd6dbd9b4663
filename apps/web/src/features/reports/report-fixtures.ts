import { reportName, type Report } from '@kuku/domain';

// Test data for the reports components' tests (imported by *.test.tsx only).

export function makeReport(overrides: Partial<Report> = {}): Report {
  const category = overrides.category ?? 'sales';
  const type = overrides.report_type ?? 'summary';
  return {
    id: 41,
    name: reportName(category, type, '2026-03-01', '2026-03-31'),
    category,
    report_type: type,
    state: 'ready',
    failure: null,
    start_date: '2026-03-01',
    end_date: '2026-03-31',
    flock_id: null,
    user_id: 1,
    created_at: '2026-04-01T08:00:00.000Z',
    finished_at: '2026-04-01T08:00:02.000Z',
    content: `/api/reports/${overrides.id ?? 41}/file?format=pdf&exp=1&sig=old`,
    csv_content: `/api/reports/${overrides.id ?? 41}/file?format=csv&exp=1&sig=old`,
    xlsx_content: null,
    size_bytes: 57_344,
    ...overrides,
  };
}

export const reportPage = (items: Report[], total = items.length, page = 1) => ({ body: { items, total, page, pageSize: 5 } });
