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
 * (at an address not opened before, for those every kept address's first screen made),
 * while the app's code is still downloading, so their answers are there when the code is
 * (decision 043), then readies the number and date formats the screens write money and dates
 * in (decision 045). It stands alone, with nothing from outside it: it is not part of a bundle.
 */
export function startEarlyRequests(win: Window, tokenKey: string, storeKey: string, formats: FormatsToReady): void {
  try {
    const token = win.localStorage.getItem(tokenKey);
    if (!token) return;
    askAgain(win, token, win.localStorage.getItem(storeKey));
    // After the requests' tasks: they go out first.
    win.setTimeout(() => readyFormats(formats), 0);
  } catch {
    // Storage disabled or garbled: the app asks for everything itself, as without this script.
  }
}

function askAgain(win: Window, token: string, stored: string | null): void {
  if (!stored) return;
  const address = win.location.pathname + win.location.search;
  const kept = (JSON.parse(stored) as FirstRequestsStore).filter((e) => Array.isArray(e) && Array.isArray(e[1]));
  const entry = kept.find((e) => e[0] === address);
  // A first start here: what every kept address's first screen asked for (the session, the
  // bell) is this one's too, once two addresses are kept (decision 047).
  const paths = entry ? entry[1] : kept.length > 1 ? kept[0]![1].filter((p) => kept.every((e) => e[1].indexOf(p) >= 0)) : [];
  if (!entry && paths.length === 0) return;
  const responses: Record<string, Promise<Response>> = {};
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
  }
  win.__kukuEarly = { token, responses };
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
