import { z } from 'zod/mini';
import { dayField, enumField, idField, isMissing, withAliases } from './common/fields.js';
import { listQuerySchema, pageSchema } from './common/pagination.js';
import { ensureEnglishMessages } from './common/zod-locale.js';
import { REPORT_TYPES } from './sales-rules.js';
import { EXPENSE_CATEGORIES, EXPENSE_CATEGORY_ALIASES, EXPENSE_DESCRIPTION_MAX, expenseMessages } from './expenses-rules.js';
import {
  REPORT_CATEGORIES,
  REPORT_FORMATS,
  REPORT_NAME_MAX,
  REPORT_PAGE_SIZE,
  REPORT_STATES,
  reportMessages,
  reportRangeProblem,
} from './reports-rules.js';

ensureEnglishMessages();

const reportDay = dayField(reportMessages.datesRequired, reportMessages.dateInvalid);
// Messages read when a check fails, not when the schema is built (decision 068: a Kiswahili
// page's words arrive after this module is evaluated). dayField and idField take plain text.
const nameInvalid = { error: () => reportMessages.nameInvalid };

/**
 * What every POST /api/reports/<category> takes (docs/product.md §7: start_date, end_date, user_id;
 * flock_id for the financial report; the expense form's descriptionFilter and category).
 * user_id is ignored: the session decides whose farm. report_type defaults to summary.
 */
export const reportRequestSchema = z.pipe(
  withAliases({
    startDate: 'start_date',
    endDate: 'end_date',
    reportType: 'report_type',
    flockId: 'flock_id',
    descriptionFilter: 'description_filter',
  }),
  z
    .object({
      start_date: reportDay,
      end_date: reportDay,
      report_type: z._default(z.pipe(z.transform((input: unknown) => (isMissing(input) ? 'summary' : input)), enumField(REPORT_TYPES, () => reportMessages.typeInvalid)), 'summary'),
      flock_id: z.optional(z.nullable(idField(reportMessages.flockInvalid))),
      description_filter: z.optional(
        z.nullable(z.string().check(z.trim(), z.maxLength(EXPENSE_DESCRIPTION_MAX, { error: () => expenseMessages.reportDescriptionTooLong }))),
      ),
      /** The expense report's category filter (docs/product.md §7 expense report payload). */
      category: z.optional(z.nullable(enumField(EXPENSE_CATEGORIES, () => expenseMessages.selectCategory, EXPENSE_CATEGORY_ALIASES))),
      name: z.optional(z.nullable(z.string().check(z.trim(), z.minLength(1, nameInvalid), z.maxLength(REPORT_NAME_MAX, nameInvalid)))),
      user_id: z.optional(z.unknown()),
    })
    .check(
      z.superRefine((request, ctx) => {
        const problem = reportRangeProblem(request.start_date, request.end_date);
        if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['end_date'], input: request.end_date });
      }),
    ),
);
export type ReportRequest = z.infer<typeof reportRequestSchema>;

export const reportSchema = z.object({
  id: z.number(),
  name: z.string(),
  category: z.enum(REPORT_CATEGORIES),
  report_type: z.enum(REPORT_TYPES),
  state: z.enum(REPORT_STATES),
  /** Why a failed report failed, in words a farmer can act on. */
  failure: z.nullable(z.string()),
  start_date: z.string(),
  end_date: z.string(),
  flock_id: z.nullable(z.number()),
  /** Who asked for it; null once that account is gone. */
  user_id: z.nullable(z.number()),
  created_at: z.string(),
  finished_at: z.nullable(z.string()),
  /** The product's content: a short-lived signed link to the PDF once ready (docs/design.md §6), else null. */
  content: z.nullable(z.string()),
  /** The same for the CSV of its table and, for the financial report, the workbook. */
  csv_content: z.nullable(z.string()),
  xlsx_content: z.nullable(z.string()),
  size_bytes: z.nullable(z.number()),
});
export type Report = z.infer<typeof reportSchema>;

export const REPORT_SORTS = ['created_at', 'name', 'category'] as const;

/** The Recent Reports list: search over name, category and type; newest first; 5 a page. */
export const reportListQuerySchema = z.extend(listQuerySchema(REPORT_SORTS), {
  pageSize: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100)), REPORT_PAGE_SIZE),
  order: z._default(enumField(['asc', 'desc'] as const, () => reportMessages.orderInvalid), 'desc'),
});
export type ReportListQuery = z.infer<typeof reportListQuerySchema>;

export const reportPageSchema = pageSchema(reportSchema);
export type ReportPage = z.infer<typeof reportPageSchema>;

export const reportUserParamsSchema = z.object({ userId: idField() });

export const reportFileParamsSchema = z.object({ id: idField() });

/** The signed download link's query (docs/design.md §6): the file, its expiry (unix seconds) and signature. */
export const reportFileQuerySchema = z.object({
  format: z._default(enumField(REPORT_FORMATS, () => reportMessages.formatInvalid), 'pdf'),
  exp: z.optional(z.string().check(z.maxLength(20))),
  sig: z.optional(z.string().check(z.maxLength(100))),
});
