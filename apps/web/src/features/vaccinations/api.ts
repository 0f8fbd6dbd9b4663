import {
  parseVaccinationFilter,
  vaccinationLine,
  toApiDateTime,
  vaccinationFilterQuery,
  type ApplyStandardScheduleInput,
  type CreateVaccinationInput,
  type Page,
  type Vaccination,
  type VaccinationFilter,
  type VaccinationStats,
  type VaccinationStatus,
  type QUERY_ROOTS,
} from '@kuku/domain';
import { keepPreviousData, queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { flockOptionsQuery, flockQuery } from '../flocks/api';
import { markStale } from '../../lib/stale-after';
import { useCaptureMutation } from '../../outbox/use-capture-mutation';

export const VACCINATIONS_PAGE_SIZE = 10;

export interface VaccinationListParams {
  /** Undefined: every flock of the farm. */
  flockId?: number;
  page: number;
  /** Overdue, due this week, pending or done; every vaccination by default, the overdue first. */
  filter?: VaccinationFilter;
}

/** docs/style.md rule 12: every vaccination query sits under `vaccinationKeys.all`; the flocks come from `../flocks/api`, their owner. */
export const vaccinationKeys = {
  all: ['vaccinations'] as const satisfies typeof QUERY_ROOTS.vaccinations,
  list: (params: VaccinationListParams) => [...vaccinationKeys.all, 'list', params] as const,
  stats: (flockId?: number) => [...vaccinationKeys.all, 'stats', flockId ?? 'all'] as const,
};

export function vaccinationListQueryOptions(params: VaccinationListParams) {
  const { sort, status, due } = vaccinationFilterQuery(params.filter ?? 'all');
  const search = new URLSearchParams({
    page: String(params.page),
    pageSize: String(VACCINATIONS_PAGE_SIZE),
    sort,
    order: 'desc',
    ...(status ? { status } : {}),
    ...(due ? { due } : {}),
  });
  const path =
    params.flockId === undefined ? `/vaccinations?${search}` : `/flocks/${params.flockId}/vaccinations?${search}`;
  return queryOptions({
    queryKey: vaccinationKeys.list(params),
    queryFn: ({ signal }) => apiRequest<Page<Vaccination>>(path, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function vaccinationStatsQueryOptions(flockId?: number) {
  const path = flockId === undefined ? '/vaccinations/stats' : `/vaccinations/stats?flock_id=${flockId}`;
  return queryOptions({
    queryKey: vaccinationKeys.stats(flockId),
    queryFn: ({ signal }) => apiRequest<VaccinationStats>(path, { signal }),
  });
}

function useInvalidateVaccinations() {
  const queryClient = useQueryClient();
  return () => markStale(queryClient, 'vaccination');
}

/** A vaccination's path under /api (its changes'; a list marks a row whose change waits on the phone). */
export const vaccinationPath = (v: Pick<Vaccination, 'id' | 'flock_id'>) => `/flocks/${v.flock_id}/vaccinations/${v.id}`;

export interface CreateVaccinationVariables {
  flockId: number;
  /** docs/product.md §7 sends user_id and flock_id too; the server takes them from the session and route. */
  input: CreateVaccinationInput & { user_id: number; flock_id: number };
}

/** The phone keeps the vaccination until it is sent (outbox/). */
export function useCreateVaccination(replaces?: string) {
  return useCaptureMutation<CreateVaccinationVariables, Vaccination>('vaccination', ({ flockId, input }) => ({
    path: `/flocks/${flockId}/vaccinations`,
    body: input,
    ...vaccinationLine(input),
    replaces,
  }));
}

export interface StandardScheduleResult {
  created: number;
  skipped: number;
}

export function useApplyStandardSchedule() {
  const invalidate = useInvalidateVaccinations();
  return useMutation({
    mutationFn: ({ flockId, input }: { flockId: number; input: ApplyStandardScheduleInput }) =>
      apiRequest<StandardScheduleResult>(`/flocks/${flockId}/vaccinations/standard-schedule`, {
        method: 'POST',
        body: input,
      }),
    onSuccess: invalidate,
  });
}

/** A change of a vaccination with the version the farmer saw; the phone keeps it until it is sent (outbox/). */
function useChangeVaccination<Variables>(toChange: (variables: Variables) => { vaccination: Vaccination; body: object }) {
  return useCaptureMutation<Variables, Vaccination>('vaccination', (variables) => {
    const { vaccination, body } = toChange(variables);
    return {
      method: 'PUT',
      path: vaccinationPath(vaccination),
      body,
      version: vaccination.updated_at,
      ...vaccinationLine({ ...vaccination, ...body }),
    };
  });
}

export function useUpdateVaccinationStatus() {
  return useChangeVaccination(({ vaccination, status }: { vaccination: Vaccination; status: VaccinationStatus }) => ({ vaccination, body: { status } }));
}

/** A pending vaccination moved to a new date and time, still pending (decision 054). */
export function useRescheduleVaccination() {
  return useChangeVaccination(({ vaccination, date }: { vaccination: Vaccination; date: Date }) => ({
    vaccination,
    body: { status: 'Pending', date: toApiDateTime(date) },
  }));
}

export function useDeleteVaccination() {
  return useCaptureMutation<Vaccination, void>('vaccination', (vaccination) => ({
    method: 'DELETE',
    path: vaccinationPath(vaccination),
    version: vaccination.updated_at,
    ...vaccinationLine(vaccination),
  }));
}

/** The route's flock id: '12' → 12; undefined for every flock; null for one that cannot exist. */
export function parseFlockId(value: string | undefined): number | null | undefined {
  if (value === undefined) return undefined;
  return /^[1-9]\d{0,9}$/.test(value) && Number(value) <= 2_147_483_647 ? Number(value) : null;
}

/**
 * What /vaccination/{flockId?} asks for first, started by its route's loader beside the
 * screen's code (decision 022). Never awaited.
 */
export function prefetchVaccinationsScreen(queryClient: QueryClient, routeFlockId: string | undefined, routeFilter?: string | null): void {
  const flockId = parseFlockId(routeFlockId);
  const filter = parseVaccinationFilter(routeFilter);
  if (flockId === null) return;
  if (flockId !== undefined) void queryClient.prefetchQuery(flockQuery(flockId));
  void queryClient.prefetchQuery(flockOptionsQuery());
  void queryClient.prefetchQuery(vaccinationStatsQueryOptions(flockId));
  void queryClient.prefetchQuery(vaccinationListQueryOptions({ flockId, page: 1, filter }));
}
