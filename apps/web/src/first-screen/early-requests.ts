import { chooseLanguage, LANGUAGE_KEY } from '@kuku/domain';

/** Where the app keeps, per address, the GETs its first screen made (decision 043). */
export const FIRST_REQUESTS_KEY = 'kuku.first-requests';

/**
 * The GETs the app made for an address's first screen the last time it opened there, as the app
 * saved them (src/first-screen/first-requests-store.ts): a path list per address, the newest address first.
 */
export type FirstRequestsStore = [address: string, paths: string[]][];

/** The formats the app writes money and dates in, passed in by the build (vite.config.ts) from the domain's constants. */
export interface FormatsToReady {
  numberLocale: string;
  currency: string;
  datePartsLocale: string;
  timeZone: string;
}

/** What index.html's script leaves for the app: each path's answer, asked for at once. */
export interface EarlyRequests {
  token: string;
  responses: Record<string, Promise<Response>>;
}

declare global {
  interface Window {
    /** Where this script leaves its requests, for the app to take. */
    __kukuEarly?: EarlyRequests;
  }
}

/**
 * index.html's inline script (build/early-requests.ts writes this function's source into the
 * page): when signed in, asks again for the GETs this address's first screen made last time
 * (decision 043), or, at an address with nothing kept, for `shellRequests`, the two GETs the
 * signed-in shell makes on every screen (the session lookup and the bell: shell-requests.ts),
 * while the app's code is still downloading, so their answers are there when the code is; then
 * readies the number and date formats the screens write money and dates in (decision 045). It
 * stands alone, with nothing from outside it: it is not part of a bundle.
 */
export function startEarlyRequests(
  win: Window,
  tokenKey: string,
  storeKey: string,
  shellRequests: readonly string[],
  formats: FormatsToReady,
  languageKey: string,
): void {
  choosePageLanguage(win, languageKey);
  try {
    const token = win.localStorage.getItem(tokenKey);
    if (!token) return;
    askEarly(win, token, keptFor(win.location.pathname + win.location.search, win.localStorage.getItem(storeKey)) ?? shellRequests);
    // After the requests' tasks: they go out first.
    win.setTimeout(() => readyFormats(formats), 0);
  } catch {
    // Storage disabled: the app asks for everything itself, as without this script.
  }
}

/**
 * The page's language, before any of the app's modules runs (decision 068): each words object
 * asks for its catalogue as it is made. `<html lang>` follows it, for screen readers and the
 * browser's own words (a date input's).
 */
function choosePageLanguage(win: Window, languageKey: string): void {
  let kept: string | null = null;
  try {
    kept = win.localStorage.getItem(languageKey);
  } catch {
    // Storage disabled: the browser's languages choose.
  }
  const language = chooseLanguage(kept, win.navigator.languages ?? [win.navigator.language]);
  (win as unknown as Record<symbol, unknown>)[LANGUAGE_KEY] = language;
  win.document.documentElement.lang = language;
}

/** The paths kept for `address`, or undefined when none are (a first start there) or what is kept is garbled. */
function keptFor(address: string, stored: string | null): unknown[] | undefined {
  try {
    const kept: unknown = stored ? JSON.parse(stored) : [];
    const entry = Array.isArray(kept) ? kept.find((e) => Array.isArray(e) && e[0] === address && Array.isArray(e[1])) : undefined;
    return entry ? (entry as [string, unknown[]])[1] : undefined;
  } catch {
    return undefined;
  }
}

function askEarly(win: Window, token: string, paths: readonly unknown[]): void {
  const responses: Record<string, Promise<Response>> = {};
  let asked = false;
  for (const path of paths) {
    if (typeof path !== 'string' || path.indexOf('/api/') !== 0) continue;
    // Sent in the task after the page's parsing, once the browser has asked for the code and
    // the styles: on a phone's few connections those come first.
    const response = new Promise<Response>((resolve) => {
      win.setTimeout(() => resolve(win.fetch(path, { headers: { Accept: 'application/json', Authorization: 'Bearer ' + token } })), 0);
    });
    // Unanswered, it is asked for again by the app: a failure here is nobody's to report.
    response.catch(() => undefined);
    responses[path] = response;
    asked = true;
  }
  if (asked) win.__kukuEarly = { token, responses };
}

/**
 * The page's first Intl format loads the browser's locale data: tens of milliseconds on a fast
 * machine, in the middle of the first screen's render. Done here, it runs while the code is
 * still downloading and the page has nothing else to do; the app's own formats (money.ts,
 * ui/date.ts) are then made in a fraction of a millisecond (decision 045).
 */
function readyFormats({ numberLocale, currency, datePartsLocale, timeZone }: FormatsToReady): void {
  try {
    new Intl.NumberFormat(numberLocale, { style: 'currency', currency }).format(1);
    new Intl.DateTimeFormat(datePartsLocale, { timeZone, hour: '2-digit', minute: '2-digit' }).format(0);
  } catch {
    // A browser without these locales: the app's formats fall back as they would anyway.
  }
}
