/**
 * A change of a record that another phone changed since the farmer opened it: kept on the phone
 * with the record as it is now, and the list of records on the phone opened to choose which to
 * keep (docs/decisions/067-edits-carry-the-version-seen.md). The form closes; the choice is the message.
 */
export class ChangeKeptToChoose extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ChangeKeptToChoose';
  }
}

/** True for a change kept to choose: the form closes without a toast of its own. */
export const isKeptToChoose = (error: unknown): error is ChangeKeptToChoose => error instanceof ChangeKeptToChoose;
