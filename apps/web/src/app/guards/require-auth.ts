import { LANGUAGE_STORAGE_KEY, pageLanguage } from '@kuku/domain';
import { paths } from '@kuku/domain/screens';
import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { currentUserQueryOptions } from '../../lib/current-user';
import { hasToken } from '../../lib/session';
import { showErrorToast } from '../../ui/toast';

/**
 * Where an unpaid or suspended account may still be: /billing, and the card provider's return
 * page, which must check the payment rather than be sent away before it can.
 */
export function isPaymentPath(pathname: string): boolean {
  return pathname === paths.billing.path || pathname === paths.paymentCallback.path;
}

/** Whether a language was chosen on this phone (the sign-in card's switch): the account takes it. */
function languageChosenHere(): boolean {
  try {
    return window.localStorage.getItem(LANGUAGE_STORAGE_KEY) !== null;
  } catch {
    return false;
  }
}

/**
 * The loader of every route that needs login (docs/product.md §2, §4): signed out goes to /auth with a
 * toast; the user is fetched before the screen renders; an unpaid subscription goes to /billing.
 */
export function requireAuthLoader(queryClient: QueryClient) {
  return async ({ request }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    const here = url.pathname + url.search;
    if (!hasToken()) {
      // On demand, like every word of the domain in the entry chunk (src/lib/session-words.ts).
      const { authMessages } = await import('../../lib/session-words');
      showErrorToast(authMessages.mustBeLoggedIn, { id: 'must-be-logged-in' });
      throw redirect(paths.auth.getHref(here));
    }
    // The shell's second start-up store (docs/product.md §4) is asked for beside the user, not after the
    // shell has rendered: one round trip less before the first screen on a phone.
    void import('../../features/notifications/api').then((m) => m.prefetchNotifications(queryClient));
    // No signal: the farm as this session last read it, kept on the phone (decision 066).
    if (!onlineManager.isOnline()) await (await import('../../last-synced/keep')).startWithoutSignal(queryClient);
    try {
      const user = await queryClient.ensureQueryData(currentUserQueryOptions());
      // The account's language and the page's (decision 068): on demand, off the first screen.
      if (user.language ? user.language !== pageLanguage() : languageChosenHere()) void import('../../lib/language').then((m) => m.followAccountLanguage(user));
      if (user.payment_status === 'unpaid' && !isPaymentPath(url.pathname)) {
        throw redirect(paths.billing.getHref());
      }
    } catch (error) {
      // The 401 handler has cleared the session already; come back here after login.
      if (error instanceof ApiError && error.status === 401) throw redirect(paths.auth.getHref(here));
      throw error;
    }
    return null;
  };
}
