import { FIRST_REQUESTS_KEY } from '../first-screen/early-requests';

/** The session token lives in localStorage (docs/product.md §4) so a reload keeps the user signed in. */
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
    // What the account's first screens asked for goes with it (decision 043).
    window.localStorage.removeItem(FIRST_REQUESTS_KEY);
  } catch {
    // Nothing stored, nothing to clear.
  }
}

export function hasToken(): boolean {
  return getToken() !== null;
}
