import { Alert, Button, Group } from '@mantine/core';
import { offlineWords } from '@kuku/domain';

interface OnlineFormFooterProps {
  /** What the last save said went wrong, shown above the buttons. */
  formError: string | null;
  online: boolean;
  pending: boolean;
  onCancel: () => void;
  cancelLabel: string;
  /** The save button's words; none when there is nothing to save. */
  submitLabel: string | null;
  /** Held off for another reason than pending or offline (options still loading). */
  submitDisabled?: boolean;
}

/**
 * The end of a flock dialog that saves only with a connection (feed given, a weighing, closing a
 * batch): the error of the last try, that it needs a connection, and Cancel and the save.
 */
export function OnlineFormFooter({ formError, online, pending, onCancel, cancelLabel, submitLabel, submitDisabled = false }: OnlineFormFooterProps) {
  return (
    <>
      {formError ? (
        <Alert color="red" role="alert" p="xs">
          {formError}
        </Alert>
      ) : null}
      {!online ? (
        <Alert color="yellow" role="status" p="xs">
          {offlineWords.partNeedsConnection}
        </Alert>
      ) : null}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel} disabled={pending}>
          {cancelLabel}
        </Button>
        {submitLabel === null ? null : (
          <Button type="submit" disabled={pending || !online || submitDisabled}>
            {submitLabel}
          </Button>
        )}
      </Group>
    </>
  );
}
