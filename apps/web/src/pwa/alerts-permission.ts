/**
 * When to offer push alerts (docs/product.md §4: after start-up, if the permission is still 'default').
 * Browsers allow the permission request only from a user gesture, so the app first shows its
 * own small prompt; its 'Not now', or a refusal in the browser's dialog, is remembered here
 * and the farmer is never asked again on this phone.
 */
export const ALERTS_DECLINED_KEY = 'kuku.alerts-declined';

export type AlertsPermission = NotificationPermission | 'unsupported';

/** 'unsupported' where there is no Notification API or no Push API (iOS outside the installed app, old browsers). */
export function alertsPermission(win: Window & typeof globalThis = window): AlertsPermission {
  if (!('Notification' in win) || !('PushManager' in win) || !('serviceWorker' in win.navigator)) return 'unsupported';
  return win.Notification.permission;
}

export function shouldAskForAlerts({ permission, declined }: { permission: AlertsPermission; declined: boolean }): boolean {
  return permission === 'default' && !declined;
}

export function alertsDeclined(storage: Storage = window.localStorage): boolean {
  try {
    return storage.getItem(ALERTS_DECLINED_KEY) !== null;
  } catch {
    // Storage off: asking again each visit beats never offering alerts.
    return false;
  }
}

export function rememberAlertsDeclined(now: number, storage: Storage = window.localStorage): void {
  try {
    storage.setItem(ALERTS_DECLINED_KEY, new Date(now).toISOString());
  } catch {
    // Private mode: nothing to keep.
  }
}
