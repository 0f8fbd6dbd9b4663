/** Kiswahili of feed-rules.ts (decision 068; farm words per docs/glossary-sw.md). */
import type { Catalogue } from '../common/words.js';
import type { feedMessages } from '../feed-rules.js';

export const feed = {
  selectFlock: 'Tafadhali chagua kundi.',
  selectItem: 'Tafadhali chagua chakula cha kuku.',
  notFeed: 'Bidhaa hii si chakula: chagua bidhaa ya aina ya chakula cha kuku.',
  flockArchived: 'Kundi hili limewekwa kando: huwezi kurekodi chakula chake.',
  dateRequired: 'Tarehe inahitajika.',
  dateInvalid: 'Weka tarehe sahihi.',
  dateFuture: 'Tarehe haiwezi kuwa ya baadaye.',
  dateBeforeFlock: (firstDay) => `Tarehe haiwezi kuwa kabla kundi halijaongezwa (${firstDay}).`,
  notFound: 'Rekodi ya chakula haikupatikana.',
  nothingToUpdate: 'Hakuna kilichobadilika.',
  fedTo: (flockName) => `Kimepewa ${flockName}`,
  putBack: (flockName) => `Rekodi ya chakula ya ${flockName} imesahihishwa`,
  unknownFlock: 'Kundi lisilojulikana',
} satisfies Catalogue<typeof feedMessages>;
