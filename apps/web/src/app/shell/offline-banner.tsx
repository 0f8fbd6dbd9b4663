import { Suspense, useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { lazyWithPreload } from '../../first-screen/lazy';
import { useSettled } from '../../first-screen/use-settled';

// The alert's code (Mantine's Alert, two icons) is no part of a first screen: it loads once the
// screen has settled, and the service worker keeps it, so a start with no signal shows it too
// (decision 066).
// Not loaded at all (offline before the worker kept it), no banner rather than a blank page.
const OfflineBannerAlert = lazyWithPreload(
  () => import('./offline-banner-alert').catch(() => ({ OfflineBannerAlert: () => null })),
  (m) => m.OfflineBannerAlert,
);

/** docs/product.md §9: the banner hides after 5 seconds. */
export const OFFLINE_BANNER_MS = 5000;

type Status = 'offline' | 'online' | null;

export function OfflineBanner() {
  const [status, setStatus] = useState<Status>(() => (navigator.onLine ? null : 'offline'));

  const settled = useSettled(useQueryClient());
  useEffect(() => {
    if (settled) OfflineBannerAlert.preload();
  }, [settled]);

  useEffect(() => {
    const offline = () => setStatus('offline');
    const online = () => setStatus('online');
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
    };
  }, []);

  useEffect(() => {
    if (status === null) return;
    const timer = window.setTimeout(() => setStatus(null), OFFLINE_BANNER_MS);
    return () => window.clearTimeout(timer);
  }, [status]);

  if (status === null) return null;
  return (
    <Suspense fallback={null}>
      <OfflineBannerAlert offline={status === 'offline'} onClose={() => setStatus(null)} />
    </Suspense>
  );
}
