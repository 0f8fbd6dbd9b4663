/**
 * Records captured with no signal and sent later (docs/decisions/065-records-captured-offline.md).
 * A record made offline carries the id the phone gave it, the time it was captured and the phone
 * that captured it; the server keeps the id for good, so a replay of it, however late, is the same
 * record. The phone keeps what waits in a queue (docs/decisions/066-the-phone-s-outbox.md).
 * Zod-free: the web app's queue reads these on the first screen's side of the split.
 */
import { dayText } from './common/day-text.js';
import { countDetail } from './common/numbers.js';
import { words, type Catalogues } from './common/words.js';
import { adjustmentLine, productionLine } from './eggs-rules.js';
import { expenseLine } from './expenses-rules.js';
import { saleLine } from './sales-rules.js';
import { vaccinationLine } from './vaccinations-rules.js';
import type { FarmChange } from './common/stale-after.js';

/** The request headers a create made offline carries. */
export const CLIENT_RECORD_HEADERS = {
  /** The record's id, a UUID the phone made when the farmer saved it. */
  id: 'kuku-record-id',
  /** When the farmer saved it, as an ISO 8601 instant from the phone's clock. */
  capturedAt: 'kuku-captured-at',
  /** Which phone: an opaque id the app keeps per install. */
  device: 'kuku-device-id',
} as const;

/**
 * The request header an edit or a delete carries: the record's `updated_at` as the farmer saw it.
 * The record changed since (another phone) is not overwritten: the answer is a 409 with the record
 * as it is now, and the farmer chooses which to keep (docs/decisions/067-edits-carry-the-version-seen.md).
 */
export const RECORD_VERSION_HEADER = 'kuku-record-version';

export const recordVersionMessages = words(
  'recordVersions',
  {
  badVersion: "The record version must be the record's updated_at, such as 2026-12-06T14:05:00.123Z.",
  changedMeanwhile: 'This record was changed on another phone after you opened it.',
},
  { sw: () => import('./sw/offline-rules.js') as Promise<Catalogues> },
);

/** The kinds of record a phone may capture offline; each create route names its kind. */
export const CLIENT_RECORD_KINDS = ['egg_production', 'egg_adjustment', 'sale', 'expense', 'stock_removal', 'vaccination', 'bird_count_change'] as const;
export type ClientRecordKind = (typeof CLIENT_RECORD_KINDS)[number];

/** What a record of each kind changes, once it reaches the server: what the phone reads again. */
export const CLIENT_RECORD_CHANGES: Record<ClientRecordKind, FarmChange> = {
  egg_production: 'egg_production',
  egg_adjustment: 'egg_production',
  sale: 'sale',
  expense: 'expense',
  stock_removal: 'inventory',
  vaccination: 'vaccination',
  bird_count_change: 'flock',
};

/** How long a capture may wait on a phone before it is refused as too old to judge. */
export const CAPTURE_MAX_AGE_DAYS = 60;
/** How far ahead of the server's clock a phone's clock may run. */
export const CAPTURE_CLOCK_SKEW_MINUTES = 10;

export const clientRecordMessages = words(
  'clientRecords',
  {
  badId: 'The record id must be a UUID.',
  badCapturedAt: 'The capture time must be a date and time, such as 2026-12-06T14:05:00+03:00.',
  capturedInFuture: "The capture time is ahead of the server's clock. Check the phone's date and time.",
  capturedTooLongAgo: `The capture time is more than ${CAPTURE_MAX_AGE_DAYS} days ago. Record it again with today's details.`,
  badDevice: 'The device id must be 1 to 64 letters, digits, dots, dashes or underscores.',
  idTaken: 'This record id belongs to another record. Record it again to send it.',
  sentWithOtherValues: 'This record was already sent with other values. Edit the record that was sent instead.',
  deletedSinceSent: 'This record was deleted after it was sent, so it was not recorded again.',
},
  { sw: () => import('./sw/offline-rules.js') as Promise<Catalogues> },
);

/** How long a save waits for the server before it is kept on the phone to be sent later. */
export const CAPTURE_WAIT_MS = 8_000;
/** The wait before the first new try after a failed send; it doubles after each failure up to the cap. */
export const OUTBOX_RETRY_FIRST_MS = 2_000;
export const OUTBOX_RETRY_CAP_MS = 5 * 60_000;

