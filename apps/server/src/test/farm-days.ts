import { dayIn, dayText, shiftDay } from '@kuku/domain';

/** The time zone of the farms the factories make. */
export const FARM_ZONE = 'Africa/Nairobi';

/** The farm's today, read at each use (a run may cross midnight in Nairobi only at its own risk). */
export const today = () => dayIn(new Date(), FARM_ZONE);
/** 'YYYY-MM' of the farm's month. */
export const thisMonth = () => today().slice(0, 7);
export const firstOfMonth = () => `${thisMonth()}-01`;
/** The last day of last month: never this month, whatever today is. */
export const lastMonth = () => shiftDay(firstOfMonth(), -1);

/** A day 'YYYY-MM-DD' as the screens write it: '05 Mar 2019'. */
export const dayAsShown = dayText;
