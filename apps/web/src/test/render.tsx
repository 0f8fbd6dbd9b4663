import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router';
import { createRoutes } from '../app/router';
import { installSessionExpiryHandler } from '../app/session-expiry';
import { theme } from '../ui/theme';
import { trackCodeLoads } from './code-loads';

export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
  });
}

function TestProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <MantineProvider theme={theme} env="test">
      <Notifications />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}

/** Shows where the router is, so a test can assert a navigation. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

interface RenderOptions {
  /** The address the component is rendered at. */
  route?: string;
  queryClient?: QueryClient;
}

/** Renders one component inside the providers and a memory router; other paths show the probe. */
export function renderWithProviders(ui: ReactElement, { route = '/', queryClient = createTestQueryClient() }: RenderOptions = {}) {
  const path = new URL(route, 'http://localhost').pathname;
  const routes: RouteObject[] = [
    { path, element: <>{ui}<LocationProbe /></> },
    { path: '*', element: <LocationProbe /> },
  ];
  const router = createMemoryRouter(routes, { initialEntries: [route] });
  const result = render(
    <TestProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return { ...result, router, queryClient };
}

/** Renders the whole app's route table at `route`, guards and shell included. */
export function renderApp({ route = '/', queryClient = createTestQueryClient() }: RenderOptions = {}) {
  const router = createMemoryRouter(trackCodeLoads(createRoutes(queryClient)), { initialEntries: [route] });
  installSessionExpiryHandler(router, queryClient);
  const result = render(
    <TestProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return { ...result, router, queryClient };
}

export function currentLocation(): string {
  return screen.getByTestId('location').textContent ?? '';
}
