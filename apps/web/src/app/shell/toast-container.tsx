import { em } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';
import { TOAST_AUTO_CLOSE_MS, TOAST_LIMIT } from '../../ui/toast';
import classes from './toast-container.module.css';

/** docs/product.md §9: toasts close after 5000 ms, at most 20 at once. */
export function ToastContainer() {
  // On a phone a toast at the top covers the page title; the bottom is where the thumb is.
  const phone = useMediaQuery(`(max-width: ${em(767)})`);
  return (
    <Notifications
      position={phone ? 'bottom-center' : 'top-right'}
      autoClose={TOAST_AUTO_CLOSE_MS}
      limit={TOAST_LIMIT}
      zIndex={1000}
      classNames={{ root: classes.root }}
    />
  );
}
