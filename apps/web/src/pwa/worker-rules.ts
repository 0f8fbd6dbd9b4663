/** What the service worker decides, kept apart from its events so it can be tested. */

/** Paths the worker leaves alone: the API and the payment simulators are always live. */
export function isLivePath(pathname: string): boolean {
  return /^\/(api|__sim)(\/|$)/.test(pathname);
}

export interface PushMessage {
  title: string;
  body: string;
  /** A path inside the app: a notification never opens another site. */
  url: string;
  tag?: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** '/vaccination/3' stays; 'https://elsewhere', '//elsewhere', 'javascript:' and anything else become '/'. */
export function appPath(value: unknown): string {
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\') ? value : '/';
}

/**
 * The server's payload `{ title, body, url, tag? }` (docs/integrations.md §4). A push the worker cannot
 * read still shows something: Chromium counts a push without a notification against the site.
 */
export function readPushMessage(text: string | null, appName: string): PushMessage {
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    return { title: appName, body: text ?? '', url: '/' };
  }
  if (!isRecord(data)) return { title: appName, body: '', url: '/' };
  const title = typeof data.title === 'string' && data.title.trim() !== '' ? data.title : appName;
  const body = typeof data.body === 'string' ? data.body : '';
  const tag = typeof data.tag === 'string' && data.tag !== '' ? data.tag : undefined;
  return { title, body, url: appPath(data.url), ...(tag ? { tag } : {}) };
}

/** The notification's `data.url`, as stored by the push handler. */
export function notificationPath(data: unknown): string {
  return appPath(isRecord(data) ? data.url : undefined);
}
