import { wordsReady } from '@kuku/domain';
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

// On a Kiswahili page, once the catalogues of the words loaded so far are in (decision 068); at
// once on an English one. As a transition React renders the first screen in slices, and a tap is
// answered between them, rather than in one long task on a phone's CPU (decision 042).
void wordsReady().then(() =>
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <Providers queryClient={queryClient}>
          <RouterProvider router={router} />
        </Providers>
      </StrictMode>,
    );
  }),
);
