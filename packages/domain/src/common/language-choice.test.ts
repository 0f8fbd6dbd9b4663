import { describe, expect, it } from 'vitest';
import { chooseLanguage, languageOfTag, preferredLanguages } from './language-choice.js';

describe('the page language (decision 068)', () => {
  it('takes the language kept on the phone first', () => {
    expect(chooseLanguage('sw', ['en-US'])).toBe('sw');
    expect(chooseLanguage('en', ['sw-KE'])).toBe('en');
  });

  it("else the browser's first language Kuku is written in", () => {
    expect(chooseLanguage(null, ['sw-KE', 'en'])).toBe('sw');
    expect(chooseLanguage(null, ['fr-FR', 'SW', 'en'])).toBe('sw');
    expect(chooseLanguage(undefined, ['en-KE', 'sw'])).toBe('en');
  });

  it('is English for anything unknown or garbled', () => {
    expect(chooseLanguage('xx', ['de', 'fr'])).toBe('en');
    expect(chooseLanguage(' sw', [])).toBe('en');
    expect(chooseLanguage({}, [42, null, '', '---'])).toBe('en');
    expect(languageOfTag('swahili')).toBeUndefined();
    expect(languageOfTag('sw_TZ')).toBe('sw');
  });

  it("orders an Accept-Language header's tags by their weight", () => {
    expect(preferredLanguages('en;q=0.5, sw-KE, fr;q=0.9')).toEqual(['sw-KE', 'fr', 'en']);
    expect(chooseLanguage(undefined, preferredLanguages('en-GB;q=0.8,sw;q=0.9'))).toBe('sw');
  });

  it('drops junk, weights of 0 and weights that are not numbers, never throwing', () => {
    expect(preferredLanguages('sw;q=0, en;q=abc, fr;q=2, de')).toEqual(['de']);
    expect(preferredLanguages('<script>, ;;;, *')).toEqual([]);
    expect(preferredLanguages(undefined)).toEqual([]);
    expect(preferredLanguages('a,'.repeat(400))).toEqual([]);
  });
});
