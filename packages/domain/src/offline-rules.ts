/**
 * Records captured with no signal and sent later (docs/decisions/065-records-captured-offline.md).
 * A record made offline carries the id the phone gave it, the time it was captured and the phone
 * that captured it; the server keeps the id for good, so a replay of it, however late, is the same
 * record. Zod-free: the web app's queue reads these on the first screen's side of the split.
 */

/** The request headers a create made offline carries. */
export const CLIENT_RECORD_HEADERS = {
  /** The record's id, a UUID the phone made when the farmer saved it. */
  id: 'kuku-record-id',
  /** When the farmer saved it, as an ISO 8601 instant from the phone's clock. */
  capturedAt: 'kuku-captured-at',
  /** Which phone: an opaque id the app keeps per install. */
  device: 'kuku-device-id',
} as const;

/** The kinds of record a phone may capture offline; each create route names its kind. */
export const CLIENT_RECORD_KINDS = ['egg_production', 'egg_adjustment', 'sale', 'expense', 'stock_removal', 'vaccination', 'bird_count_change'] as const;
export type ClientRecordKind = (typeof CLIENT_RECORD_KINDS)[number];

/** How long a capture may wait on a phone before it is refused as too old to judge. */
export const CAPTURE_MAX_AGE_DAYS = 60;
/** How far ahead of the server's clock a phone's clock may run. */
export const CAPTURE_CLOCK_SKEW_MINUTES = 10;

export const clientRecordMessages = {
  badId: 'The record id must be a UUID.',
  badCapturedAt: 'The capture time must be a date and time, such as 2026-12-06T14:05:00+03:00.',
  capturedInFuture: "The capture time is ahead of the server's clock. Check the phone's date and time.",
  capturedTooLongAgo: `The capture time is more than ${CAPTURE_MAX_AGE_DAYS} days ago. Record it again with today's details.`,
  badDevice: 'The device id must be 1 to 64 letters, digits, dots, dashes or underscores.',
  idTaken: 'This record id belongs to another record. Record it again to send it.',
  sentWithOtherValues: 'This record was already sent with other values. Edit the record that was sent instead.',
  deletedSinceSent: 'This record was deleted after it was sent, so it was not recorded again.',
} as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// Instants only: a date and time with seconds optional, and a zone (Z or ±hh:mm).
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;
const DEVICE = /^[A-Za-z0-9._-]{1,64}$/;

export const isClientRecordId = (value: string): boolean => UUID.test(value);
export const isDeviceId = (value: string): boolean => DEVICE.test(value);

/** The capture time of a header, or the message that refuses it. */
export function readCapturedAt(value: string, now: Date): { at: Date } | { problem: string } {
  if (!INSTANT.test(value)) return { problem: clientRecordMessages.badCapturedAt };
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) return { problem: clientRecordMessages.badCapturedAt };
  if (at.getTime() > now.getTime() + CAPTURE_CLOCK_SKEW_MINUTES * 60_000) return { problem: clientRecordMessages.capturedInFuture };
  if (at.getTime() < now.getTime() - CAPTURE_MAX_AGE_DAYS * 86_400_000) return { problem: clientRecordMessages.capturedTooLongAgo };
  return { at };
}
