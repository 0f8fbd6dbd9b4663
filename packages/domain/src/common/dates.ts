/** The farm's default time zone: farmers are in Kenya first. */
export const DEFAULT_TIME_ZONE = 'Africa/Nairobi';

const DAY_MS = 24 * 60 * 60 * 1000;

export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY_MS);
}

/** The hour (0-23) of an instant as a clock in `timeZone` shows it. */
export function hourIn(date: Date, timeZone: string): number {
  const hour = new Intl.DateTimeFormat('en-GB', { hour: 'numeric', hourCycle: 'h23', timeZone }).format(date);
  return Number(hour);
}
