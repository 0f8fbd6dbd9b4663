import type {
  ApplyStandardScheduleInput,
  CreateVaccinationInput,
  Flock,
  Page,
  Vaccination,
  VaccinationStats,
  VaccinationStatus,
} from '@kuku/domain';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

export const VACCINATIONS_PAGE_SIZE = 10;

export interface VaccinationListParams {
  /** Undefined: every flock of the farm. */
  flockId?: number;
  page: number;
}

/** STYLE 12: every query of this screen sits under `vaccinationKeys.all`. */
export const vaccinationKeys = {
  all: ['vaccinations'] as const,
  list: (params: VaccinationListParams) => [...vaccinationKeys.all, 'list', params] as const,
  stats: (flockId?: number) => [...vaccinationKeys.all, 'stats', flockId ?? 'all'] as const,
  flockOptions: () => [...vaccinationKeys.all, 'flock-options'] as const,
  flock: (flockId: number) => [...vaccinationKeys.all, 'flock', flockId] as const,
};

/** The flocks feature keeps vaccination counts of its own under this prefix. */
const FLOCKS_KEY = ['flocks'] as const;

export function vaccinationListQueryOptions(params: VaccinationListParams) {
  const search = new URLSearchParams({
    page: String(params.page),
    pageSize: String(VACCINATIONS_PAGE_SIZE),
    sort: 'date',
    order: 'desc',
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

/** Every flock of the farm for the selectors, by name (the API's page maximum). */
export function flockOptionsQueryOptions() {
  return queryOptions({
    queryKey: vaccinationKeys.flockOptions(),
    queryFn: ({ signal }) => apiRequest<Page<Flock>>('/flocks?pageSize=100&sort=name', { signal }),
    select: (page) => page.items,
  });
}

export function flockQueryOptions(flockId: number) {
  return queryOptions({
    queryKey: vaccinationKeys.flock(flockId),
    queryFn: ({ signal }) => apiRequest<Flock>(`/flocks/${flockId}`, { signal }),
  });
}

function useInvalidateVaccinations() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: vaccinationKeys.all }),
      queryClient.invalidateQueries({ queryKey: FLOCKS_KEY }),
    ]);
}

export interface CreateVaccinationVariables {
  flockId: number;
  /** SPEC §7 sends user_id and flock_id too; the server takes them from the session and route. */
  input: CreateVaccinationInput & { user_id: number; flock_id: number };
}

export function useCreateVaccination() {
  const invalidate = useInvalidateVaccinations();
  return useMutation({
    mutationFn: ({ flockId, input }: CreateVaccinationVariables) =>
      apiRequest<Vaccination>(`/flocks/${flockId}/vaccinations`, { method: 'POST', body: input, idempotent: true }),
    onSuccess: invalidate,
  });
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

export function useUpdateVaccinationStatus() {
  const invalidate = useInvalidateVaccinations();
  return useMutation({
    mutationFn: ({ vaccination, status }: { vaccination: Vaccination; status: VaccinationStatus }) =>
      apiRequest<Vaccination>(`/flocks/${vaccination.flock_id}/vaccinations/${vaccination.id}`, {
        method: 'PUT',
        body: { status },
      }),
    onSuccess: invalidate,
  });
}

export function useDeleteVaccination() {
  const invalidate = useInvalidateVaccinations();
  return useMutation({
    mutationFn: (vaccination: Vaccination) =>
      apiRequest<void>(`/flocks/${vaccination.flock_id}/vaccinations/${vaccination.id}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}
