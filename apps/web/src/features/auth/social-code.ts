import { pathPattern, paths } from '@kuku/domain/screens';

/**
 * docs/product.md §2: at start-up a `token` query parameter is taken and removed from the address, so it is
 * never bookmarked, shared or kept in the history. It is social sign-in's one-time code (docs/design.md
 * §6: good once, for a minute), not a session: the callback page exchanges it for one.
 */
let pendingCode: string | null = null;

const CALLBACK_PATH = pathPattern(paths.socialCallback.path);

/** Runs before the router reads the address (main.tsx). A code found elsewhere goes to the callback page. */
export function takeSocialCodeFromUrl(win: Window = window): void {
  const url = new URL(win.location.href);
  const code = url.searchParams.get('token');
  if (code === null) return;
  url.searchParams.delete('token');
  pendingCode = code === '' ? null : code;
  const onCallback = CALLBACK_PATH.test(url.pathname.replace(/\/+$/, ''));
  const next = pendingCode && !onCallback ? paths.socialCallback.getHref('google') : url.pathname + url.search + url.hash;
  win.history.replaceState(win.history.state, '', next);
}

/** The code taken at start-up, until the exchange has run. */
export function pendingSocialCode(): string | null {
  return pendingCode;
}

export function clearPendingSocialCode(): void {
  pendingCode = null;
}
