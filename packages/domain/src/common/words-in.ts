/**
 * The server's side of decision 068: a words object in a language, for a request or a recipient,
 * without changing the shared English object. Not in the package's index: it holds every
 * catalogue, which the web never loads whole (`@kuku/domain/words-in`).
 */
import * as sw from '../sw/index.js';
import { englishWords, nameOf, type Language, type Saying } from './words.js';

const catalogues: Record<Exclude<Language, 'en'>, Record<string, unknown>> = { sw };
const rendered = new Map<string, object>();

/** `english` in `language`: the catalogue's words over the English ones (a word it lacks stays English). */
export function wordsIn<T extends object>(language: Language, english: T): T {
  if (language === 'en') return english;
  const name = nameOf(english);
  const catalogue = name ? catalogues[language][name] : undefined;
  if (!name || !catalogue || typeof catalogue !== 'object') return english;
  const key = `${language}:${name}`;
  let words = rendered.get(key);
  if (!words) {
    words = { ...english, ...(catalogue as object) };
    rendered.set(key, words);
  }
  return words as T;
}

/** The catalogue of `name` in `language`, when it has one (the completeness test). */
export function catalogueOf(language: Exclude<Language, 'en'>, name: string): Record<string, unknown> | undefined {
  const catalogue = catalogues[language][name];
  return catalogue && typeof catalogue === 'object' ? (catalogue as Record<string, unknown>) : undefined;
}

type Finding = { name: string; path: readonly string[] };
let findings: Map<string, Finding> | undefined;

/** Every English sentence that is a plain string, nested ones too, by its text: what an error's message is turned back into. */
function sentences(): Map<string, Finding> {
  if (findings) return findings;
  const found = new Map<string, Finding>();
  const visit = (name: string, value: unknown, path: readonly string[]) => {
    if (typeof value === 'string') {
      if (!found.has(value)) found.set(value, { name, path });
    } else if (value && typeof value === 'object' && !Array.isArray(value)) {
      for (const [key, inner] of Object.entries(value)) visit(name, inner, [...path, key]);
    }
  };
  // Read on first use: every module that makes words has been imported by then.
  for (const name of Object.keys(sw)) visit(name, englishWords(name), []);
  findings = found;
  return found;
}

/** The word at `path` of a catalogue, if it is one. */
function wordAt(catalogue: unknown, path: readonly string[]): unknown {
  return path.reduce<unknown>((at, key) => (at && typeof at === 'object' ? (at as Record<string, unknown>)[key] : undefined), catalogue);
}

/**
 * `text`, an English message the server was about to send, said in `language`: a plain sentence
 * found by its text, or one built from figures found among `said` (the sentences the request
 * built). Anything else stays as it came.
 */
export function sayIn(language: Language, text: string, said?: ReadonlyMap<string, Saying>): string {
  if (language === 'en') return text;
  const saying = said?.get(text);
  if (saying) {
    const word = catalogues[language][saying.name] as Record<string, unknown> | undefined;
    const fn = word?.[saying.key];
    if (typeof fn === 'function') return String((fn as (...args: unknown[]) => unknown)(...saying.args));
  }
  const found = sentences().get(text);
  if (!found) return text;
  const word = wordAt(catalogues[language][found.name], found.path);
  return typeof word === 'string' ? word : text;
}
