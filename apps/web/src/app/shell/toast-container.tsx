import { Notifications } from '@mantine/notifications';
import { TOAST_AUTO_CLOSE_MS, TOAST_LIMIT } from '../../ui/toast';
import classes from './toast-container.module.css';

/** SPEC §9: toasts close after 5000 ms, at most 20 at once. */
export function ToastContainer() {
  return (
    <Notifications
      position="top-right"
      autoClose={TOAST_AUTO_CLOSE_MS}
      limit={TOAST_LIMIT}
      zIndex={1000}
      classNames={{ root: classes.root }}
    />
  );
}
