import type { Page } from '@kuku/domain';
import type { QueryClient, QueryKey } from '@tanstack/react-query';

/** An edit's answer put in place of its record in every page of the lists under `queryKey`, before they are read again. */
export function replaceInPages<T extends { id: number }>(queryClient: QueryClient, queryKey: QueryKey, updated: T): void {
  queryClient.setQueriesData<Page<T>>({ queryKey }, (page) => (page ? { ...page, items: page.items.map((item) => (item.id === updated.id ? updated : item)) } : page));
}

/** A record as the lists under `queryKey` last held it on this phone; undefined when none of them has it. */
export function findInPages<T extends { id: number }>(queryClient: QueryClient, queryKey: QueryKey, id: number): T | undefined {
  for (const [, page] of queryClient.getQueriesData<Page<T>>({ queryKey })) {
    const found = page?.items.find((item) => item.id === id);
    if (found) return found;
  }
  return undefined;
}
