/**
 * The words of the installable app: the install popup (SPEC §2 shell) and the alerts prompt
 * (SPEC §4 start-up). Here rather than in @kuku/domain, which has no place for shell words
 * yet; the e2e journeys import them from this file.
 */
export const pwaWords = {
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
} as const;
