import type { ClientRecordKind } from '@kuku/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Capture } from './capture';

/**
 * A create a phone may capture offline, as a mutation: it answers the server's record, or null
 * when the record was kept on the phone (the form then says so and closes). What the record
 * changes is read again once it is sent, here or by the sender later. The queue's code (and
 * IndexedDB's) loads with the first save: a screen's first render does not carry it.
 */
export function useCaptureMutation<Variables, T>(kind: ClientRecordKind, toCapture: (variables: Variables) => Omit<Capture, 'kind'>) {
  const queryClient = useQueryClient();
  return useMutation({
    // Runs with no signal too: the record is kept on the phone (TanStack would pause it offline).
    networkMode: 'always',
    mutationFn: async (variables: Variables) => {
      const { captureAndRefresh } = await import('./capture');
      return captureAndRefresh<T>(queryClient, { kind, ...toCapture(variables) });
    },
  });
}
