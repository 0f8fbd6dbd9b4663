import { BIRD_COUNT_REASON_LABELS, countDetail, type BirdCountChangeInput, type BirdCountChangeResult, type Flock } from '@kuku/domain';
import { useCaptureMutation } from '../../outbox/use-capture-mutation';

// Apart from api.ts, which every screen that lists flocks loads with its first render: only the
// flock's card records a change of its count.

/**
 * Birds that died, were sold, culled or added, as a change of the count (decision 065): two phones'
 * changes add up. The phone keeps the change until it is sent (outbox/).
 */
export function useChangeBirdCount(flock: Pick<Flock, 'id' | 'name'>, replaces?: string) {
  return useCaptureMutation<{ input: BirdCountChangeInput; day: string }, BirdCountChangeResult>('bird_count_change', ({ input, day }) => ({
    path: birdCountChangesPath(flock.id),
    body: input,
    day,
    detail: `${flock.name}, ${countDetail(input.change, 'birds', true)} (${BIRD_COUNT_REASON_LABELS[input.reason]})`,
    replaces,
  }));
}

/** Where a flock's bird count changes are sent; a change waiting on the phone is found by it. */
export const birdCountChangesPath = (flockId: number) => `/flocks/${flockId}/bird-count-changes`;

/** The flock a bird count change waiting on the phone is for, by its path; null for another path. */
export function birdCountFlockId(path: string): number | null {
  const match = /^\/flocks\/(\d+)\/bird-count-changes$/.exec(path);
  return match ? Number(match[1]) : null;
}

