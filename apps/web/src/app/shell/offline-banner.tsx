import { Alert } from '@mantine/core';
import { IconWifi, IconWifiOff } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import classes from './offline-banner.module.css';

export const OFFLINE_MESSAGE = 'You are offline! Some features may be unavailable.';
export const ONLINE_MESSAGE = 'Connection restored! Everything is back online.';
/** docs/product.md §9: the banner hides after 5 seconds. */
export const OFFLINE_BANNER_MS = 5000;

type Status = 'offline' | 'online' | null;

export function OfflineBanner() {
  const [status, setStatus] = useState<Status>(() => (navigator.onLine ? null : 'offline'));

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
  const offline = status === 'offline';
  return (
    <div className={classes.wrapper}>
      <Alert
        role="status"
        aria-live="polite"
        variant="filled"
        color={offline ? 'red' : 'kuku'}
        icon={offline ? <IconWifiOff size={18} /> : <IconWifi size={18} />}
        withCloseButton
        closeButtonLabel="Dismiss"
        onClose={() => setStatus(null)}
        className={classes.banner}
      >
        {offline ? OFFLINE_MESSAGE : ONLINE_MESSAGE}
      </Alert>
    </div>
  );
}
