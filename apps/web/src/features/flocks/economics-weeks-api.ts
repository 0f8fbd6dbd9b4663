import { GUIDE_WEEKS_DEFAULT, type EconomicsWeeks } from '@kuku/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { flockKeys } from './api';

/**
 * A flock's weeks against its breed guide (decision 073), apart from api.ts: only the chart in the
 * details overlay reads them. Under the flocks' root, so an egg, feed or flock change (a weighing
 * is one) marks them stale (STALE_AFTER), as the flock's economics.
 */
export const economicsWeeksKeys = {
  weeks: (flockId: number, weeks: number) => [...flockKeys.detail(flockId), 'economics-weeks', weeks] as const,
};

/** GET /api/flocks/{flockId}/economics/weeks: the latest weeks of the flock's life beside its guide. */
export function flockEconomicsWeeksQuery(flockId: number, weeks = GUIDE_WEEKS_DEFAULT) {
  return queryOptions({
    queryKey: economicsWeeksKeys.weeks(flockId, weeks),
    queryFn: ({ signal }) => apiRequest<EconomicsWeeks>(`/flocks/${flockId}/economics/weeks?weeks=${weeks}`, { signal }),
  });
}
