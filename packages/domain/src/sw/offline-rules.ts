/**
 * Kiswahili of offline-rules.ts (decision 068): one catalogue module per words module, so that a screen
 * asks for its words' catalogues in as few requests as its code came in.
 */
/**
 * Kiswahili: the phone's queue of records and the server's words about records captured on a
 * phone (offline-rules.ts). 'Kwenye simu hii' is the glossary's 'on this phone'.
 */
import type { Catalogue } from '../common/words.js';
import type { clientRecordMessages, outboxWords, recordVersionMessages } from '../offline-rules.js';
import { records, signed } from './offline-shared.js';

export const recordVersions = {
  badVersion: 'Toleo la rekodi lazima liwe updated_at ya rekodi, kama 2026-12-06T14:05:00.123Z.',
  changedMeanwhile: 'Rekodi hii ilibadilishwa kwenye simu nyingine baada ya wewe kuifungua.',
} satisfies Catalogue<typeof recordVersionMessages>;

export const clientRecords = {
  badId: 'Kitambulisho cha rekodi lazima kiwe UUID.',
  badCapturedAt: 'Wakati wa kuhifadhi lazima uwe tarehe na saa, kama 2026-12-06T14:05:00+03:00.',
  capturedInFuture: 'Wakati wa kuhifadhi uko mbele ya saa ya seva. Angalia tarehe na saa ya simu.',
  capturedTooLongAgo: 'Rekodi ilihifadhiwa zaidi ya siku 60 zilizopita. Irekodi tena kwa taarifa za leo.',
  badDevice: 'Kitambulisho cha kifaa lazima kiwe herufi, tarakimu, nukta, vistari au mistari ya chini 1 hadi 64.',
  idTaken: 'Kitambulisho hiki cha rekodi ni cha rekodi nyingine. Irekodi tena ili kuituma.',
  sentWithOtherValues: 'Rekodi hii ilishatumwa ikiwa na taarifa nyingine. Hariri rekodi iliyotumwa badala yake.',
  deletedSinceSent: 'Rekodi hii ilifutwa baada ya kutumwa, kwa hiyo haikurekodiwa tena.',
} satisfies Catalogue<typeof clientRecordMessages>;

export const outbox = {
  buttonLabel: (waiting, problems) =>
    [waiting > 0 ? `${records(waiting)} zinasubiri kutumwa` : '', problems > 0 ? `${records(problems)} hazikukubaliwa` : '']
      .filter(Boolean)
      .join(', '),
  title: 'Rekodi kwenye simu hii',
  partNeedsConnection: 'Sehemu hii inahitaji mtandao. Itaonekana mtandao ukirudi.',
  needsConnection: 'Sehemu za ukurasa huu hazijawahi kusomwa kwenye simu hii. Zinahitaji mtandao, na zitaonekana mtandao ukirudi.',
  offline: (asOf) => (asOf ? `Hakuna mtandao: takwimu zinazoonyeshwa ni za ${asOf}, Kuku ilipofikiwa mara ya mwisho.` : 'Hakuna mtandao.'),
  asOfLines: (time) => ['hadi', time],
  waiting: (n) => (n === 0 ? 'Hakuna rekodi zinazosubiri kutumwa.' : `${records(n)} zinasubiri kutumwa.`),
  notInFigures: (n) =>
    n === 1 ? 'Rekodi 1 iliyohifadhiwa kwenye simu hii bado haimo kwenye takwimu hizi.' : `Rekodi ${n} zilizohifadhiwa kwenye simu hii bado hazimo kwenye takwimu hizi.`,
  waitingHint: 'Zinatumwa, ya zamani kwanza, mara mtandao unapopatikana. Acha Kuku wazi au uifungue tena ili kuzituma.',
  lastSent: (when) => `Ilitumwa kwa Kuku mara ya mwisho: ${when}.`,
  neverSent: 'Bado hakuna kilichotumwa kutoka simu hii.',
  sendNow: 'Tuma sasa',
  sending: 'Inatuma…',
  signInToSend: 'Ingia tena ili kuzituma: zinabaki kwenye simu hii hadi wakati huo.',
  problemsTitle: 'Hazikukubaliwa na Kuku',
  problemsHint: 'Kuku imekataa rekodi hizi. Hariri moja kuirekebisha, au jaribu tena tatizo likishatatuliwa.',
  retry: 'Jaribu tena',
  discard: 'Tupa',
  discarded: 'Rekodi imetupwa.',
  discardWaiting: 'Tupa rekodi hii',
  keep: 'Weka',
  capturedAt: (when) => `Ilihifadhiwa ${when}`,
  birdsWaiting: (change) => `Kuku ${signed(change)} wanasubiri kwenye simu hii kutumwa.`,
  olderVersion: 'Rekodi hii ilihifadhiwa na toleo la zamani la Kuku na haiwezi kutumwa. Irekodi tena.',
  changeOf: (summary) => `Badiliko: ${summary}`,
  deletionOf: (summary) => `Kufuta: ${summary}`,
  choicesTitle: 'Imebadilishwa kwenye simu nyingine',
  changedMeanwhileHint: 'Mtu amebadilisha rekodi hii kwenye simu nyingine baada ya wewe kuifungua. Chagua ipi ibaki.',
  theirs: (summary) => `Sasa kwenye Kuku: ${summary}`,
  mine: (summary) => `Yako: ${summary}`,
  keepMine: 'Baki na yangu',
  keepTheirs: 'Baki na yao',
  deleteAnyway: 'Ifute hata hivyo',
  keepIt: 'Iache',
  keptTheirs: 'Rekodi imebaki kama ilivyo kwenye Kuku.',
  edit: 'Hariri',
  sentBeforeChange: 'Rekodi hii ilifika Kuku kabla ya badiliko lako. Ifungue kwenye orodha yake ili kuibadilisha hapo.',
  cannotOpen: 'Rekodi hii haiwezi kufunguliwa kwenye simu hii: inachohitaji hakijawahi kusomwa hapa. Itupe na uirekodi tena, au jaribu tena ukiwa na mtandao.',
  close: 'Funga',
  kinds: {
    egg_production: 'Uzalishaji wa mayai',
    egg_adjustment: 'Marekebisho ya mayai',
    sale: 'Mauzo',
    expense: 'Matumizi',
    stock_removal: 'Kutoa bidhaa ghalani',
    vaccination: 'Chanjo',
    bird_count_change: 'Badiliko la idadi ya kuku',
  },
} satisfies Catalogue<typeof outboxWords>;
