import type {
  CreateFlockInput,
  Flock,
  FlockHistory,
  FlockStats,
  FlockStatus,
  ListFlocksQuery,
  Page,
  UpdateFlockInput,
  Vaccination,
  VaccinationStats,
} from '@kuku/domain';
import { flocksForChoice, PAGE_SIZE_DEFAULT, type QUERY_ROOTS } from '@kuku/domain';
import { keepPreviousData, queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { markStale } from '../../lib/stale-after';

export type FlockListParams = Pick<ListFlocksQuery, 'page' | 'pageSize' | 'sort' | 'order'> & {
  q?: string;
  status?: FlockStatus;
};

/** docs/style.md rule 12: every flock query sits under `flockKeys.all`, so one invalidation refreshes list, detail and stats. */
export const flockKeys = {
  all: ['flocks'] as const satisfies typeof QUERY_ROOTS.flocks,
  lists: () => [...flockKeys.all, 'list'] as const,
  list: (params: FlockListParams) => [...flockKeys.lists(), params] as const,
  // Every flock by name, for the selectors of other screens (the vaccinations screen's).
  options: () => [...flockKeys.all, 'options'] as const,
  detail: (id: number) => [...flockKeys.all, 'detail', id] as const,
  vaccinations: (id: number) => [...flockKeys.all, 'detail', id, 'vaccinations'] as const,
  history: (id: number) => [...flockKeys.all, 'detail', id, 'history'] as const,
  stats: () => [...flockKeys.all, 'stats'] as const,
  // The owner's recently deleted flocks (decision 052).
  deleted: () => [...flockKeys.all, 'deleted'] as const,
  // The farm's vaccination counts shown on this screen; kept here so a flock change refreshes them.
  vaccinationStats: () => [...flockKeys.all, 'vaccination-stats'] as const,
};

function toSearch(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  return search.toString();
}

/** The list as /bird-management first shows it: newest first. */
export const FIRST_FLOCK_PAGE = { page: 1, pageSize: PAGE_SIZE_DEFAULT, sort: 'id', order: 'desc' } as const satisfies FlockListParams;

export const flockListQuery = (params: FlockListParams) =>
  queryOptions({
    queryKey: flockKeys.list(params),
    queryFn: ({ signal }) => apiRequest<Page<Flock>>(`/flocks?${toSearch(params)}`, { signal }),
    placeholderData: keepPreviousData,
  });

/** A selector's flocks: in use first, in natural order (module-level: TanStack keeps its result). */
const forChoice = (page: Page<Flock>) => flocksForChoice(page.items);

/** Every flock of the farm for the selectors (the API's page maximum). */
export const flockOptionsQuery = () =>
  queryOptions({
    queryKey: flockKeys.options(),
    queryFn: ({ signal }) => apiRequest<Page<Flock>>('/flocks?pageSize=100&sort=name', { signal }),
    select: forChoice,
  });

export const flockStatsQuery = () =>
  queryOptions({
    queryKey: flockKeys.stats(),
    queryFn: ({ signal }) => apiRequest<FlockStats>('/flocks/stats', { signal }),
  });

export const vaccinationStatsQuery = () =>
  queryOptions({
    queryKey: flockKeys.vaccinationStats(),
    queryFn: ({ signal }) => apiRequest<VaccinationStats>('/vaccinations/stats', { signal }),
  });

export const flockQuery = (id: number) =>
  queryOptions({
    queryKey: flockKeys.detail(id),
    queryFn: ({ signal }) => apiRequest<Flock>(`/flocks/${id}`, { signal }),
  });

export const flockVaccinationsQuery = (id: number) =>
  queryOptions({
    queryKey: flockKeys.vaccinations(id),
    queryFn: ({ signal }) =>
      apiRequest<Page<Vaccination>>(`/flocks/${id}/vaccinations?sort=date&pageSize=50`, { signal }),
  });

/** The per-week series of the flock's charts, summed by the server (docs/style.md rule 11). */
export const flockHistoryQuery = (id: number) =>
  queryOptions({
    queryKey: flockKeys.history(id),
    queryFn: ({ signal }) => apiRequest<FlockHistory>(`/flocks/${id}/history`, { signal }),
  });

function useInvalidateFlocks() {
  const queryClient = useQueryClient();
  return () => markStale(queryClient, 'flock');
}

export function useCreateFlock() {
  const invalidate = useInvalidateFlocks();
  return useMutation({
    mutationFn: (input: CreateFlockInput) => apiRequest<Flock>('/flocks', { method: 'POST', body: input, idempotent: true }),
    onSuccess: invalidate,
  });
}

export function useUpdateFlock(id: number) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateFlocks();
  return useMutation({
    mutationFn: (input: UpdateFlockInput) => apiRequest<Flock>(`/flocks/${id}`, { method: 'PUT', body: input }),
    onSuccess: (flock) => {
      queryClient.setQueryData(flockKeys.detail(id), flock);
      return invalidate();
    },
  });
}

export type DeleteFlockResult = { result: 'deleted' | 'archived' };

/** Archive (everything false), or the owner's delete of the flock with its records, its name typed. */
export type DeleteFlockRequest = { everything: false } | { everything: true; confirmName: string };

export function useDeleteFlock(id: number) {
  const invalidate = useInvalidateFlocks();
  return useMutation({
    mutationFn: (request: DeleteFlockRequest) =>
      apiRequest<DeleteFlockResult>(
        `/flocks/${id}${request.everything ? `?${toSearch({ everything: 'true', confirm_name: request.confirmName })}` : ''}`,
        { method: 'DELETE' },
      ),
    // Not awaited: the overlay closes at once instead of refetching a flock that is gone.
    onSuccess: () => {
      void invalidate();
    },
  });
}

/**
 * What /bird-management asks for first, started by its route's loader beside the screen's
 * code instead of after its first render (decision 022). Never awaited: the screen shows its
 * own loading state and errors.
 */
export function prefetchFlocksScreen(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(flockListQuery(FIRST_FLOCK_PAGE));
  void queryClient.prefetchQuery(flockStatsQuery());
  void queryClient.prefetchQuery(vaccinationStatsQuery());
}
