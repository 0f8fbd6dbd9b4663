import type { ClientRecordKind } from '@kuku/domain';
import type { ComponentType } from 'react';
import type { OutboxEntry } from './entry';

/**
 * A create still on the phone, opened in its own form to be corrected before it is sent (or after
 * Kuku refused it): the form starts from what was saved, and its save replaces that record on the
 * phone under the same id (`Capture.replaces`).
 */
export interface Waiting<Body> {
  /** The entry's id, which is also the record's id on Kuku once sent. */
  id: string;
  body: Body;
}

export interface WaitingEditProps {
  entry: OutboxEntry;
  onClose: () => void;
}

/** Each kind's form for a record on the phone; the app composes them (features own the forms). */
export type WaitingEditForms = Partial<Record<ClientRecordKind, ComponentType<WaitingEditProps>>>;

/** The entry's saved values as a form's body (the app that saved them made them of this shape). */
export function waitingOf<Body>(entry: OutboxEntry): Waiting<Body> {
  return { id: entry.id, body: entry.body as Body };
}
