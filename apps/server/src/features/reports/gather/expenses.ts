/**
 * The expense report (decision 031): what the farm spent in the range by month, category and
 * flock, and each flock's monthly budget against what it spent (decision 026); a detailed
 * report also lists every expense. The expense screen's form may narrow it to a description
 * ('feed' finds 'Layers feed', any case) and a category: the filters narrow every figure,
 * chart, table and record, and the document lists them under its period.
 *
 * The summary is one statement. Without filters it reads the flock-month and category-month
 * rollups for the whole months inside the range and the expense rows of the partial months
 * at its edges (a month rollup is exact for whole months only); with a filter no rollup can
 * answer, so the range's matching rows are grouped in SQL, a row a flock a month.
 */
import {
  budgetLevel,
  budgetPercentUsed,
  EXPENSE_CATEGORIES,
  EXPENSE_CATEGORY_LABELS,
  expenseMessages,
  shiftDay,
  type BudgetLevel,
  type ExpenseCategory,
} from '@kuku/domain';
import { wordsIn } from '@kuku/domain/words-in';
import { and, asc, eq, gte, ilike, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { budgets, expenseCategoryMonths, expenseDays, expenseFlockMonths, expenses, flocks } from '../../../db/schema/index.js';
import { toSafeInteger } from '../../../db/sql-number.js';
import { oneRow } from '../../farm-scope.js';
import type { Cell, GatheredReport, ReportChart, ReportColumn, ReportGatherer, ReportRequestContext, ReportTable } from '../document.js';
import type { ReportLanguage } from '../report-language.js';
import { documentHead, languageOfReport, pagedRows } from './common.js';
import { chartUnit, fromJson, monthCell, periodKeys, periodLabel, rangeParts, shareOf, type PeriodUnit } from './periods.js';

/** The words of an expense report in its language (decision 068). */
function expenseWords(language: ReportLanguage) {
  const messages = wordsIn(language.language, expenseMessages);
  const levels: Record<BudgetLevel, string> = { ok: messages.levelOk, warning: messages.levelWarning, over: messages.levelOver };
  const categories = wordsIn(language.language, EXPENSE_CATEGORY_LABELS) as Record<string, string | undefined>;
  return {
    w: language.words.expense,
    d: language.words.document,
    units: language.words.periods.units,
    unknownFlock: messages.unknownFlock,
    levels,
    /** A stored category as the language says it (stored values stay English). */
    category: (category: string) => categories[category] ?? category,
  };
}
type ExpenseWords = ReturnType<typeof expenseWords>;

// ---------------------------------------------------------------- filters

interface Filters {
  /** The ILIKE pattern of the description filter: a substring, its %, _ and \ themselves. */
  pattern: string | null;
  description: string | null;
  category: ExpenseCategory | null;
}

function filtersOf(request: ReportRequestContext): Filters {
  const description = request.descriptionFilter?.trim() ? request.descriptionFilter.trim() : null;
  return {
    description,
    pattern: description ? `%${description.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null,
    category: request.expenseCategory,
  };
}

const filtered = (f: Filters) => f.pattern !== null || f.category !== null;

/** The lines under the document's period: 'Description contains "feed"', 'Category: Feed'. */
function filterLines(f: Filters, { w, category }: ExpenseWords): string[] {
  const lines: string[] = [];
  if (f.description) lines.push(w.descriptionContains(f.description));
  if (f.category) lines.push(w.categoryIs(category(f.category)));
  return lines;
}

/** The farm's expenses of the range that pass the filters, as conditions on the expenses table. */
function rowConditions(request: ReportRequestContext, f: Filters): SQL[] {
  const conditions: SQL[] = [eq(expenses.farmId, request.scope.farmId), gte(expenses.date, request.start), lte(expenses.date, request.end)];
  if (f.category) conditions.push(eq(expenses.category, f.category));
  if (f.pattern) conditions.push(ilike(expenses.description, f.pattern));
  return conditions;
}

// ---------------------------------------------------------------- the summary

interface SummaryRow {
  /** [month, cents, expenses] by month */
  months: unknown;
  /** [category, cents, expenses] */
  categories: unknown;
  /** [flock id, name, cents, expenses] by cents */
  flocks: unknown;
  /** [budget id, flock id, flock name, year, month, budget cents, spent cents] by month then flock name */
  budgets: unknown;
}

/**
 * The range's spending a flock a month (`fm`) and a category (`cm`): from the rollups and
 * the edge days' rows, or from the filtered rows. Everything else is summed from these.
 */
function spendingParts(request: ReportRequestContext, f: Filters): SQL {
  const { farmId } = request.scope;
  const { start, end } = request;
  if (filtered(f)) {
    return sql`r as (
        select flock_id, date, category, amount_cents from ${expenses} where ${and(...rowConditions(request, f))}
      ), fm as (
        select flock_id, date_trunc('month', date::timestamp)::date as month, sum(amount_cents)::bigint as amount, count(*) as n from r group by 1, 2
      ), cm as (
        select category, sum(amount_cents)::bigint as amount, count(*) as n from r group by 1
      )`;
  }
  const { fullFrom, fullTo } = rangeParts(start, end);
  return sql`edge as (
      select flock_id, date, category, amount_cents from ${expenses} where farm_id = ${farmId} and date >= ${start} and date < ${fullFrom}
      union all
      select flock_id, date, category, amount_cents from ${expenses} where farm_id = ${farmId} and date >= ${fullTo} and date <= ${end}
    ), fm as (
      select flock_id, month, sum(amount)::bigint as amount, sum(n)::bigint as n from (
        select flock_id, month, amount_cents as amount, expenses as n from ${expenseFlockMonths}
          where farm_id = ${farmId} and month >= ${fullFrom} and month < ${fullTo}
        union all
        select flock_id, date_trunc('month', date::timestamp)::date, amount_cents, 1 from edge
      ) as x group by 1, 2 having sum(n) > 0
    ), cm as (
      select category, sum(amount)::bigint as amount, sum(n)::bigint as n from (
        select category, amount_cents as amount, expenses as n from ${expenseCategoryMonths}
          where farm_id = ${farmId} and month >= ${fullFrom} and month < ${fullTo}
        union all
        select category, amount_cents, 1 from edge
      ) as x group by 1 having sum(n) > 0
    )`;
}

/**
 * One statement: the flock-months and categories of the range (spendingParts), summed by
 * month, by flock and by category, and the budgets of every month the range touches with
 * what their flock spent that month within the range (and the filters).
 */
function summaryRow(db: Db, request: ReportRequestContext, f: Filters): Promise<SummaryRow> {
  const { farmId } = request.scope;
  const [startYear, startMonth] = [Number(request.start.slice(0, 4)), Number(request.start.slice(5, 7))];
  const [endYear, endMonth] = [Number(request.end.slice(0, 4)), Number(request.end.slice(5, 7))];
  return oneRow<SummaryRow>(
    db,
    sql`with ${spendingParts(request, f)}
      select
        (select coalesce(json_agg(json_build_array(month, amount, n) order by month), '[]'::json) from (
          select month, sum(amount)::bigint as amount, sum(n)::bigint as n from fm group by 1
        ) as m) as months,
        (select coalesce(json_agg(json_build_array(category, amount, n)), '[]'::json) from cm) as categories,
        (select coalesce(json_agg(json_build_array(t.flock_id, fl.name, t.amount, t.n) order by t.amount desc, fl.name, t.flock_id), '[]'::json) from (
          select flock_id, sum(amount)::bigint as amount, sum(n)::bigint as n from fm group by 1
        ) as t left join ${flocks} as fl on fl.id = t.flock_id and fl.farm_id = ${farmId}) as flocks,
        (select coalesce(json_agg(json_build_array(b.id, b.flock_id, fl.name, b.year, b.month, b.amount_cents, coalesce(s.amount, 0))
            order by b.year, b.month, fl.name, b.id), '[]'::json)
          from ${budgets} as b
          left join ${flocks} as fl on fl.id = b.flock_id and fl.farm_id = ${farmId}
          left join fm as s on s.flock_id = b.flock_id and s.month = make_date(b.year, b.month, 1)
          where b.farm_id = ${farmId} and (b.year, b.month) >= (${startYear}::int, ${startMonth}::int) and (b.year, b.month) <= (${endYear}::int, ${endMonth}::int)) as budgets`,
  );
}

const kes = (label: string): ReportColumn => ({ label, kind: 'kes' });
const count = (label: string): ReportColumn => ({ label, kind: 'count' });

const categoryOrder = (category: ExpenseCategory) => EXPENSE_CATEGORIES.indexOf(category);

async function gather(db: Db, request: ReportRequestContext): Promise<GatheredReport> {
  const { start, end } = request;
  const f = filtersOf(request);
  const row = await summaryRow(db, request, f);
  const language = languageOfReport(request);
  const words = expenseWords(language);
  const { w, d, units, levels } = words;

  const months = new Map(
    fromJson<[string, unknown, unknown][]>(row.months).map(([month, cents, n]) => [month, { cents: toSafeInteger(cents), expenses: toSafeInteger(n) }]),
  );
  const categories = fromJson<[ExpenseCategory, unknown, unknown][]>(row.categories)
    .map(([category, cents, n]) => ({ category, cents: toSafeInteger(cents), expenses: toSafeInteger(n) }))
    .sort((a, b) => categoryOrder(a.category) - categoryOrder(b.category));
  const flockRows = fromJson<[unknown, string | null, unknown, unknown][]>(row.flocks).map(([id, name, cents, n]) => ({
    id: toSafeInteger(id),
    name: name ?? words.unknownFlock,
    cents: toSafeInteger(cents),
    expenses: toSafeInteger(n),
  }));
  const budgetRows = fromJson<[unknown, unknown, string | null, unknown, unknown, unknown, unknown][]>(row.budgets).map(
    ([id, flockId, name, year, month, amount, spent]) => ({
      id: toSafeInteger(id),
      flockId: toSafeInteger(flockId),
      name: name ?? words.unknownFlock,
      month: `${String(toSafeInteger(year)).padStart(4, '0')}-${String(toSafeInteger(month)).padStart(2, '0')}-01`,
      budget: toSafeInteger(amount),
      spent: toSafeInteger(spent),
    }),
  );

  // The totals are the categories' sums (each expense has one category), summed in SQL per category.
  const total = categories.reduce((sum, c) => sum + c.cents, 0);
  const expenseCount = categories.reduce((sum, c) => sum + c.expenses, 0);
  const largest = [...categories].sort((a, b) => b.cents - a.cents || categoryOrder(a.category) - categoryOrder(b.category))[0];
  const budgetTotal = budgetRows.reduce((sum, b) => sum + b.budget, 0);
  const budgetSpent = budgetRows.reduce((sum, b) => sum + b.spent, 0);
  const hasBudgets = budgetRows.length > 0;

  const document = documentHead(request, filterLines(f, words));
  document.summary = [
    { label: w.totalSpent, value: total, kind: 'kes' },
    { label: w.numberOfExpenses, value: expenseCount, kind: 'count' },
    { label: w.largestCategory, value: largest ? w.categoryShare(words.category(largest.category), shareOf(largest.cents, total) ?? 0) : null, kind: 'text' },
    { label: w.largestCategorySpent, value: largest?.cents ?? 0, kind: 'kes' },
    hasBudgets
      ? { label: w.budgetForPeriod, value: budgetTotal, kind: 'kes' }
      : { label: w.budgetForPeriod, value: w.noBudgetSet, kind: 'text' },
  ];
  if (hasBudgets) {
    document.summary.push(
      { label: w.spentByBudgetedFlocks, value: budgetSpent, kind: 'kes' },
      { label: w.budgetUsed, value: budgetPercentUsed(budgetSpent, budgetTotal), kind: 'percent' },
      { label: w.budgetLeft, value: budgetTotal - budgetSpent, kind: 'kes' },
    );
  }

  // Charts: the categories' pie, and each month's (or year's) spending against its budgets.
  const spending = categories.filter((c) => c.cents > 0);
  const pie: ReportChart = {
    title: w.spendingByCategory,
    kind: 'pie',
    categories: spending.map((c) => words.category(c.category)),
    series: [{ name: w.spent, values: spending.map((c) => c.cents) }],
    unit: 'kes',
  };
  const budgetOfMonth = new Map<string, number>();
  for (const b of budgetRows) budgetOfMonth.set(b.month, (budgetOfMonth.get(b.month) ?? 0) + b.budget);
  const monthKeys = periodKeys(start, end, 'month');
  const unit: PeriodUnit = chartUnit(start, end) === 'year' ? 'year' : 'month';
  const barKeys = periodKeys(start, end, unit);
  const spentBars = new Map<string, number>();
  const budgetBars = new Map<string, number>();
  for (const key of monthKeys) {
    const bar = unit === 'month' ? key : `${key.slice(0, 4)}-01-01`;
    spentBars.set(bar, (spentBars.get(bar) ?? 0) + (months.get(key)?.cents ?? 0));
    budgetBars.set(bar, (budgetBars.get(bar) ?? 0) + (budgetOfMonth.get(key) ?? 0));
  }
  const overTime: ReportChart = {
    title: hasBudgets ? w.spendingAgainstBudgetBy(units[unit]) : w.spendingBy(units[unit]),
    kind: 'bar',
    categories: barKeys.map((key) => periodLabel(key, unit, start, language)),
    series: [
      { name: w.spent, values: barKeys.map((key) => spentBars.get(key) ?? 0) },
      ...(hasBudgets ? [{ name: w.budget, values: barKeys.map((key) => budgetBars.get(key) ?? 0) }] : []),
    ],
    unit: 'kes',
  };
  document.charts = spending.length > 0 ? [pie, overTime] : [overTime];

  // Tables: a row a month first (the summary's CSV), then categories, flocks, budgets.
  const monthTable: ReportTable = {
    title: w.spendingBy(units.month),
    columns: [{ label: d.month, kind: 'text' }, count(w.expenses), kes(w.spent), ...(hasBudgets ? [kes(w.budget)] : [])],
    rows: monthKeys.map((key) => {
      const m = months.get(key) ?? { cents: 0, expenses: 0 };
      return [monthCell(key, language), m.expenses, m.cents, ...(hasBudgets ? [budgetOfMonth.get(key) ?? 0] : [])];
    }),
    totals: [d.total, expenseCount, total, ...(hasBudgets ? [budgetTotal] : [])],
  };
  const partial = [
    start.endsWith('-01') ? null : monthCell(`${start.slice(0, 7)}-01`, language),
    shiftDay(end, 1).endsWith('-01') ? null : monthCell(`${end.slice(0, 7)}-01`, language),
  ]
    .filter((m): m is string => m !== null)
    .filter((m, i, all) => all.indexOf(m) === i);
  if (partial.length > 0) monthTable.note = w.partialMonthsNote(partial);

  const categoryTable: ReportTable = {
    title: w.spendingByCategory,
    columns: [{ label: w.category, kind: 'text' }, count(w.expenses), kes(w.spent), { label: w.share, kind: 'percent' }],
    rows: categories.map((c) => [words.category(c.category), c.expenses, c.cents, shareOf(c.cents, total)]),
    totals: [d.total, expenseCount, total, total > 0 ? 100 : null],
  };
  const flockTable: ReportTable = {
    title: w.spendingByFlock,
    columns: [{ label: d.flock, kind: 'text' }, count(w.expenses), kes(w.spent), { label: w.share, kind: 'percent' }],
    rows: flockRows.map((r) => [r.name, r.expenses, r.cents, shareOf(r.cents, total)]),
    totals: [d.total, expenseCount, total, total > 0 ? 100 : null],
  };
  const budgetNotes: string[] = [];
  if (!hasBudgets) budgetNotes.push(w.noBudget);
  else {
    if (partial.length > 0) budgetNotes.push(w.partialBudgetsNote(partial));
    if (filtered(f)) budgetNotes.push(w.filteredBudgetsNote);
  }
  const budgetTable: ReportTable = {
    title: w.budgetAgainstActual,
    columns: [
      { label: d.month, kind: 'text' },
      { label: d.flock, kind: 'text' },
      kes(w.budget),
      kes(w.spent),
      kes(w.left),
      { label: w.used, kind: 'percent' },
      { label: w.status, kind: 'text' },
    ],
    rows: budgetRows.map((b) => [
      monthCell(b.month, language),
      b.name,
      b.budget,
      b.spent,
      b.budget - b.spent,
      budgetPercentUsed(b.spent, b.budget),
      levels[budgetLevel(b.spent, b.budget)],
    ]),
    ...(hasBudgets
      ? { totals: [d.total, null, budgetTotal, budgetSpent, budgetTotal - budgetSpent, budgetPercentUsed(budgetSpent, budgetTotal), levels[budgetLevel(budgetSpent, budgetTotal)]] }
      : {}),
  };
  if (budgetNotes.length > 0) budgetTable.note = budgetNotes.join(' ');
  document.tables = [monthTable, categoryTable, flockTable, budgetTable];

  return { document, records: request.reportType === 'detailed' ? expenseRecords(db, request, f, words) : null };
}

// ---------------------------------------------------------------- every expense

const recordColumns = ({ w, d }: ExpenseWords): ReportColumn[] => [
  { label: d.date, kind: 'day' },
  { label: d.flock, kind: 'text' },
  { label: w.category, kind: 'text' },
  { label: w.description, kind: 'text' },
  kes(w.amount),
];

/** Every expense of the range that passes the filters, by date then id, a page at a time off the (farm_id, date, id) index. */
function expenseRecords(db: Db, request: ReportRequestContext, f: Filters, words: ExpenseWords) {
  type Key = { date: string; id: number };
  const conditions = rowConditions(request, f);
  const page = async (after: Key | null, limit: number) => {
    const rows = await db
      .select({ id: expenses.id, date: expenses.date, flock: flocks.name, category: expenses.category, description: expenses.description, amountCents: expenses.amountCents })
      .from(expenses)
      .leftJoin(flocks, eq(flocks.id, expenses.flockId))
      .where(and(...conditions, after ? sql`(${expenses.date}, ${expenses.id}) > (${after.date}::date, ${after.id}::int)` : undefined))
      .orderBy(asc(expenses.date), asc(expenses.id))
      .limit(limit);
    const last = rows.at(-1);
    return {
      rows: rows.map((r): Cell[] => [r.date, r.flock ?? words.unknownFlock, words.category(r.category), r.description, r.amountCents]),
      last: last ? { date: last.date, id: last.id } : null,
    };
  };
  return { title: words.w.recordsTitle, columns: recordColumns(words), pages: pagedRows<Key>(page) };
}

/** Whether the range holds an expense (that passes the filters): the day rollup, or the rows when filtered. */
async function hasData(db: Db, request: ReportRequestContext): Promise<boolean> {
  const f = filtersOf(request);
  const found = filtered(f)
    ? await db
        .select({ one: sql<number>`1` })
        .from(expenses)
        .where(and(...rowConditions(request, f)))
        .limit(1)
    : await db
        .select({ one: sql<number>`1` })
        .from(expenseDays)
        .where(
          and(
            eq(expenseDays.farmId, request.scope.farmId),
            gte(expenseDays.day, request.start),
            lte(expenseDays.day, request.end),
            sql`${expenseDays.expenses} > 0`,
          ),
        )
        .limit(1);
  return found.length > 0;
}

export const expenseReport: ReportGatherer = { hasData, gather };
