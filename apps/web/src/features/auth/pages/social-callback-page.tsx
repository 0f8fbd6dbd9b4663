import { authMessages, authScreenWords } from '@kuku/domain';
import { paths } from '@kuku/domain/screens';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { errorMessage } from '../../../lib/api-client';
import { currentUserKey } from '../../../lib/current-user';
import { setToken } from '../../../lib/session';
import { FullPageMessage } from '../../../ui/full-page-message';
import { showErrorToast } from '../../../ui/toast';
import { exchangeSocialCode } from '../api';
import { clearPendingSocialCode, pendingSocialCode } from '../social-code';

const FAILED_TOAST = 'social-sign-in-failed';

/**
 * /auth/{provider}/callback (loaded lazily). The server sends the browser here with a one-time
 * code in `token` (taken from the address at start-up) or with `error`; the code is exchanged
 * for a session and the user lands on the dashboard. Any failure says 'Authentication failed.
 * Please try again.' on /auth. Without either, /auth.
 */
export function SocialCallbackPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  const failed = searchParams.has('error');

  useEffect(() => {
    // An effect may run twice (StrictMode): the exchange is shared, and only the live run navigates.
    let live = true;
    const toAuth = () => {
      if (live) void navigate(paths.auth.getHref(), { replace: true });
    };
    const code = pendingSocialCode();
    if (!code) {
      if (failed) showErrorToast(authMessages.authenticationFailed, { id: FAILED_TOAST });
      toAuth();
      return () => {
        live = false;
      };
    }
    exchangeSocialCode(code).then(
      ({ token, user }) => {
        clearPendingSocialCode();
        setToken(token);
        queryClient.setQueryData(currentUserKey, user);
        if (live) void navigate(paths.dashboard.getHref(), { replace: true });
      },
      (error: unknown) => {
        clearPendingSocialCode();
        showErrorToast(errorMessage(error, authMessages.authenticationFailed), { id: FAILED_TOAST });
        toAuth();
      },
    );
    return () => {
      live = false;
    };
  }, [failed, navigate, queryClient]);

  return <FullPageMessage message={authScreenWords.completing} />;
}
