/** The session token lives in localStorage (SPEC §4) so a reload keeps the user signed in. */
export const TOKEN_STORAGE_KEY = 'kuku.token';

export function getToken(): string | null {
  try {
    return window.localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    // Private mode or storage disabled: behave as signed out rather than crash.
    return null;
  }
}

export function setToken(token: string): void {
  window.localStorage.setItem(TOKEN_STORAGE_KEY, token);
}

export function clearToken(): void {
  try {
    window.localStorage.removeItem(TOKEN_STORAGE_KEY);
  } catch {
    // Nothing stored, nothing to clear.
  }
}

export function hasToken(): boolean {
  return getToken() !== null;
}

/**
 * SPEC §2: a `token` query parameter at start-up (the social sign-in return) becomes
 * the session token and is removed from the address, so it is never bookmarked or shared.
 * Runs before the router reads the location.
 */
export function captureTokenFromUrl(win: Window = window): boolean {
  const url = new URL(win.location.href);
  const token = url.searchParams.get('token');
  if (token === null) return false;
  url.searchParams.delete('token');
  if (token !== '') setToken(token);
  win.history.replaceState(win.history.state, '', url.pathname + url.search + url.hash);
  return token !== '';
}
