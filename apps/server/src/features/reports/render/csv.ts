/**
 * A report table as CSV, built a page at a time: a detailed report's records arrive in pages
 * and only their CSV text is kept, never the rows. UTF-8 with a BOM so Excel reads Swahili
 * names right; text cells formula-guarded (OWASP), numbers plain so they stay numbers.
 */
import { stringify } from 'csv-stringify/sync';
import type { Cell, ReportColumn, ReportFigure } from '../document.js';
import { reportLanguage, type ReportLanguage } from '../report-language.js';
import { dataColumnLabel, formatCsvCell, guardFormula } from './format.js';

const BOM = new Uint8Array([0xef, 0xbb, 0xbf]);
const encoder = new TextEncoder();

// Quote any field that is not a plain number or ISO day, so "1234.50" and "-50.00" stay bare
// numbers while text (a name, a guarded '=…, one with a comma) is always quoted.
const STRINGIFY_OPTIONS = { quoted_match: /[^0-9.-]/, record_delimiter: 'windows' } as const;

export class CsvBuilder {
  private readonly chunks: Uint8Array[] = [BOM];
  private size = BOM.length;
  private rowCount = 0;

  /** `language`: the report's, whose words the header's money and percent columns take. */
  constructor(
    private readonly columns: ReportColumn[],
    language: ReportLanguage = reportLanguage(),
  ) {
    this.push([columns.map((column) => guardFormula(dataColumnLabel(column, language)))]);
  }

  /** Rows, aligned with the columns; a short row gets empty cells. */
  add(rows: Cell[][]): void {
    if (rows.length === 0) return;
    this.push(rows.map((row) => this.columns.map((column, index) => formatCsvCell(column.kind, row[index] ?? null))));
    this.rowCount += rows.length;
  }

  /** Rows added so far, the header not counted. */
  get rows(): number {
    return this.rowCount;
  }

  /** The whole file. The builder keeps nothing after this. */
  finish(): Uint8Array {
    const out = new Uint8Array(this.size);
    let offset = 0;
    for (const chunk of this.chunks) {
      out.set(chunk, offset);
      offset += chunk.length;
    }
    this.chunks.length = 0;
    this.size = 0;
    return out;
  }

  /** Rows already in CSV form (formatted and guarded). */
  push(records: string[][]): void {
    const chunk = encoder.encode(stringify(records, STRINGIFY_OPTIONS));
    this.chunks.push(chunk);
    this.size += chunk.length;
  }
}

/** A whole table (header, rows and a totals row if any) as one CSV file. */
export function tableCsv(columns: ReportColumn[], rows: Cell[][], totals?: Cell[], language: ReportLanguage = reportLanguage()): Uint8Array {
  const builder = new CsvBuilder(columns, language);
  builder.add(rows);
  if (totals) builder.add([totals]);
  return builder.finish();
}

/** The summary figures as Label, Value rows, for a report without a table; money labels say KES. */
export function figuresCsv(figures: ReportFigure[], language: ReportLanguage = reportLanguage()): Uint8Array {
  const { document: w } = language.words;
  const builder = new CsvBuilder(
    [
      { label: w.label, kind: 'text' },
      { label: w.value, kind: 'text' },
    ],
    language,
  );
  builder.push(figures.map((figure) => [guardFormula(dataColumnLabel(figure, language)), formatCsvCell(figure.kind, figure.value)]));
  return builder.finish();
}
