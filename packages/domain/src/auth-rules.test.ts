import { describe, expect, it } from 'vitest';
import { continueWithLabel, usernameFromProfile, USERNAME_MAX, USERNAME_MIN } from './auth-rules.js';
import { usernameSchema } from './auth.js';

describe('usernameFromProfile (social sign-in)', () => {
  it.each([
    ['Wanjiku Kamau', 'wanjiku@example.com', 'Wanjiku_Kamau'],
    ['Nyambura Wa-Njeri', 'n@example.com', 'Nyambura_Wa_Njeri'],
    ['Zoë Müller', 'z@example.com', 'Zoe_Muller'],
    [undefined, 'otieno.j+kuku@example.com', 'otieno_j_kuku'],
    ['李', 'li.wei@example.com', 'li_wei'],
    ['Al', 'al@example.com', 'al_farmer'],
    [undefined, '@example.com', 'farmer'],
    ['A'.repeat(40), 'a@example.com', 'A'.repeat(USERNAME_MAX)],
  ])('%s <%s> → %s', (name, email, expected) => {
    const username = usernameFromProfile(name, email);
    expect(username).toBe(expected);
    expect(username.length).toBeGreaterThanOrEqual(USERNAME_MIN);
    expect(usernameSchema.safeParse(username).success).toBe(true);
  });

  it("labels the button as the product's 'Continue with'", () => {
    expect(continueWithLabel('google')).toBe('Continue with Google');
  });
});
