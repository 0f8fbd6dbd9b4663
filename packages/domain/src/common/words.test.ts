import { describe, expect, it } from 'vitest';
import * as domain from '../index.js';
import { catalogueOf, sayIn, wordsIn } from './words-in.js';
import { allEnglishWords, nameOf, type Saying } from './words.js';

type Shape = Record<string, unknown>;

/** The keys of `english` missing from `catalogue` or extra in it, as paths; a word of another kind counts. */
function differences(english: Shape, catalogue: Shape, path: string): string[] {
  const found: string[] = [];
  for (const key of new Set([...Object.keys(english), ...Object.keys(catalogue)])) {
    const [e, c] = [english[key], catalogue[key]];
    const at = `${path}.${key}`;
    if (!(key in catalogue)) found.push(`${at} missing in Kiswahili`);
    else if (!(key in english)) found.push(`${at} not in English`);
    else if (Array.isArray(e)) {
      if (!Array.isArray(c) || c.length !== e.length) found.push(`${at}: a list of ${e.length}`);
    } else if (typeof e !== typeof c) found.push(`${at}: a ${typeof e} in English`);
    else if (typeof e === 'object' && e && c) found.push(...differences(e as Shape, c as Shape, at));
    else if (typeof e === 'string' && (c as string).trim() === '') found.push(`${at} is empty`);
  }
  return found;
}

/** Exported objects of text that are not words a person reads: what a spreadsheet's column may say, matched on import. */
const NOT_WORDS = new Set([
  'SALE_CATEGORY_ALIASES',
  'SALE_TYPE_ALIASES',
  'SALE_STATUS_ALIASES',
  'EXPENSE_CATEGORY_ALIASES',
  'INVENTORY_UNIT_ALIASES',
  // Headers, addresses, keys and names of the code, not words.
  'CLIENT_RECORD_HEADERS',
  'QUERY_ROOTS',
  // Each breed's guide's id (decision 073); the guides' names are breedGuideWords.
  'BREED_GUIDE_OF',
  'paths',
  'SCREEN_PAGES',
  'ROUTE_PERMISSIONS',
  'REPORT_CATEGORY_PATHS',
  // The sign-in providers' own names.
  'socialProviderNames',
]);

/** A leaf of words: a string, a function, a list of strings, or an object of those. */
function wordsLeaves(value: unknown): boolean {
  if (typeof value === 'string' || typeof value === 'function') return true;
  if (Array.isArray(value)) return value.every((v) => typeof v === 'string');
  return !!value && typeof value === 'object' && Object.values(value).every(wordsLeaves);
}

/** A words object not made by `words()`: an exported object (not a list) of words with at least one letter in a string. */
function looksLikeWords(value: unknown): boolean {
  if (!value || typeof value !== 'object' || Array.isArray(value) || '_zod' in value || Object.keys(value).length === 0) return false;
  return wordsLeaves(value) && /[A-Z][a-z]|[a-z] [a-z]/.test(JSON.stringify(value));
}

describe('words in every language (decision 068)', () => {
  it('every words object has a Kiswahili catalogue of the same keys, none empty', () => {
    const problems: string[] = [];
    expect(allEnglishWords().size).toBeGreaterThan(0);
    for (const [name, english] of allEnglishWords()) {
      if (name.startsWith('test:')) continue;
      const catalogue = catalogueOf('sw', name);
      if (!catalogue) problems.push(`${name}: no Kiswahili catalogue (sw/index.ts exports none by that name)`);
      else problems.push(...differences(english as Shape, catalogue, name));
    }
    expect(problems).toEqual([]);
  });

  it("a sentence's figures are the same in both languages", () => {
    const problems: string[] = [];
    for (const [name, english] of allEnglishWords()) {
      if (name.startsWith('test:')) continue;
      const catalogue = catalogueOf('sw', name) ?? {};
      for (const [key, value] of Object.entries(english)) {
        const translated = catalogue[key];
        if (typeof value !== 'string' || typeof translated !== 'string') continue;
        const figures = (text: string) => (text.match(/\d[\d,]*/g) ?? []).sort();
        if (figures(value).join(' ') !== figures(translated).join(' ')) problems.push(`${name}.${key}: '${value}' / '${translated}'`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('every exported words object is made by words(), so none is left without a catalogue', () => {
    const plain = Object.entries(domain)
      .filter(([name, value]) => !NOT_WORDS.has(name) && looksLikeWords(value) && !nameOf(value as object))
      .map(([name]) => name);
    expect(plain).toEqual([]);
  });

  it('writes Kiswahili labels in sentence case, as the language does: no Title Case copied from the English', () => {
    // Names keep their capitals: the app's and its screens', places', languages', days' and months', a provider's, a breed guide's.
    const names = /^(Kuku|Brown|KALRO|Ripoti|Wasifu|M-Pesa|Safaricom|Ksh|KES|Kenya|Nairobi|English|Kiswahili|Google|WhatsApp|WebSocket|WebP|OTP|PDF|CSV|XLSX|Juma\w+|Alhamisi|Ijumaa|Januari|Februari|Machi|Aprili|Mei|Juni|Julai|Agosti|Septemba|Oktoba|Novemba|Desemba)$/;
    const titled: string[] = [];
    const visit = (name: string, value: unknown, path: string) => {
      if (typeof value === 'string') {
        // A word after a sentence's end, or quoted (a status's name), may start with a capital.
        const words = value.split(' ');
        const titledWord = words.some((word, i) => {
          if (i === 0 || /([.!?:—]|--)$/.test(words[i - 1] ?? '') || /^['"‘“]/.test(word)) return false;
          const bare = word.replace(/^[(]+|[)',.:;!?]+$/g, '');
          return /^[A-Z][a-z]/.test(bare) && !names.test(bare);
        });
        if (titledWord) titled.push(`${name}.${path}: ${value}`);
      } else if (value && typeof value === 'object' && !Array.isArray(value)) {
        for (const [key, inner] of Object.entries(value)) visit(name, inner, path ? `${path}.${key}` : key);
      }
    };
    for (const [name] of allEnglishWords()) if (!name.startsWith('test:')) visit(name, catalogueOf('sw', name), '');
    expect(titled).toEqual([]);
  });

  it('the server says a words object in a language without changing the English one', () => {
    const sw = wordsIn('sw', domain.calendarWords);
    expect(sw.months[2]).toBe('Machi');
    expect(domain.calendarWords.months[2]).toBe('March');
    expect(wordsIn('en', domain.calendarWords)).toBe(domain.calendarWords);
  });

  it('turns an English message back into Kiswahili by its text, or by the sentence the request built', () => {
    const [name, english] = [...allEnglishWords()].find(([, e]) => Object.values(e).some((v) => typeof v === 'string')) ?? [];
    expect(name).toBeDefined();
    const [key, text] = Object.entries(english as Shape).find(([, v]) => typeof v === 'string') as [string, string];
    expect(sayIn('sw', text)).toBe(catalogueOf('sw', name as string)?.[key]);
    expect(sayIn('en', text)).toBe(text);
    expect(sayIn('sw', 'Not a sentence of Kuku.')).toBe('Not a sentence of Kuku.');
    const said = new Map<string, Saying>([['built', { name: 'calendar', key: 'nothing', args: [] }]]);
    expect(sayIn('sw', 'built', said)).toBe('built');
  });
});
