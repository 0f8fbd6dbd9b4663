import { paths } from '@kuku/domain/screens';
import type { QueryClient } from '@tanstack/react-query';
import { setUnauthorizedHandler } from '../lib/api-client';
import { clearToken } from '../lib/session';
import { showErrorToast } from '../ui/toast';

interface Navigator {
  navigate: (to: string, options?: { replace?: boolean }) => Promise<void>;
  state: { location: { pathname: string; search: string } };
}

/**
 * docs/product.md §8: a 401 on an authenticated call ends the session and goes to /auth; an expired
 * token also says so. Cached data goes once the protected screens have unmounted.
 */
export function installSessionExpiryHandler(router: Navigator, queryClient: QueryClient): void {
  setUnauthorizedHandler((error) => {
    clearToken();
    // On demand: a static import of the domain here would put its words in the entry chunk of every screen (docs/design.md §9 budget).
    void import('../lib/session-words').then(({ TOKEN_EXPIRED_MESSAGE }) => {
      if (error.message === TOKEN_EXPIRED_MESSAGE) showErrorToast(TOKEN_EXPIRED_MESSAGE, { id: 'token-expired' });
    });
    const { pathname, search } = router.state.location;
    if (pathname === paths.auth.path) return;
    void router.navigate(paths.auth.getHref(pathname + search), { replace: true }).then(() => queryClient.clear());
  });
}
