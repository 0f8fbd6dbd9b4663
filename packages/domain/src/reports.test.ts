import { describe, expect, it } from 'vitest';
import {
  generationFailureMessage,
  isInsufficientData,
  REPORT_RANGE_MAX_YEARS,
  reportFileName,
  reportMessages as m,
  reportName,
  reportRangeProblem,
} from './reports-rules.js';
import { reportListQuerySchema, reportRequestSchema } from './reports.js';

describe('reportRangeProblem (docs/product.md §5 Report generator)', () => {
  it('asks for both dates, then an order, then two days at least, then a bounded range', () => {
    expect(reportRangeProblem('', '2026-01-31')).toBe(m.datesRequired);
    expect(reportRangeProblem('2026-01-01', null)).toBe(m.datesRequired);
    expect(reportRangeProblem('2026-02-01', '2026-01-31')).toBe(m.startAfterEnd);
    expect(reportRangeProblem('2026-01-31', '2026-01-31')).toBe(m.singleDay);
    expect(reportRangeProblem('2026-01-30', '2026-01-31')).toBeNull();
    expect(reportRangeProblem('2016-01-01', '2026-01-01')).toBeNull();
    expect(reportRangeProblem(`${2026 - REPORT_RANGE_MAX_YEARS - 1}-01-01`, '2026-01-01')).toBe(m.rangeTooLong);
    expect(reportRangeProblem('1926-01-01', '2026-01-01')).toBe(m.rangeTooLong);
  });

  it('reads an instant by its day', () => {
    expect(reportRangeProblem('2026-01-31T08:00:00.000Z', '2026-01-31T20:00:00.000Z')).toBe(m.singleDay);
  });
});

describe('the insufficient-data rule (docs/product.md §8 Reports)', () => {
  it('takes a message mentioning insufficient data, a zero x-range or no data, in any case', () => {
    for (const text of [m.noRecords('sales', '2026-01-01', '2026-01-31'), 'Chart has ZERO X-RANGE', 'No data for the flock']) {
      expect(isInsufficientData(text), text).toBe(true);
      expect(generationFailureMessage(text)).toBe(m.insufficientData);
    }
    expect(isInsufficientData('Failed to fetch')).toBe(false);
  });

  it('says what failed otherwise, and an unknown error when there is no message', () => {
    expect(generationFailureMessage('Network down')).toBe('Failed to generate report: Network down');
    expect(generationFailureMessage('')).toBe('Failed to generate report: Unknown error occurred');
    expect(generationFailureMessage(undefined)).toBe('Failed to generate report: Unknown error occurred');
  });
});

describe('report names and file names', () => {
  it('names a report by category, type and period', () => {
    expect(reportName('eggProduction', 'detailed', '2026-01-01', '2026-03-31T21:00:00Z')).toBe('Egg Production Report (Detailed) 01 Jan 2026 to 31 Mar 2026');
  });

  it('keeps a file name to safe characters: no path, no leading dot, never empty', () => {
    expect(reportFileName('Sales Report (Summary) 2026-01-01 to 2026-03-31', 'pdf')).toBe('Sales Report (Summary) 2026-01-01 to 2026-03-31.pdf');
    expect(reportFileName('../../etc/passwd', 'pdf')).toBe('etc-passwd.pdf');
    expect(reportFileName('..\\..\\windows\\win.ini', 'csv')).toBe('windows-win.ini.csv');
    expect(reportFileName('.hidden', 'pdf')).toBe('hidden.pdf');
    expect(reportFileName('Ripoti ya Mayai — Januari', 'xlsx')).toBe('Ripoti ya Mayai - Januari.xlsx');
    expect(reportFileName('a\u0000b\r\nc', 'pdf')).toBe('a-b-c.pdf');
    expect(reportFileName('////', 'pdf')).toBe('report.pdf');
    expect(reportFileName('x'.repeat(500), 'pdf').length).toBeLessThanOrEqual(124);
  });
});

describe('reportRequestSchema', () => {
  it('takes the product’s names and aliases, defaults to a summary and ignores user_id', () => {
    const parsed = reportRequestSchema.parse({ startDate: '2026-01-01', endDate: '2026-01-31', user_id: 9, flockId: '4' });
    expect(parsed).toMatchObject({ start_date: '2026-01-01', end_date: '2026-01-31', report_type: 'summary', flock_id: 4 });
    expect(reportRequestSchema.parse({ start_date: '2026-01-01', end_date: '2026-01-31', report_type: 'DETAILED' }).report_type).toBe('detailed');
  });

  it('answers each broken rule with its message on the end date', () => {
    const issue = (body: object) => reportRequestSchema.safeParse(body).error?.issues[0]?.message;
    expect(issue({ end_date: '2026-01-31' })).toBe(m.datesRequired);
    expect(issue({ start_date: '2026-02-31', end_date: '2026-03-01' })).toBe(m.dateInvalid);
    expect(issue({ start_date: '2026-02-01', end_date: '2026-01-01' })).toBe(m.startAfterEnd);
    expect(issue({ start_date: '2026-02-01', end_date: '2026-02-01' })).toBe(m.singleDay);
    expect(issue({ start_date: '2026-01-01', end_date: '2026-01-31', report_type: 'everything' })).toBe(m.typeInvalid);
    expect(issue({ start_date: '2026-01-01', end_date: '2026-01-31', flock_id: -1 })).toBe(m.flockInvalid);
  });

  it('lists 5 a page, newest first, by default', () => {
    expect(reportListQuerySchema.parse({})).toMatchObject({ page: 1, pageSize: 5, sort: 'created_at', order: 'desc' });
  });
});
