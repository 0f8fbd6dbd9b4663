// Contact and support (docs/product.md §2 Contact and the support chat button, §3 Contact message, §5, §8): words and limits, no zod.
import { formatCount } from './common/numbers.js';
import { words, type Catalogues } from './common/words.js';

export const CONTACT_NAME_MAX = 100;
export const CONTACT_EMAIL_MAX = 254;
/** A message to support: long enough for a story, short enough to read. */
export const CONTACT_MESSAGE_MAX = 5000;
/** Messages a user may send in CONTACT_WINDOW_MINUTES, and from one address. */
export const CONTACT_PER_USER = 5;
export const CONTACT_PER_IP = 20;
export const CONTACT_WINDOW_MINUTES = 60;

export const contactMessages = words(
  'contact',
  {
    title: 'Contact Us',
    intro: 'Questions about your farm records, billing or anything else? Write to us and we will answer by email.',
    name: 'Name',
    email: 'Email',
    message: 'Message',
    send: 'Send Message',
    sending: 'Sending...',
    // docs/product.md §8, in its words.
    sent: "Thank you! Your message has been sent. We'll get back to you in a minute!",
    failed: 'Oops! Something went wrong. Please try again later.',
    // docs/product.md §5: all required, the email's format.
    nameRequired: 'Name is required',
    nameTooLong: `Name must be at most ${CONTACT_NAME_MAX} characters.`,
    emailRequired: 'Email is required',
    emailInvalid: 'Enter a valid email address.',
    messageRequired: 'Message is required',
    messageTooLong: `Message must be at most ${formatCount(CONTACT_MESSAGE_MAX)} characters.`,
    tooMany: 'You have sent several messages in a short time. Please wait a while before sending another.',
  },
  { sw: () => import('./sw/contact-rules.js') as Promise<Catalogues> },
);

/** The mail support receives: who wrote, from which farm, and what. */
export function contactMailSubject(name: string): string {
  return `Kuku contact message from ${name}`;
}
