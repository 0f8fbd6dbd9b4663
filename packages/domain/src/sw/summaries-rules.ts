/** Kiswahili of summaries-rules.ts (decision 068; farm words per docs/glossary-sw.md). */
import type { Catalogue } from '../common/words.js';
import type { summaryWords as english } from '../summaries-rules.js';

/** A count as every screen writes it ('1,234'): a catalogue imports no code. */
const count = (n: number) => n.toLocaleString('en-KE', { maximumFractionDigits: 3 });
/** Whole shillings for the SMS. */
const shillings = (cents: number) => count(Math.round(cents / 100));
const clip = (name: string) => (name.length > 24 ? `${name.slice(0, 23)}.` : name);

export const summaryWords = {
  pageTitle: 'Muhtasari wa wiki',
  intro: 'Kila Jumatatu saa 07:00 Kuku hujumlisha wiki iliyopita na kuwatumia wamiliki kwa barua pepe. Wiki hii hadi sasa hutengenezwa unapoomba.',
  makeNow: 'Muhtasari wa wiki hii hadi sasa',
  making: 'Tunatengeneza muhtasari…',
  madeNow: 'Muhtasari wa wiki hii hadi sasa umetengenezwa na kutumwa kwako kwa barua pepe.',
  pastWeeks: 'Wiki zilizopita',
  newer: 'Wiki za karibuni',
  older: 'Wiki za zamani',
  none: 'Bado hakuna muhtasari. Wa kwanza utakuja Jumatatu ijayo, au tengeneza wa wiki hii sasa.',
  loadFailed: 'Muhtasari haukuweza kupakiwa.',
  retry: 'Jaribu tena',
  open: 'Fungua',
  back: 'Wiki zote',
  notFound: 'Hakuna muhtasari wa wiki hiyo.',
  weekInvalid: 'Chagua wiki kwa Jumatatu yake (YYYY-MM-DD).',
  weekOf: (from, to) => `Wiki ya ${from} – ${to}`,
  soFar: (through) => `Hadi sasa, mpaka ${through}`,
  madeAt: (when) => `Umetengenezwa ${when}`,
  eggs: 'Mayai',
  sales: 'Mauzo',
  expenses: 'Matumizi',
  birds: 'Kuku',
  feed: 'Chakula',
  balances: 'Ukaguzi wa salio',
  eggsADay: 'Mayai kwa siku',
  weekdays: ['Jtt', 'Jnn', 'Jtn', 'Alh', 'Ijm', 'Jms', 'Jpl'],
  collected: 'Mayai yaliyokusanywa',
  traysSold: 'Trei zilizouzwa',
  kept: 'Yaliyobaki (hayakuuzwa wala kuondolewa)',
  writtenOff: 'Yaliyoondolewa (yaliyovunjika, zawadi, yaliyoliwa)',
  salesTotal: 'Mauzo',
  paid: 'Yaliyolipwa',
  pending: 'Bado hayajalipwa',
  owed: 'Deni la shamba bado (wiki zote)',
  buyersOwing: (n) => (n === 1 ? 'mnunuzi 1' : `wanunuzi ${count(n)}`),
  spent: 'Yaliyotumika',
  budgetOfMonth: (month) => `Bajeti za ${month}`,
  budgetSpent: 'Yaliyotumiwa na makundi yenye bajeti',
  noBudget: 'Hakuna bajeti ya mwezi huu.',
  overBudget: (n) => (n === 1 ? 'Kundi 1 limezidi bajeti yake' : `Makundi ${count(n)} yamezidi bajeti zao`),
  alive: 'Kuku sasa',
  deaths: 'Vifo',
  birdsSold: 'Waliouzwa',
  culled: 'Walioondolewa',
  added: 'Walioongezwa',
  feedUsed: 'Chakula kilichotolewa',
  feedCost: 'Gharama ya chakula kilichotolewa',
  daysLeft: 'Siku za chakula zilizobaki',
  unknown: '—',
  trays: (trays, eggs, negative) => `${negative ? '−' : ''}trei ${count(trays)}${eggs > 0 ? ` + mayai ${count(eggs)}` : ''}`,
  kg: (kg) => `kilo ${count(kg)}`,
  days: (days) => (days === 1 ? 'siku 1' : `siku ${count(days)}`),
  line: 'Nini',
  opening: 'Mwanzo',
  cameIn: 'Kuingia',
  wentOut: 'Kutoka',
  expected: 'Inayotarajiwa',
  counted: 'Iliyohesabiwa',
  difference: 'Tofauti',
  notCounted: 'haijahesabiwa',
  beyondMargin: 'zaidi ya kiwango',
  noBalances: 'Hakuna ukaguzi wa salio wa wiki hii.',
  balanceKinds: { eggs: 'Mayai', feed: 'Chakula', birds: 'Kuku', money: 'Pesa' },
  units: { eggs: 'mayai', birds: 'kuku', kg: 'kg', bags: 'mifuko', doses: 'dozi', litres: 'lita', pieces: 'vipande' },
  mailSubject: (farm, from, to) => `${farm}: wiki ya ${from} – ${to}`,
  mailIntro: (farm) => `Hivi ndivyo ${farm} ilivyokwenda wiki hii.`,
  mailOpen: 'Fungua muhtasari katika Kuku',
  mailWhy: 'Unapata barua pepe hii kama mmiliki wa shamba. Chagua arifa zipi zikufikie kwa barua pepe kwenye Wasifu wangu.',
  noticeTitle: 'Muhtasari wako wa wiki',
  noticeMessage: (from, to) => `Muhtasari wa wiki ya ${from} – ${to} uko tayari.`,
  sms: (f, gaps) =>
    `${clip(f.farm_name)} ${f.week_start.slice(5)} hadi ${f.week_end.slice(5)}: mayai ${count(f.eggs.collected)}, ` +
    `trei ${count(f.eggs.sold_trays)} zimeuzwa. Mauzo Ksh ${shillings(f.sales.total_cents)}, deni Ksh ${shillings(f.sales.owed_cents)}. ` +
    `Matumizi Ksh ${shillings(f.expenses.total_cents)}. Kuku ${count(f.birds.alive)}, vifo ${count(f.birds.deaths)}. ` +
    `Chakula ${f.feed.used_kg === null ? '-' : `${count(Math.round(f.feed.used_kg))}kg`}, siku ${f.feed.days_left === null ? '-' : count(f.feed.days_left)} zimebaki. ` +
    (f.balances === null
      ? ''
      : gaps.length === 0
        ? 'Hesabu zinalingana.'
        : `Kagua: ${gaps.slice(0, 3).map((g) => `${g.name} ${g.difference}${g.unit}`).join(', ')}.`),
} satisfies Catalogue<typeof english>;
