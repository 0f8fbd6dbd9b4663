import type { ClientRecordKind } from '@kuku/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Capture } from './capture';

/**
 * A create a phone may capture offline, or a change or a deletion of a record Kuku has (with the
 * version the farmer saw), as a mutation: it answers the server's record, or null when the record
 * was kept on the phone (the form then says so and closes); a change of a record changed on another
 * phone since throws ChangeKeptToChoose. What the record changes is read again once it is sent,
 * here or by the sender later. The queue's code (and IndexedDB's) loads with the first save: a
 * screen's first render does not carry it.
 */
export function useCaptureMutation<Variables, T>(
  kind: ClientRecordKind,
  toCapture: (variables: Variables) => Omit<Capture, 'kind'>,
  /** The server's record, once it has it (an edit's answer replaces the row shown). */
  onSent?: (saved: T) => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    // Runs with no signal too: the record is kept on the phone (TanStack would pause it offline).
    networkMode: 'always',
    mutationFn: async (variables: Variables) => {
      const { captureAndRefresh } = await import('./capture');
      return captureAndRefresh<T>(queryClient, { kind, ...toCapture(variables) });
    },
    onSuccess: (saved) => {
      if (saved !== null && saved !== undefined) onSent?.(saved);
    },
  });
}
