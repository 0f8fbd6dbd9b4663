import {
  type Language,
  parseDay,
  REPORT_FORMATS,
  REPORT_QUEUE_MAX,
  reportMessages as m,
  reportRangeProblem,
  type Report,
  type ReportCategory,
  type ReportFormat,
  type ReportListQuery,
  type ReportPage,
  type ReportRequest,
} from '@kuku/domain';
import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { AppError, invalid, notFound, rateLimited } from '../../app-error.js';
import type { Db } from '../../db/client.js';
import { listPage, searchPattern } from '../../db/list-page.js';
import { farms, reports } from '../../db/schema/index.js';
import { sqlCount } from '../../db/sql-number.js';
import type { FarmScope } from '../farm-scope.js';
import { findFlockRow } from '../flocks/service.js';
import type { ReportRequestContext } from './document.js';
import { gathererOf } from './gather/index.js';
import { reportLanguage } from './report-language.js';
import { signedFileLink } from './links.js';

export type ReportRow = typeof reports.$inferSelect;

const keyOf = (row: ReportRow, format: ReportFormat) => (format === 'pdf' ? row.pdfKey : format === 'csv' ? row.csvKey : row.xlsxKey);

/** A row as the API answers it, with links signed now for the files it has. */
export function toReport(row: ReportRow, secret: Buffer): Report {
  const link = (format: ReportFormat) =>
    row.state === 'ready' && keyOf(row, format) ? signedFileLink(secret, { id: row.id, farmId: row.farmId, format }) : null;
  return {
    id: row.id,
    name: row.name,
    category: row.category,
    report_type: row.reportType,
    state: row.state,
    failure: row.failure,
    start_date: row.startDate,
    end_date: row.endDate,
    flock_id: row.flockId,
    user_id: row.createdBy,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
    content: link('pdf'),
    csv_content: link('csv'),
    xlsx_content: link('xlsx'),
    size_bytes: row.sizeBytes,
  };
}

/** The request's days in the farm's zone, checked again by the range rules (an instant may shift a day). */
function farmDays(scope: FarmScope, request: ReportRequest) {
  const start = parseDay(request.start_date, scope.timeZone);
  const end = parseDay(request.end_date, scope.timeZone);
  if (!start || !end) throw invalid(m.dateInvalid, { [start ? 'end_date' : 'start_date']: m.dateInvalid });
  const problem = reportRangeProblem(start, end);
  if (problem) throw invalid(problem, { end_date: problem });
  return { start, end };
}

/** What the gatherer of a row is asked for. */
export async function requestContextOf(db: Db, row: ReportRow, now = new Date()): Promise<ReportRequestContext> {
  const [farm] = await db.select({ name: farms.name, timeZone: farms.timeZone }).from(farms).where(eq(farms.id, row.farmId)).limit(1);
  if (!farm) throw notFound();
  return {
    scope: { farmId: row.farmId, timeZone: farm.timeZone },
    farmName: farm.name,
    category: row.category,
    reportType: row.reportType,
    start: row.startDate,
    end: row.endDate,
    flockId: row.flockId,
    descriptionFilter: row.descriptionFilter,
    expenseCategory: row.expenseCategory,
    now,
    language: row.language,
  };
}

/**
 * Asks for a report: the range checked, the flock the farm's, and the category holding
 * something in the range (else docs/product.md §8's insufficient data); the row is written
 * `generating`, in the asker's `language` (its files are written in it), and the caller hands
 * its id to the jobs.
 */
export async function createReport(
  db: Db,
  scope: FarmScope,
  userId: number,
  category: ReportCategory,
  request: ReportRequest,
  language: Language = 'en',
): Promise<ReportRow> {
  const { start, end } = farmDays(scope, request);
  const flockId = category === 'financial' ? (request.flock_id ?? null) : null;
  if (flockId !== null) await findFlockRow(db, scope.farmId, flockId);
  const expense = category === 'expense';
  const draft = {
    farmId: scope.farmId,
    createdBy: userId,
    name: request.name ?? reportLanguage(language).name(category, request.report_type, start, end),
    category,
    reportType: request.report_type,
    startDate: start,
    endDate: end,
    flockId,
    descriptionFilter: expense && request.description_filter ? request.description_filter : null,
    expenseCategory: expense ? (request.category ?? null) : null,
    language,
  };
  const context: ReportRequestContext = {
    scope,
    farmName: '',
    category,
    reportType: draft.reportType,
    start,
    end,
    flockId,
    descriptionFilter: draft.descriptionFilter,
    expenseCategory: draft.expenseCategory,
    now: new Date(),
    language,
  };
  if (!(await gathererOf(category).hasData(db, context))) throw new AppError('rule_broken', m.noRecords(category, start, end));
  // At most REPORT_QUEUE_MAX of a farm's reports wait at once, counted under the farm's lock so
  // two requests at once cannot both take the last place (decision 052).
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('kuku_report_queue'), ${scope.farmId}::int)`);
    const [queued] = await tx
      .select({ n: sqlCount() })
      .from(reports)
      .where(and(eq(reports.farmId, scope.farmId), eq(reports.state, 'generating')));
    if ((queued?.n ?? 0) >= REPORT_QUEUE_MAX) throw rateLimited(m.queueFull);
    const [row] = await tx.insert(reports).values(draft).returning();
    return row!;
  });
}

const SORTS = { created_at: reports.createdAt, name: reports.name, category: reports.category } as const;

/** Recent Reports: the farm's, searched by name, category or type, newest first by default. */
export async function listReports(db: Db, scope: FarmScope, query: ReportListQuery, secret: Buffer): Promise<ReportPage> {
  const pattern = searchPattern(query.q);
  const filters: SQL[] = [eq(reports.farmId, scope.farmId)];
  if (pattern) filters.push(or(ilike(reports.name, pattern), ilike(reports.category, pattern), ilike(reports.reportType, pattern))!);
  const direction = query.order === 'desc' ? desc : asc;
  const order = [direction(SORTS[query.sort]), direction(reports.id)];
  return listPage(
    db,
    query,
    {
      table: reports,
      where: and(...filters),
      order,
      rows: (inPage, total) => db.select({ row: reports, total }).from(reports).where(inPage).orderBy(...order),
    },
    (r) => toReport(r.row, secret),
  );
}

export async function findReportRow(db: Db, farmId: number, id: number): Promise<ReportRow> {
  const [row] = await db.select().from(reports).where(and(eq(reports.farmId, farmId), eq(reports.id, id))).limit(1);
  if (!row) throw notFound(m.notFound);
  return row;
}

/** A report by id alone: only for the signed file link, which proves the farm itself. */
export const findReportRowAnyFarm = (db: Db, id: number): Promise<ReportRow[]> => db.select().from(reports).where(eq(reports.id, id)).limit(1);

/** Deletes the row and answers the keys of its files, for the caller to remove. */
export async function deleteReport(db: Db, scope: FarmScope, id: number): Promise<string[]> {
  const [row] = await db.delete(reports).where(and(eq(reports.farmId, scope.farmId), eq(reports.id, id))).returning();
  if (!row) throw notFound(m.notFound);
  return fileKeys(row);
}

export const fileKeys = (row: ReportRow): string[] =>
  REPORT_FORMATS.map((format) => keyOf(row, format)).filter((key): key is string => key !== null);

/** A row's file of `format`, or why there is none. */
export function fileKeyOf(row: ReportRow, format: ReportFormat): string {
  if (row.state !== 'ready') throw notFound(m.notReady);
  const key = keyOf(row, format);
  if (!key) throw notFound(m.noFile);
  return key;
}
