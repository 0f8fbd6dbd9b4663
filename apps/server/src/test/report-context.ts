import type { Cell, GatheredReport, ReportRequestContext } from '../features/reports/document.js';

/** A gatherer's request for a test farm: the whole range given, the rest defaulted. */
export function reportContext(farmId: number, overrides: Partial<ReportRequestContext> & Pick<ReportRequestContext, 'category' | 'start' | 'end'>): ReportRequestContext {
  return {
    scope: { farmId, timeZone: 'Africa/Nairobi' },
    farmName: 'Test Farm',
    reportType: 'summary',
    flockId: null,
    descriptionFilter: null,
    expenseCategory: null,
    now: new Date(),
    ...overrides,
  };
}

/** Every record row of a detailed report, its pages joined. */
export async function allRecords(gathered: GatheredReport): Promise<Cell[][]> {
  const rows: Cell[][] = [];
  if (gathered.records) for await (const page of gathered.records.pages) rows.push(...page);
  return rows;
}
