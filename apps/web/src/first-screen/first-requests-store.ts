import { hasToken } from '../lib/session';
import { FIRST_REQUESTS_KEY, type FirstRequestsStore } from './early-requests';
import { endFirstScreen } from './first-requests';

/** Addresses remembered, the most recently opened kept. */
const MAX_ADDRESSES = 24;
/** A first screen asks for a handful; more is a screen that went on fetching. */
const MAX_PATHS = 8;

function readStore(): FirstRequestsStore {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(FIRST_REQUESTS_KEY) ?? '[]');
    return Array.isArray(parsed) ? (parsed as FirstRequestsStore) : [];
  } catch {
    return [];
  }
}

/**
 * Loaded once the first screen has settled, not with it: keeps what that screen asked for, for
 * index.html's script to ask for at once on the next start at its address (decision 043).
 */
export function keepFirstRequests(): void {
  const first = endFirstScreen();
  if (!first || !hasToken()) return;
  const others = readStore().filter((entry) => Array.isArray(entry) && entry[0] !== first.address);
  const store: FirstRequestsStore = first.paths.length > 0 ? [[first.address, first.paths.slice(0, MAX_PATHS)], ...others] : others;
  try {
    window.localStorage.setItem(FIRST_REQUESTS_KEY, JSON.stringify(store.slice(0, MAX_ADDRESSES)));
  } catch {
    // Storage full or disabled: the next start asks for everything after the code, as before.
  }
}
