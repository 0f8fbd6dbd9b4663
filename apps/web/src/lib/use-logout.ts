import { paths } from '@kuku/domain/screens';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { showInfoToast } from '../ui/toast';
import { apiFetch } from './api-client';
import { clearToken } from './session';

/** Revokes the token on the server, then forgets it here whatever the server said. */
export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch('/auth/logout', { method: 'POST', handleUnauthorized: false }).catch(() => undefined),
    onSettled: async () => {
      // Token first so /auth does not bounce back; cached data after the protected screens unmount.
      clearToken();
      // And the farm as this session last read it (decision 066); records waiting to be sent stay, the farm's.
      void import('../last-synced/keep').then((m) => m.forgetLastSynced()).catch(() => undefined);
      await navigate(paths.auth.getHref(), { replace: true });
      queryClient.clear();
      // On demand: the shell's own code does not otherwise need the domain's words.
      const { authMessages } = await import('./session-words');
      showInfoToast(authMessages.loggedOut, { id: 'logged-out' });
    },
  });
}
