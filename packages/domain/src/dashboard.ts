import { hourIn } from './common/dates.js';

export type Greeting = 'Good Morning' | 'Good Afternoon' | 'Good Evening';

/** SPEC §2 Dashboard: before 12:00, before 18:00, otherwise evening, in the farm's zone. */
export function greeting(now: Date, timeZone: string): Greeting {
  const hour = hourIn(now, timeZone);
  if (hour < 12) return 'Good Morning';
  if (hour < 18) return 'Good Afternoon';
  return 'Good Evening';
}

export function greetingName(username: string | null | undefined): string {
  return username?.trim() || 'Guest';
}
