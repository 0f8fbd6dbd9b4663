import { dayIn, DEFAULT_TIME_ZONE } from '@kuku/domain';
import { useCurrentUser } from '../lib/current-user';

/** The farm's today as 'YYYY-MM-DD': the latest day a record may carry (a record cannot be dated in the future). */
export function useFarmToday(): string {
  const timeZone = useCurrentUser()?.farm.time_zone ?? DEFAULT_TIME_ZONE;
  return dayIn(new Date(), timeZone);
}
