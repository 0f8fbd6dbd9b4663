/** Where the API is: every request of lib/api-client.ts goes to a path under it. */
export const API_BASE = '/api';

/** The session lookup: the guard asks for it before every signed-in screen (lib/current-user.ts). */
export const SESSION_PATH = '/auth/me';

/**
 * The bell's unread notifications, the shell's second start-up store, asked for beside the user
 * (features/notifications/api.ts, decision 040). `pageSize` is the domain's
 * NOTIFICATION_PAGE_SIZE; it is passed in, so the entry, which imports this module, imports
 * nothing of the domain.
 */
export function bellPath(pageSize: number): string {
  return `/notifications?pageSize=${pageSize}`;
}

/**
 * The GETs the signed-in shell makes on every screen, as the URLs the app's requests go to:
 * index.html's script asks for them on a signed-in start at an address it has kept nothing for
 * (early-requests.ts; the build passes them in, vite.config.ts). Named here, beside the paths
 * the app's own requests are built from, so the two cannot drift (docs/first-load.md).
 */
export function shellRequestUrls(notificationPageSize: number): string[] {
  return [API_BASE + SESSION_PATH, API_BASE + bellPath(notificationPageSize)];
}
