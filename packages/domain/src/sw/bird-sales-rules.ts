/** Kiswahili: sales of a flock's own birds (bird-sales-rules.ts; docs/glossary-sw.md). */
import type { Catalogue } from '../common/words.js';
import type { birdSaleMessages, closeBatchMessages } from '../bird-sales-rules.js';

/** A count as every screen writes it ('1,234'), as formatCount does: a catalogue imports no code. */
const count = (n: number) => n.toLocaleString('en-KE');

export const birdSales = {
  pricedLabel: 'Bei kwa',
  byBird: 'Kila kuku',
  byKg: 'Kila kilo',
  birdsLabel: 'Kuku waliouzwa',
  weightLabel: 'Uzito wote (kg)',
  weightHint: 'Si lazima: uzito wao unaonyesha mapato kwa kilo.',
  birdsRequired: 'Weka idadi ya kuku waliouzwa.',
  birdsWhole: 'Kuku waliouzwa lazima wawe namba kamili zaidi ya 0.',
  weightInvalid: 'Weka uzito kwa kg, zaidi ya 0, na desimali zisizozidi 3.',
  averageOutOfRange: 'Kuku mmoja ana uzito kati ya kg 0.02 na 10: angalia idadi ya kuku na uzito.',
  moreThanFlock: (birds) => `Kundi lina kuku ${count(birds)}: mauzo hayawezi kuchukua zaidi.`,
  saleNote: (ref) => `Mauzo ${ref}`,
  saleChangedNote: (ref) => `Mauzo ${ref} yamebadilishwa`,
  saleDeletedNote: (ref) => `Mauzo ${ref} yamefutwa`,
  leaveFlock: (birds) => `Kuku ${count(birds)} wanaondoka kwenye kundi.`,
} satisfies Catalogue<typeof birdSaleMessages>;

export const closeBatch = {
  open: 'Funga kundi',
  title: 'Uza kundi lote na ulifunge',
  intro: (birds, flock) =>
    birds === 0 ? `${flock} halina kuku waliobaki: linawekwa kando pamoja na matokeo yake.` : `Kuku ${count(birds)} waliobaki wanauzwa, na ${flock} linawekwa kando pamoja na matokeo yake.`,
  dateLabel: 'Tarehe ya kuuza',
  weightLabel: 'Uzito wote wa kuku hai (kg)',
  weightHint: (averageKg) => `Pendekezo kutoka kipimo cha uzito cha mwisho: kilo ${averageKg} kwa kuku.`,
  priceLabel: 'Bei kwa kilo (Ksh)',
  buyerLabel: 'Mnunuzi',
  product: 'Kundi lote',
  weightRequired: 'Weka uzito wote wa kuku hai kwa kg.',
  priceRequired: 'Weka bei kwa kilo.',
  notBroilers: 'Kundi la kuku wa nyama pekee hufungwa hivi: rekodi mauzo ya kuku wake badala yake.',
  alreadyClosed: 'Kundi hili limeshafungwa.',
  confirm: 'Uza na ufunge',
  closing: 'Inafunga...',
  cancel: 'Ghairi',
  failed: 'Imeshindwa kufunga kundi.',
  closed: (flock) => `${flock} limefungwa na kuwekwa kando.`,
  resultTitle: 'Matokeo ya kundi',
  birdsPlaced: 'Kuku walioanza',
  birdsSold: 'Kuku waliouzwa',
  sales: 'Mauzo',
  costs: 'Chakula na gharama nyingine',
  profit: 'Faida',
  loss: 'Hasara',
  done: 'Sawa',
} satisfies Catalogue<typeof closeBatchMessages>;
