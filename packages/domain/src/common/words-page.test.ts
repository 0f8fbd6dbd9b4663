import { afterEach, describe, expect, it } from 'vitest';
import { LANGUAGE_KEY } from './language-choice.js';
import { hearSayings, words, wordsReady, type Saying } from './words.js';

// A Kiswahili page (decision 068). Words made here are named 'test:…', which the completeness
// test leaves out.

const page = globalThis as Record<symbol, unknown>;
const catalogue = (entries: Record<string, unknown>) => ({ sw: async () => entries });

afterEach(() => {
  delete page[LANGUAGE_KEY];
  hearSayings(undefined);
});

describe('words on a Kiswahili page', () => {
  it('are English until their catalogue arrives, then Kiswahili, functions and lists too, in place', async () => {
    page[LANGUAGE_KEY] = 'sw';
    const source = { title: 'Eggs', count: (n: number) => `${n} eggs`, months: ['Jan', 'Feb'], nested: { a: 'A' } };
    const made = words('test:eggs', source, catalogue({ 'test:eggs': { title: 'Mayai', count: (n: number) => `mayai ${n}`, months: ['Jan', 'Feb'].map((m) => m.toUpperCase()), nested: { a: 'Aa' } } }));
    const months = made.months;
    expect(made.title).toBe('Eggs');
    await wordsReady();
    expect(made).toBe(source);
    expect(made.title).toBe('Mayai');
    expect(made.count(3)).toBe('mayai 3');
    expect(months).toEqual(['JAN', 'FEB']);
    expect(made.nested.a).toBe('Aa');
  });

  it('a later copy of the same words (another chunk) is in Kiswahili as it is made', async () => {
    page[LANGUAGE_KEY] = 'sw';
    words('test:copy', { title: 'Sales' }, catalogue({ 'test:copy': { title: 'Mauzo' } }));
    await wordsReady();
    const copy = words('test:copy', { title: 'Sales' }, { sw: () => Promise.reject(new Error('not asked for again')) });
    expect(copy.title).toBe('Mauzo');
  });

  it('stay English when the catalogue cannot arrive or has no such words, and never on an English page', async () => {
    page[LANGUAGE_KEY] = 'sw';
    const lost = words('test:lost', { title: 'Stock' }, { sw: () => Promise.reject(new Error('no signal')) });
    const missing = words('test:missing', { title: 'Stock' }, catalogue({}));
    await wordsReady();
    expect([lost.title, missing.title]).toEqual(['Stock', 'Stock']);
    delete page[LANGUAGE_KEY];
    const english = words('test:english', { title: 'Flocks' }, { sw: () => Promise.reject(new Error('never asked for on an English page')) });
    await wordsReady();
    expect(english.title).toBe('Flocks');
  });

  it('tell the server’s hook each sentence a function builds, with its name, key and arguments', () => {
    const heard: [string, Saying][] = [];
    hearSayings((text, saying) => heard.push([text, saying]));
    const made = words('test:said', { stock: (n: number) => `Stock: ${n}` }, catalogue({}));
    expect(made.stock(5)).toBe('Stock: 5');
    expect(heard).toEqual([['Stock: 5', { name: 'test:said', key: 'stock', args: [5] }]]);
  });
});
