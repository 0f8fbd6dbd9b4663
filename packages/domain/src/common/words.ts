/**
 * Words in more than one language (decision 068). A feature's words are one object, written in
 * English (the source and the default) and made by `words(name, english, catalogues)`: each
 * other language has a catalogue of the same shape, `export const <name> = {…} satisfies
 * Catalogue<typeof english>` in `sw/<feature>.ts`, so the type checker lists a key missing or
 * extra in either language.
 *
 * In the browser the page's language is chosen before any module runs (index.html's inline
 * script sets LANGUAGE_KEY): for Kiswahili each words object asks for its catalogue as it is
 * made, and the app renders once `wordsReady()` says every catalogue asked for has arrived
 * (the entry in main.tsx, each screen's and part's code after its import). The catalogue is then
 * written into the object, so every reader, wherever decision 040's build copied the module,
 * sees Kiswahili. A word read while its module is evaluated is read before that: never read
 * words at module scope, read them in render or in a function.
 *
 * The server never changes these objects: it renders each request's and each recipient's
 * language with `wordsIn` (server/words-in.ts holds the catalogues), and its error handler
 * turns an English message back into its key with `sayingOf`.
 */
import { LANGUAGE_KEY } from './language-choice.js';

/** The languages Kuku is written in; English first, the default. */
export const LANGUAGES = ['en', 'sw'] as const;
export type Language = (typeof LANGUAGES)[number];
/** A language other than the source, which has catalogues. */
export type Translation = Exclude<Language, 'en'>;

const PENDING_KEY = Symbol.for('kuku.words.pending');
const ARRIVED_KEY = Symbol.for('kuku.words.arrived');
const SAID_KEY = Symbol.for('kuku.words.said');

/** A word of a catalogue: a string for a string, a function of the same parameters for a function, a list for a list. */
type Word<Value> = Value extends string
  ? string
  : Value extends (...args: infer Args) => infer Result
    ? (...args: Args) => Result extends string ? string : Result
    : Value extends readonly string[]
      ? readonly string[]
      : Value extends object
        ? Catalogue<Value>
        : Value;

/** A catalogue: the same keys as the English (none missing, none extra), each word of the same kind. */
export type Catalogue<English> = { readonly [Key in keyof English]: Word<English[Key]> };

/**
 * A language's catalogue module, as its loader is written: `() => import('./sw/eggs.js') as
 * Promise<Catalogues>`. Typed so, not by the module, whose catalogues are typed by the English
 * words: TypeScript would find the two types made of each other.
 */
export type Catalogues = Record<string, unknown>;
type Loaders = { readonly [L in Translation]: () => Promise<Catalogues> };
type Pending = Set<Promise<void>>;

/** Who each English words object is, for `wordsIn` and the error handler (the server imports them all). */
const names = new WeakMap<object, string>();
const english = new Map<string, object>();

/** A word that is a function, called: its object's name, key and arguments (what `sayingOf` finds). */
export interface Saying {
  readonly name: string;
  readonly key: string;
  readonly args: readonly unknown[];
}

type Global = {
  [LANGUAGE_KEY]?: unknown;
  [PENDING_KEY]?: Pending;
  /** The catalogues arrived on this page, by name: a later copy of the same words takes its catalogue at once. */
  [ARRIVED_KEY]?: Map<string, Record<string, unknown>>;
  [SAID_KEY]?: (text: string, saying: Saying) => void;
};
const page = globalThis as Global;

/** The page's language: Kiswahili only when index.html's script chose it; English anywhere else (the server, tests). */
export function pageLanguage(): Language {
  return page[LANGUAGE_KEY] === 'sw' ? 'sw' : 'en';
}

/**
 * `english`, named `name`, which is the export name of its catalogue in each language's module.
 * On a Kiswahili page its catalogue is asked for now and written into the object when it
 * arrives; if it cannot arrive (no signal, an old build), the words stay English.
 */
export function words<T extends object>(name: string, source: T, catalogues: Loaders): T {
  names.set(source, name);
  english.set(name, source);
  for (const [key, value] of Object.entries(source)) {
    // On the server a sentence built from figures is remembered, so that its error can be said
    // again in the request's language (the hook is installed by the server only).
    if (typeof value === 'function') {
      (source as Record<string, unknown>)[key] = (...args: unknown[]) => {
        const text = (value as (...a: unknown[]) => string)(...args);
        page[SAID_KEY]?.(text, { name, key, args });
        return text;
      };
    }
  }
  const language = pageLanguage();
  if (language === 'en') return source;
  // Decision 040's build copies a words module into each chunk that imports it: a copy made after
  // its catalogue arrived takes it at once, so that a module reading it as it runs (a schema's
  // messages) reads it in the page's language.
  const arrived = (page[ARRIVED_KEY] ??= new Map());
  const known = arrived.get(name);
  if (known) {
    writeInto(source as Record<string, unknown>, known);
    return source;
  }
  const arriving = catalogues[language]()
    .then((module) => {
      const catalogue = module[name];
      if (!catalogue || typeof catalogue !== 'object') return;
      arrived.set(name, catalogue as Record<string, unknown>);
      writeInto(source as Record<string, unknown>, catalogue as Record<string, unknown>);
    })
    .catch(() => undefined);
  (page[PENDING_KEY] ??= new Set()).add(arriving);
  void arriving.then(() => page[PENDING_KEY]?.delete(arriving));
  return source;
}

/** Writes a catalogue into its English object; a list is changed in place, as a module may hold the list itself. */
function writeInto(target: Record<string, unknown>, catalogue: Record<string, unknown>): void {
  for (const [key, value] of Object.entries(catalogue)) {
    const current = target[key];
    if (Array.isArray(current) && Array.isArray(value)) current.splice(0, current.length, ...(value as unknown[]));
    else if (current && value && typeof current === 'object' && typeof value === 'object') writeInto(current as Record<string, unknown>, value as Record<string, unknown>);
    else if (typeof value === typeof current) target[key] = value;
  }
}

/** Resolves once every catalogue asked for so far (and any asked for meanwhile) has arrived or failed. */
export async function wordsReady(): Promise<void> {
  const pending = page[PENDING_KEY];
  while (pending && pending.size > 0) await Promise.all([...pending]);
}

/** The name `words` gave an English words object, or undefined for a plain object. */
export function nameOf(source: object): string | undefined {
  return names.get(source);
}

/** The English words object named `name`. */
export function englishWords(name: string): object | undefined {
  return english.get(name);
}

/** Every English words object made so far, by name (the completeness test reads them). */
export function allEnglishWords(): ReadonlyMap<string, object> {
  return english;
}

/** Installs the server's hook that hears each sentence built by a words function. */
export function hearSayings(hook: ((text: string, saying: Saying) => void) | undefined): void {
  page[SAID_KEY] = hook;
}
