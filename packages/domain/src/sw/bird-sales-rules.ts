/** Kiswahili: sales of a flock's own birds (bird-sales-rules.ts; docs/glossary-sw.md). */
import type { Catalogue } from '../common/words.js';
import type { birdSaleMessages } from '../bird-sales-rules.js';

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
