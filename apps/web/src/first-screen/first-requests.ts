import type { EarlyRequests } from './early-requests';

// The address the app started on, the GETs made for its first screen until it has settled, and
// what index.html's script asked for early (decision 043).
const startAddress = window.location.pathname + window.location.search;
let recorded: string[] | null = [];
let early: EarlyRequests | undefined = window.__kukuEarly;

/**
 * The answer index.html's script already asked for, for a GET of `url` with `token`, taken
 * once; undefined when there is none. Only the first screen's: once it has settled the rest go,
 * so that a later screen never gets an old answer.
 */
export function takeEarlyResponse(url: string, token: string): Promise<Response> | undefined {
  if (early?.token !== token) return undefined;
  const response = early.responses[url];
  delete early.responses[url];
  return response;
}

/** Notes a GET the first screen makes, until it has settled. */
export function noteFirstRequest(url: string): void {
  if (recorded && !recorded.includes(url)) recorded.push(url);
}

/**
 * The first screen has settled: no more early answers, and what it asked for, if the farmer
 * is still at the address it opened on (a screen left early asked for part of it only).
 */
export function endFirstScreen(): { address: string; paths: string[] } | null {
  const paths = recorded;
  recorded = null;
  early = undefined;
  return paths && window.location.pathname + window.location.search === startAddress ? { address: startAddress, paths } : null;
}
