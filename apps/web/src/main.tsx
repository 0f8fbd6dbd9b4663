import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/providers';
import { createAppRouter } from './app/router';
import { installSessionExpiryHandler } from './app/session-expiry';
import { takeSocialCodeFromUrl } from './features/auth/social-code';
import { createQueryClient } from './lib/query-client';

// Before the router reads the address: a social sign-in return carries its one-time code in ?token=….
takeSocialCodeFromUrl();

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);
installSessionExpiryHandler(router, queryClient);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// As a transition React renders the first screen in slices, and a tap is answered between them,
// rather than in one long task on a phone's CPU (decision 042).
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <Providers queryClient={queryClient}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
});
