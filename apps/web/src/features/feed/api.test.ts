import { QUERY_ROOTS } from '@kuku/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../test/fetch-mock';
import { makeFeedRecord } from '../../test/fixtures';
import { createTestQueryClient } from '../../test/render';
import { feedKeys, useDeleteFeed, useRecordFeed, useUpdateFeed } from './api';

type Wrapper = ({ children }: { children: ReactNode }) => ReturnType<typeof createElement>;

/** A client holding one query under each root, none stale yet. */
function clientWithQueries() {
  const queryClient = createTestQueryClient();
  for (const key of [feedKeys.flockPage(7, 1), feedKeys.usual(7), QUERY_ROOTS.inventory, QUERY_ROOTS.flocks, QUERY_ROOTS.figures, QUERY_ROOTS.eggs, QUERY_ROOTS.expenses]) {
    queryClient.setQueryData([...key, 'probe'], 1);
  }
  const wrapper = ({ children }: { children: ReactNode }) => createElement(QueryClientProvider, { client: queryClient }, children);
  const stale = () =>
    queryClient
      .getQueryCache()
      .getAll()
      .filter((query) => query.state.isInvalidated)
      .map((query) => String(query.queryKey[0]))
      .sort();
  return { queryClient, wrapper, stale };
}

describe('feed api', () => {
  it('keeps every query under the feed root', () => {
    expect(feedKeys.all).toEqual(QUERY_ROOTS.feed);
    expect(feedKeys.usual(7).slice(0, 1)).toEqual(QUERY_ROOTS.feed);
  });

  const cases: [string, (wrapper: Wrapper) => void][] = [
    ['a record', (wrapper) => renderHook(() => useRecordFeed(), { wrapper }).result.current.mutate({ flockId: 7, body: { item_id: 31, date: '2026-12-01', quantity: 2 } })],
    ['an edit', (wrapper) => renderHook(() => useUpdateFeed(), { wrapper }).result.current.mutate({ id: 90, body: { quantity: 3 } })],
    ['a delete', (wrapper) => renderHook(() => useDeleteFeed(), { wrapper }).result.current.mutate({ id: 90 })],
  ];

  it.each(cases)('after %s, reads again the feed, the store, the flocks and the farm figures, nothing else', async (_name, run) => {
    const change = { body: { record: makeFeedRecord(), item: {}, warning: null } };
    mockApi({ 'POST /flocks/7/feed': { status: 201, ...change }, 'PATCH /feed/90': change, 'DELETE /feed/90': { status: 204 } });
    const { wrapper, stale } = clientWithQueries();
    run(wrapper);
    await waitFor(() => expect(stale()).toEqual(['farm-figures', 'feed', 'feed', 'flocks', 'inventory']));
  });
});
