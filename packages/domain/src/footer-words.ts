/**
 * The footer's and the offline banner's, loaded once a screen has settled (decision 068). A module of its own: a
 * chunk that imports a words module takes all of it.
 */
import { words, type Catalogues } from './common/words.js';

export const footerWords = words(
  'footer',
  {
    about: 'Poultry farm management for Kenyan farmers: flocks, eggs, sales and money in one place.',
    quickLinks: 'Quick Links',
    contact: 'Contact',
    support: 'Support:',
    place: 'Nairobi, Kenya',
    sendMessage: 'Send us a message',
    followUs: 'Follow Us',
    copyright: (year: number) => `© ${year} Kuku. All rights reserved.`,
    offline: 'You are offline! Some features may be unavailable.',
    online: 'Connection restored! Everything is back online.',
    dismiss: 'Dismiss',
  },
  { sw: () => import('./sw/footer-words.js') as Promise<Catalogues> },
);
