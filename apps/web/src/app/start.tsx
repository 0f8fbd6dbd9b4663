import type { QueryClient } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './providers';
import { createAppRouter } from './router';
import { installSessionExpiryHandler } from './session-expiry';

/** Draws the app once React, the router and Mantine have arrived (main.tsx loads this module). */
export function start(queryClient: QueryClient): void {
  const router = createAppRouter(queryClient);
  installSessionExpiryHandler(router, queryClient);

  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');

  // As a transition React renders the first screen in slices and a tap is answered between
  // them, rather than in one long task on a phone's CPU (decision 042).
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <Providers queryClient={queryClient}>
          <RouterProvider router={router} />
        </Providers>
      </StrictMode>,
    );
  });
}
