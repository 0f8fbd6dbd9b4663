/**
 * Kiswahili of install-rules.ts (decision 068): one catalogue module per words module, so that a screen
 * asks for its words' catalogues in as few requests as its code came in.
 */
/** Kiswahili: the Getting Started checklist and the installable app (onboarding-rules.ts, install-rules.ts). */
import type { Catalogue } from '../common/words.js';
import type { installMessages } from '../install-rules.js';

export const install = {
  appName: 'Kuku',
  appDescription: 'Kuku inawasaidia wafugaji wa kuku kusimamia makundi, mayai, mauzo, matumizi na chanjo.',
  installTitle: 'Sakinisha Kuku',
  installText: 'Weka Kuku kwenye skrini ya mwanzo ya simu yako: inafunguka kama programu, moja kwa moja kwenye shamba lako.',
  installApp: 'Sakinisha programu',
  cancel: 'Ghairi',
  alertsTitle: 'Upate arifa kwenye simu hii?',
  alertsText: 'Chanjo zinazotarajiwa (due), akiba inayopungua na malipo, hata Kuku ikiwa imefungwa.',
  allow: 'Ruhusu',
  notNow: 'Si sasa',
} satisfies Catalogue<typeof installMessages>;
