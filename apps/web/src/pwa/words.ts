/** The installable app's words live in the domain with the notifications' (one place a translation swaps). */
export { installMessages as pwaWords } from '@kuku/domain';
