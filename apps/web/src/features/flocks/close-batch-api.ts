import type { CloseBatchAnswer, SaleStatus, SaleType } from '@kuku/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { markStale } from '../../lib/stale-after';

/**
 * Closing a broiler batch (docs/decisions/072-bird-sales-and-closing-a-batch.md), apart from
 * api.ts: only its lazily loaded dialog sends it, so none of this is in the flocks screen's first
 * load. The server's route is the sales feature's; the flock is this feature's, so the call lives
 * beside the flock's other writes.
 */
export interface CloseBatchBody {
  date: string;
  /** The birds' total live weight in kg; null when the batch has no birds left. */
  total_kg: number | null;
  /** Shillings a kg; null when the batch has no birds left. */
  unit_price: number | null;
  sale_type: SaleType;
  status: SaleStatus;
  /** The buyer. */
  description: string | null;
}

/**
 * POST /api/flocks/{flockId}/close: the birds left sold in one 'Live Birds' sale, the flock
 * archived, the batch's result answered. A lost answer is retried with the same Idempotency-Key,
 * so a retry never sells twice. The sale and the flock both changed: their queries (and the farm's
 * figures) are read again, as after the server's 'sale' and 'flock' events (STALE_AFTER), without
 * waiting for them: the dialog shows the result the answer carries at once.
 */
export function useCloseBatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ flockId, body }: { flockId: number; body: CloseBatchBody }) =>
      apiRequest<CloseBatchAnswer>(`/flocks/${flockId}/close`, { method: 'POST', body, idempotent: true }),
    onSuccess: () => {
      void markStale(queryClient, 'sale');
      void markStale(queryClient, 'flock');
    },
  });
}
