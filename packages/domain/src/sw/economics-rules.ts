/**
 * Kiswahili of economics-rules.ts (decision 068): one catalogue module per words module, so that a
 * screen asks for its words' catalogues in as few requests as its code came in.
 */
/** Kiswahili: a flock's feed and cost figures (economics-rules.ts; docs/glossary-sw.md). */
import type { Catalogue } from '../common/words.js';
import type { economicsWords } from '../economics-rules.js';

/** A count as every screen writes it ('1,234'), as formatCount does: a catalogue imports no code. */
const count = (n: number) => n.toLocaleString('en-KE');

export const economics = {
  title: 'Chakula na gharama',
  thisMonth: 'Mwezi huu',
  flockLife: 'Tangu kundi lilipoingia',
  henDay: 'Utagaji kwa kuku kwa siku (hen-day)',
  eggsPerDay: 'Mayai kwa siku',
  traysPerDay: 'Trei (trays) kwa siku',
  feedPerBirdDay: 'Chakula kwa kuku kwa siku',
  feedPerTray: 'Chakula kwa trei',
  feedCostPerTray: 'Gharama ya chakula kwa trei',
  costPerTray: 'Gharama zote kwa trei',
  pricePerTray: 'Bei ya trei',
  marginPerTray: 'Faida kwa trei',
  mortality: 'Vifo',
  averageWeight: 'Uzito wa wastani',
  liveWeight: 'Uzito hai',
  feedConversion: 'Uwiano wa chakula na uzito (FCR)',
  productionEfficiency: 'Ufanisi wa uzalishaji (EPEF)',
  costPerKg: 'Gharama kwa kilo ya uzito hai',
  revenuePerKg: 'Mapato kwa kilo iliyouzwa',
  grams: (grams) => `gramu ${grams}`,
  kilograms: (kg) => `kilo ${kg}`,
  fromRecords: (feed, eggs) => `Kutoka rekodi ${count(feed)} za chakula na rekodi ${count(eggs)} za mayai.`,
  fromBroilerRecords: (feed, weighings) => `Kutoka rekodi ${count(feed)} za chakula na ${weighings === 1 ? 'upimaji 1 wa uzito' : `vipimo ${count(weighings)} vya uzito`}.`,
  missing: 'Rekodi chakula ulichowapa kuku na mayai uliyokusanya ili uone gharama ya trei.',
  missingBroilers: 'Rekodi chakula ulichowapa kuku na upime uzito wa baadhi ya kuku ili uone gharama ya kilo.',
  percent: (percent) => `${percent}%`,
  loading: 'Takwimu zinapakiwa...',
  loadFailed: 'Takwimu hazikuweza kupakiwa.',
  dateInvalid: 'Weka tarehe sahihi.',
  startAfterEnd: 'Tarehe ya kuanza haiwezi kuwa baada ya tarehe ya mwisho.',
  rangeTooLong: 'Takwimu zinaweza kuhusu siku zisizozidi 3,660.',
} satisfies Catalogue<typeof economicsWords>;
