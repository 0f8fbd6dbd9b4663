import { REPORT_CATEGORIES, REPORT_CATEGORY_PATHS, REPORT_TYPES, shiftDay, type Report, type ReportCategory, type ReportType } from '@kuku/domain';

/**
 * Reports (decision 031) on the egg farm (egg-farm.ts): each category's report of the farm's whole
 * 10 years, summary and detailed, timed from the POST to the row turning ready; and the light
 * route while 2 clients each make the 10-year financial report in a loop.
 */
export const REPORT_LIGHT_RATIO_GOAL = 0.5;
export const REPORT_LIGHT_P99_GOAL_MS = 50;
/** The 10-year financial report, asked to ready. */
export const FINANCIAL_REPORT_GOAL_MS = 10_000;
const POLL_MS = 50;
const REPORT_TIMEOUT_MS = 300_000;

export interface ReportTime {
  category: ReportCategory;
  type: ReportType;
  ms: number;
  bytes: number;
}

/** The farm's whole history: ten years back to today (the egg farm's records start there). */
export function tenYears(today: string): { start_date: string; end_date: string } {
  return { start_date: shiftDay(today, -3653), end_date: today };
}

async function json<T>(res: Response, what: string): Promise<T> {
  const text = await res.text();
  if (!res.ok) throw new Error(`${what} answered ${res.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

/** Asks for one report and waits until it is ready: the time from the POST to ready. */
export async function makeReport(baseUrl: string, headers: Record<string, string>, category: ReportCategory, type: ReportType, range: object): Promise<{ ms: number; report: Report }> {
  const started = performance.now();
  const created = await json<Report>(
    await fetch(`${baseUrl}/api/reports/${REPORT_CATEGORY_PATHS[category]}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ ...range, report_type: type }),
    }),
    `POST /api/reports/${REPORT_CATEGORY_PATHS[category]}`,
  );
  for (;;) {
    const report = await json<Report>(await fetch(`${baseUrl}/api/reports/${created.id}`, { headers }), `GET /api/reports/${created.id}`);
    if (report.state === 'ready') return { ms: performance.now() - started, report };
    if (report.state === 'failed') throw new Error(`the ${category} ${type} report failed: ${report.failure}`);
    if (performance.now() - started > REPORT_TIMEOUT_MS) throw new Error(`the ${category} ${type} report was not ready in ${REPORT_TIMEOUT_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** Each category's 10-year report, summary then detailed, one at a time. */
export async function timeEachReport(baseUrl: string, headers: Record<string, string>, range: object): Promise<ReportTime[]> {
  const times: ReportTime[] = [];
  for (const category of REPORT_CATEGORIES) {
    for (const type of REPORT_TYPES) {
      const { ms, report } = await makeReport(baseUrl, headers, category, type, range);
      times.push({ category, type, ms, bytes: report.size_bytes ?? 0 });
    }
  }
  return times;
}

/** One client making the 10-year financial report again and again for `seconds`: how many it made. */
export async function reportLoop(baseUrl: string, headers: Record<string, string>, range: object, seconds: number): Promise<number> {
  const until = performance.now() + seconds * 1000;
  let made = 0;
  while (performance.now() < until) {
    await makeReport(baseUrl, headers, 'financial', 'summary', range);
    made += 1;
  }
  return made;
}
