import { notifications } from '@mantine/notifications';

export const TOAST_AUTO_CLOSE_MS = 5000;
export const TOAST_LIMIT = 20;

interface ToastOptions {
  title?: string;
  /** Same id twice shows one toast (e.g. a guard that runs twice). */
  id?: string;
}

export function showErrorToast(message: string, options: ToastOptions = {}): void {
  notifications.show({ color: 'red', message, ...options });
}

export function showSuccessToast(message: string, options: ToastOptions = {}): void {
  notifications.show({ color: 'kuku', message, ...options });
}

export function showInfoToast(message: string, options: ToastOptions = {}): void {
  notifications.show({ color: 'blue', message, ...options });
}