/** The words of the phone's queue of records to send. */
export const outboxWords = words(
  'outbox',
  {
  buttonLabel: (waiting: number, problems: number) =>
    [waiting > 0 ? countText(waiting, 'record', 'records') + ' waiting to be sent' : '', problems > 0 ? countText(problems, 'record', 'records') + ' not accepted' : '']
      .filter(Boolean)
      .join(', '),
  title: 'Records on this phone',
  partNeedsConnection: 'This part needs a connection. It shows once the signal is back.',
  needsConnection: 'Parts of this screen were never read on this phone. They need a connection, and show once the signal is back.',
  offline: (asOf: string | null) => (asOf ? `No connection: the figures shown are as of ${asOf}, when Kuku was last reached.` : 'No connection.'),
  /** 'as of' over '14:05', beside the header's cloud. */
  asOfLines: (time: string) => ['as of', time],
  waiting: (n: number) => (n === 0 ? 'No records waiting to be sent.' : `${countText(n, 'record', 'records')} waiting to be sent.`),
  /** Above a screen while records wait: the figures on it do not count them yet. */
  notInFigures: (n: number) =>
    n === 1 ? '1 record saved on this phone is not in these figures yet.' : `${n} records saved on this phone are not in these figures yet.`,
  waitingHint: 'They are sent, oldest first, as soon as there is a signal. Keep Kuku open or open it again to send them.',
  lastSent: (when: string) => `Last sent to Kuku: ${when}.`,
  neverSent: 'Nothing sent from this phone yet.',
  sendNow: 'Send now',
  sending: 'Sending…',
  signInToSend: 'Sign in again to send them: they stay on this phone until then.',
  problemsTitle: 'Not accepted by Kuku',
  problemsHint: 'Kuku refused these records. Edit one to correct it, or retry once the problem is fixed.',
  retry: 'Retry',
  discard: 'Discard',
  discarded: 'The record was discarded.',
  discardWaiting: 'Discard this record',
  keep: 'Keep',
  capturedAt: (when: string) => `Saved ${when}`,
  birdsWaiting: (change: number) => `${countDetail(change, 'birds', true)} waiting on this phone to be sent.`,
  olderVersion: 'This record was saved by an older version of Kuku and cannot be sent. Record it again.',
  /** A change or a deletion waiting, in the list: 'Change: Sale · 07 Dec 2026 · Eggs (crate of 30)'. */
  changeOf: (summary: string) => `Change: ${summary}`,
  deletionOf: (summary: string) => `Deletion: ${summary}`,
  choicesTitle: 'Changed on another phone',
  changedMeanwhileHint: 'Someone changed this record on another phone after you opened it. Choose which to keep.',
  theirs: (summary: string) => `Now on Kuku: ${summary}`,
  mine: (summary: string) => `Yours: ${summary}`,
  keepMine: 'Keep mine',
  keepTheirs: 'Keep theirs',
  deleteAnyway: 'Delete it anyway',
  keepIt: 'Keep it',
  keptTheirs: 'Kept the record as it is on Kuku.',
  /** A record on the phone, opened again to correct it before it is sent. */
  edit: 'Edit',
  sentBeforeChange: 'This record reached Kuku before your change. Open it in its list to change it there.',
  /** What the record's form needs (the item it takes stock from) was never read on this phone. */
  cannotOpen: 'This record cannot be opened on this phone: what it needs was never read here. Discard it and record it again, or try again with a signal.',
  close: 'Close',

  kinds: {
    egg_production: 'Egg production',
    egg_adjustment: 'Egg adjustment',
    sale: 'Sale',
    expense: 'Expense',
    stock_removal: 'Stock removal',
    vaccination: 'Vaccination',
    bird_count_change: 'Bird count change',
  } satisfies Record<ClientRecordKind, string>,
},
  { sw: () => import('./sw/offline-rules.js') as Promise<Catalogues> },
);

/** The kinds of record whose edits and deletes a phone may send later, with the version seen. */
export type VersionedRecordKind = Exclude<ClientRecordKind, 'stock_removal' | 'bird_count_change'>;

// Which record it is: one line rule per kind, in its feature's rules (productionLine and the others),
// the same for the record the farmer saved and the one another phone left.
const recordLines: Record<VersionedRecordKind, (record: never) => { day: string; detail: string }> = {
  egg_production: productionLine,
  egg_adjustment: adjustmentLine,
  sale: saleLine,
  expense: expenseLine,
  vaccination: vaccinationLine,
};



/** The line of a record of a kind, read from an answer whose shape is not checked (a 409's current record). */
export function describeRecord(kind: ClientRecordKind, record: unknown): string {
  const lines = recordLines[kind as VersionedRecordKind] as ((record: unknown) => { day: string; detail: string }) | undefined;
  if (!lines || typeof record !== 'object' || record === null) return outboxWords.kinds[kind];
  try {
    const { day, detail } = lines(record);
    return recordSummary(kind, String(day ?? ''), String(detail ?? ''));
  } catch {
    return outboxWords.kinds[kind];
  }
}

/** The line that names a record on the phone's list: 'Egg production · 07 Dec 2026 · 300 eggs'. */
export function recordSummary(kind: ClientRecordKind, day: string, detail: string): string {
  return [outboxWords.kinds[kind], dayText(day), detail].filter(Boolean).join(' · ');
}


function countText(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// Instants only: a date and time with seconds optional, and a zone (Z or ±hh:mm).
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;
const DEVICE = /^[A-Za-z0-9._-]{1,64}$/;

export const isClientRecordId = (value: string): boolean => UUID.test(value);
export const isDeviceId = (value: string): boolean => DEVICE.test(value);

/** The version of an edit's header (an instant), or null when it is not one. */
export function readRecordVersion(value: string): Date | null {
  if (!INSTANT.test(value)) return null;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? null : at;
}

/** The capture time of a header, or the message that refuses it. */
export function readCapturedAt(value: string, now: Date): { at: Date } | { problem: string } {
  if (!INSTANT.test(value)) return { problem: clientRecordMessages.badCapturedAt };
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) return { problem: clientRecordMessages.badCapturedAt };
  if (at.getTime() > now.getTime() + CAPTURE_CLOCK_SKEW_MINUTES * 60_000) return { problem: clientRecordMessages.capturedInFuture };
  if (at.getTime() < now.getTime() - CAPTURE_MAX_AGE_DAYS * 86_400_000) return { problem: clientRecordMessages.capturedTooLongAgo };
  return { at };
}
