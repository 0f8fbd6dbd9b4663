import { footerWords as m } from '@kuku/domain';
import { Alert } from '@mantine/core';
import { IconWifi, IconWifiOff } from '@tabler/icons-react';
import classes from './offline-banner.module.css';

/** The banner itself, loaded when the connection first changes: no first screen carries it. */
export function OfflineBannerAlert({ offline, onClose }: { offline: boolean; onClose: () => void }) {
  return (
    <div className={classes.wrapper}>
      <Alert
        role="status"
        aria-live="polite"
        variant="filled"
        color={offline ? 'red' : 'kuku'}
        icon={offline ? <IconWifiOff size={18} /> : <IconWifi size={18} />}
        withCloseButton
        closeButtonLabel={m.dismiss}
        onClose={onClose}
        className={classes.banner}
      >
        {offline ? m.offline : m.online}
      </Alert>
    </div>
  );
}
