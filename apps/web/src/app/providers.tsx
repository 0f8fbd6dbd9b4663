// The styles of the Mantine components the app uses, not all of styles.css (build/mantine-styles.ts).
import 'virtual:mantine-styles.css';
import '@mantine/notifications/styles.css';
import '../ui/reduced-motion.css';
import { localStorageColorSchemeManager, MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Suspense, useState, type ReactNode } from 'react';
import { lazyWithPreload } from '../first-screen/lazy';
import { useSettled } from '../first-screen/use-settled';
import { cssVariablesResolver, theme } from '../ui/theme';

// The toast container paints nothing until a toast exists, so it is no part of the first
// screen (it brings its transition code; decision 017): it loads
// with the first toast, or once the page has settled so that toast shows at once. Toasts
// shown before it mounts wait in the store.
// Above the router, so no screen's error page covers a failure: a container whose code could not
// load (no signal, before the worker keeps it) shows no toast rather than leave a blank page.
const ToastContainer = lazyWithPreload(
  () => import('./shell/toast-container').catch(() => ({ ToastContainer: () => null })),
  (m) => m.ToastContainer,
);

function DeferredToastContainer({ queryClient }: { queryClient: QueryClient }) {
  const { notifications, queue } = useNotifications();
  const settled = useSettled(queryClient);
  const [mounted, setMounted] = useState(false);
  // Once mounted it stays: a toast animates its closing.
  if (!mounted && (settled || notifications.length > 0 || queue.length > 0)) setMounted(true);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer />
    </Suspense>
  );
}

// docs/product.md §9: the dark-mode choice is kept in localStorage.
const colorSchemeManager = localStorageColorSchemeManager({ key: 'kuku.color-scheme' });

interface ProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
}

export function Providers({ queryClient, children }: ProvidersProps) {
  return (
    <MantineProvider
      theme={theme}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme="light"
      cssVariablesResolver={cssVariablesResolver}
    >
      <DeferredToastContainer queryClient={queryClient} />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
