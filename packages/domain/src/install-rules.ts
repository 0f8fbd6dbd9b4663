// The installable app (docs/product.md §2 install popup, §4 notification permission): words, no zod.
import { words, type Catalogues } from './common/words.js';

/** The installable app's words: the install popup (docs/product.md §2 shell) and the alerts offer (docs/product.md §4 start-up). */
export const installMessages = words(
  'install',
  {
    appName: 'Kuku',
    appDescription: 'Kuku helps poultry farmers manage flocks, eggs, sales, expenses and vaccinations.',
    installTitle: 'Install Kuku',
    installText: 'Add Kuku to your home screen: it opens like an app, straight to your farm.',
    installApp: 'Install App',
    cancel: 'Cancel',
    alertsTitle: 'Get alerts on this phone?',
    alertsText: 'Vaccinations due, low stock and payments, even when Kuku is closed.',
    allow: 'Allow',
    notNow: 'Not now',
  },
  { sw: () => import('./sw/install-rules.js') as Promise<Catalogues> },
);
