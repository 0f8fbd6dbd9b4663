import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { localStorageColorSchemeManager, MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
import { theme } from '../ui/theme';

// The toast container paints nothing until a toast exists, so it loads beside the first
// screen instead of in it (about 14 KB gzip with the dialog code it shares); toasts shown
// earlier wait in the store.
const ToastContainer = lazy(() => import('./shell/toast-container').then((m) => ({ default: m.ToastContainer })));

// SPEC §9: the dark-mode choice is kept in localStorage.
const colorSchemeManager = localStorageColorSchemeManager({ key: 'kuku.color-scheme' });

interface ProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
}

export function Providers({ queryClient, children }: ProvidersProps) {
  return (
    <MantineProvider theme={theme} colorSchemeManager={colorSchemeManager} defaultColorScheme="light">
      <Suspense fallback={null}>
        <ToastContainer />
      </Suspense>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
