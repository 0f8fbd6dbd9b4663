import type { FlockFinanceAnswer } from '@kuku/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { markStale } from '../../lib/stale-after';

// A flock's yearly budget: only the budget dialog writes it, so its code is no part of the
// screen's first load (docs/design.md §9 budget).

/** PUT /api/flock-financial/ {flock_id, year, budget}: a flock's yearly budget, in shillings. */
export function useSetFlockBudget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { flock_id: number; year: number; budget: number | string }) =>
      apiRequest<FlockFinanceAnswer>('/flock-financial', { method: 'PUT', body: input }),
    onSuccess: () => markStale(queryClient, 'financial'),
  });
}

/** DELETE /api/flock-financial/flock/{flockId}?year=: clears the flock's yearly budget. */
export function useClearFlockBudget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ flockId, year }: { flockId: number; year: number }) =>
      apiRequest<null>(`/flock-financial/flock/${flockId}?year=${year}`, { method: 'DELETE' }),
    onSuccess: () => markStale(queryClient, 'financial'),
  });
}
