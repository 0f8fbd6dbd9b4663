/**
 * The password fields' words, shared by the sign-up, the new password of a forgotten one, an
 * invitation's first password and the profile's change: a small module of their own, so a
 * screen that shows them loads no other feature's words.
 */
import { PASSWORD_MIN } from './auth-rules.js';
import { words, type Catalogues } from './common/words.js';

export const passwordWords = words(
  'passwords',
  {
    password: 'Password',
    current: 'Current Password',
    new: 'New Password',
    confirm: 'Confirm Password',
    confirmNew: 'Confirm New Password',
    atLeast: `At least ${PASSWORD_MIN} characters`,
    change: 'Change Password',
  },
  { sw: () => import('./sw/password-words.js') as Promise<Catalogues> },
);
