/**
 * The render worker (a piscina task): lays out a report's files off the server's thread. A
 * detailed report's records come on `port` a page at a time, then `null`; each page goes into
 * the CSV at once and only the PDF's first REPORT_PDF_RECORDS_MAX rows are kept, so no thread
 * ever holds every record as rows. Each page is acknowledged so the sender can pace itself.
 */
import { REPORT_PDF_RECORDS_MAX } from '@kuku/domain';
import type { MessagePort } from 'node:worker_threads';
import { move, transferableSymbol, valueSymbol } from 'piscina';
import type { Cell, ReportColumn, ReportDocument } from '../document.js';
import { reportLanguage } from '../report-language.js';
import { CsvBuilder } from './csv.js';
import { renderFiles, type RenderedFiles } from './render.js';

export interface RenderTask {
  /** Plain data, in its language (`document.language`): the worker writes its own words in it too. */
  document: ReportDocument;
  /** A detailed report's records (their rows come on `port`); null for a summary report. */
  records: { title: string; columns: ReportColumn[] } | null;
  port: MessagePort | null;
}

export type RenderResult = RenderedFiles & { records: number };

/** What the worker posts back after each page: the records received so far. */
export type RecordsAck = number;

/** A buffer the worker owns outright, so transferring it detaches nothing else (Node pools small Buffers). */
function owned(bytes: Uint8Array): Uint8Array {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer ? bytes : bytes.slice();
}

/** Reads pages until `null`; rejects if the sender closes the channel first. */
function receiveRecords(port: MessagePort, onPage: (page: Cell[][]) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    let done = false;
    port.on('message', (page: Cell[][] | null) => {
      if (done) return;
      if (page === null) {
        done = true;
        resolve();
        return;
      }
      try {
        onPage(page);
      } catch (error) {
        done = true;
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
    port.on('close', () => {
      if (!done) reject(new Error('The report records stopped before their end.'));
      done = true;
    });
  });
}

export default async function renderTask({ document, records, port }: RenderTask): Promise<ReturnType<typeof move>> {
  let files: RenderedFiles;
  let count = 0;
  if (records && port) {
    const csv = new CsvBuilder(records.columns, reportLanguage(document.language));
    const kept: Cell[][] = [];
    try {
      await receiveRecords(port, (page) => {
        csv.add(page);
        for (const row of page) {
          if (kept.length >= REPORT_PDF_RECORDS_MAX) break;
          kept.push(row);
        }
        count += page.length;
        port.postMessage(count satisfies RecordsAck);
      });
    } finally {
      port.close();
    }
    files = await renderFiles(document, { ...records, rows: kept }, count, csv.finish());
  } else {
    files = await renderFiles(document, null, 0);
  }

  const result: RenderResult = {
    pdf: owned(files.pdf),
    csv: owned(files.csv),
    xlsx: files.xlsx && owned(files.xlsx),
    records: count,
  };
  const buffers = [result.pdf.buffer, result.csv.buffer, ...(result.xlsx ? [result.xlsx.buffer] : [])];
  // Hand the buffers over to the pool's thread instead of copying them.
  return move({ [transferableSymbol]: buffers, [valueSymbol]: result });
}
