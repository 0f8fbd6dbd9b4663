import { Alert } from '@mantine/core';
import { offlineWords } from '@kuku/domain';
import { onlineManager, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';

/** A part of the screen waits for an answer the phone never kept: with no signal it would wait forever. */
function waitsForSignal(queryClient: QueryClient): boolean {
  return queryClient
    .getQueryCache()
    .getAll()
    .some((query) => query.state.status === 'pending' && query.state.fetchStatus === 'paused' && query.getObserversCount() > 0);
}

/**
 * With no signal, says plainly when a part of the screen was never read on this phone (another
 * page of a list, a new search, a report): it needs a connection, and shows once the signal is
 * back (decision 066). Nothing shows online, or when the whole screen is the farm as last read.
 */
export function NeedsConnection() {
  const queryClient = useQueryClient();
  const online = useSyncExternalStore(onlineManager.subscribe.bind(onlineManager), () => onlineManager.isOnline());
  const subscribe = useCallback((changed: () => void) => queryClient.getQueryCache().subscribe(changed), [queryClient]);
  const waiting = useSyncExternalStore(subscribe, () => waitsForSignal(queryClient));
  if (online || !waiting) return null;
  return (
    <Alert color="gray" role="status" mb="md">
      {offlineWords.needsConnection}
    </Alert>
  );
}
