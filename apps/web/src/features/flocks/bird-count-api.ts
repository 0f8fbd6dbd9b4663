import { BIRD_COUNT_REASON_LABELS, countDetail, type BirdCountChangeInput, type BirdCountChangeResult, type Flock } from '@kuku/domain';
import { useCaptureMutation } from '../../outbox/use-capture-mutation';

// Apart from api.ts, which every screen that lists flocks loads with its first render: only the
// flock's card records a change of its count.

/**
 * Birds that died, were sold, culled or added, as a change of the count (decision 065): two phones'
 * changes add up. The phone keeps the change until it is sent (outbox/).
 */
export function useChangeBirdCount(flock: Pick<Flock, 'id' | 'name'>) {
  return useCaptureMutation<{ input: BirdCountChangeInput; day: string }, BirdCountChangeResult>('bird_count_change', ({ input, day }) => ({
    path: `/flocks/${flock.id}/bird-count-changes`,
    body: input,
    day,
    detail: `${flock.name}, ${countDetail(input.change, 'birds', true)} (${BIRD_COUNT_REASON_LABELS[input.reason]})`,
  }));
}

