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

let popups = 0;
const shownPopups = new Map<string, string>();

/**
 * A popup that replaces the last one of its `kind` (a second save replaces the first popup
 * instead of stacking under it). Each gets a fresh id: shown again under the same id, Mantine
 * keeps the old one's component, and its running close timer closed the new popup early.
 */
export function showReplacingPopup(kind: string, popup: { title: string; message: string; autoClose?: number }): void {
  const last = shownPopups.get(kind);
  if (last) notifications.hide(last);
  const id = `${kind}-${++popups}`;
  shownPopups.set(kind, id);
  notifications.show({ id, color: 'kuku', ...popup });
}

const quietPopupKinds = new Map<string, number>();

/**
 * Holds back the popups of `kind` while a screen says the same thing itself (the payment dialog
 * says a payment succeeded; the server's 'payment received' notice would say it a third time).
 * They still reach the bell. Returns the release, for an effect's cleanup.
 */
export function quietPopups(kind: string): () => void {
  quietPopupKinds.set(kind, (quietPopupKinds.get(kind) ?? 0) + 1);
  return () => {
    const left = (quietPopupKinds.get(kind) ?? 1) - 1;
    if (left > 0) quietPopupKinds.set(kind, left);
    else quietPopupKinds.delete(kind);
  };
}

export function popupsQuiet(kind: string): boolean {
  return (quietPopupKinds.get(kind) ?? 0) > 0;
}
