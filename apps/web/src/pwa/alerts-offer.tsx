import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useState } from 'react';
import { useForegroundBusy } from '../ui/foreground';
import { lazyWithPreload } from '../first-screen/lazy';
import { useSettled } from '../first-screen/use-settled';
import { alertsDeclined, alertsPermission, rememberAlertsDeclined, shouldAskForAlerts } from './alerts-permission';
import { useInstallPrompt } from './install-prompt-store';

// Its card and buttons load only when there is something to ask (decision 017).
const AlertsPrompt = lazyWithPreload(() => import('./alerts-prompt'), (m) => m.AlertsPrompt);

/**
 * docs/product.md §4: after start-up, the signed-in farmer `userId` whose notification permission is still 'default'
 * is asked, through a small prompt of the app's own whose 'Allow' makes the browser's request
 * from the click (browsers refuse it without a gesture). Once granted, the browser subscribes
 * to push and the server gets the subscription. Failures are only logged.
 */
export function AlertsOffer({ userId }: { userId: number }) {
  const settled = useSettled(useQueryClient());
  const { popupOpen } = useInstallPrompt();
  // After the trial welcome, not over it.
  const busy = useForegroundBusy();
  const [permission, setPermission] = useState(() => alertsPermission());
  const [declined, setDeclined] = useState(() => alertsDeclined());
  // Set on 'Allow': the browser's own dialog takes over from the prompt.
  const [asked, setAsked] = useState(false);

  useEffect(() => {
    if (!settled || permission !== 'granted') return;
    // Loaded only once the farmer has said yes: most start-ups never need it.
    import('./push-subscription')
      .then(({ subscribeToPush }) => subscribeToPush(userId))
      .catch((error: unknown) => console.warn('Push subscription failed', error));
  }, [settled, userId, permission]);

  if (!settled || popupOpen || busy || asked || !shouldAskForAlerts({ permission, declined })) return null;

  const decline = () => {
    rememberAlertsDeclined(Date.now());
    setDeclined(true);
  };
  const allow = () => {
    setAsked(true);
    Notification.requestPermission()
      .then((answer) => {
        setPermission(answer);
        if (answer !== 'granted') decline();
      })
      .catch((error: unknown) => {
        console.warn('Notification permission request failed', error);
        decline();
      });
  };
  return (
    <Suspense fallback={null}>
      <AlertsPrompt onAllow={allow} onNotNow={decline} />
    </Suspense>
  );
}
