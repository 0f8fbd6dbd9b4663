import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../app/paths';
import { FullPageMessage } from '../../../ui/full-page-message';

/**
 * /auth/{provider}/callback. Social sign-in lands later; a `token` in the address was
 * already stored at start-up, and /auth sends a signed-in user on to the dashboard.
 */
export function SocialCallbackPage() {
  const navigate = useNavigate();
  useEffect(() => {
    void navigate(paths.auth.getHref(), { replace: true });
  }, [navigate]);
  return <FullPageMessage message="Completing sign-in..." />;
}
