/**
 * Kiswahili of onboarding-rules.ts (decision 068): one catalogue module per words module, so that a screen
 * asks for its words' catalogues in as few requests as its code came in.
 */
/** Kiswahili: the Getting Started checklist and the installable app (onboarding-rules.ts, install-rules.ts). */
import type { Catalogue } from '../common/words.js';
import type { onboardingMessages } from '../onboarding-rules.js';

export const onboarding = {
  title: 'Kuanza',
  welcome: 'Karibu Kuku! Andaa shamba lako kwa hatua sita: kila moja inakupeleka kwenye skrini unapoifanya.',
  help: 'Unahitaji msaada? ',
  contactUs: 'Wasiliana nasi',
  checklist: 'Orodha ya hatua za kuanza',
  progress: 'Maendeleo ya maandalizi',
  percentComplete: (percent) => `${percent}% imekamilika`,
  stepsDone: (done) => (done === 1 ? 'Hatua 1 kati ya 6 imekamilika' : `Hatua ${done} kati ya 6 zimekamilika`),
  stepOf: (step) => `Hatua ${step} kati ya 6`,
  markedAsDone: 'Imewekwa alama kuwa imekamilika',
  done: 'Imekamilika',
  reset: 'Anza maandalizi upya',
  congratulations: 'Hongera! Shamba lako limeandaliwa.',
  congratulationsText: 'Umekamilisha kila hatua. Sasa Kuku inahifadhi makundi, mayai, mauzo, matumizi, akiba na fedha zako mahali pamoja.',
  resetNote: 'Kuanza upya kunaondoa alama ulizoweka. Hatua zilizokamilishwa na rekodi za shamba lako zinabaki zimekamilika.',
  viewScreenshots: 'Tazama picha za skrini',
  viewScreenshotsOf: (title) => `Tazama picha za skrini za ${title}`,
  screenshotsOf: (title) => `Picha za skrini: ${title}`,
  screenshotAlt: (title) => `Skrini ya ${title} kwenye Kuku`,
  next: 'Inayofuata',
  previous: 'Iliyotangulia',
  close: 'Funga',
  screenshotCount: (index, total) => `${index + 1} kati ya ${total}`,
  loadFailed: 'Imeshindikana kuangalia rekodi za shamba lako. Hatua ulizowekea alama zinaonyeshwa.',
  steps: {
    flocks: {
      title: 'Usimamizi wa makundi',
      description: 'Ongeza kila kundi na aina ya kuku, umri na idadi ya kuku, kisha endelea kusasisha idadi na hali yake.',
      ctaText: 'Ongeza kundi',
      doneByData: 'Shamba lako lina kundi.',
      captions: ['Orodha ya makundi: aina ya kuku, umri, idadi ya kuku na hali ya kila kundi.', 'Ongeza kundi: jina, aina ya kuku, umri na idadi ya kuku.'],
    },
    eggs: {
      title: 'Uzalishaji wa mayai',
      description: 'Rekodi mayai unayokusanya kila siku kwa trei (tray) na mayai, pamoja na yaliyovunjika, yaliyotolewa bure au yaliyoliwa nyumbani.',
      ctaText: 'Rekodi mayai',
      doneByData: 'Shamba lako lina rekodi ya uzalishaji wa mayai.',
      captions: ['Uzalishaji wa mayai: mayai ya mwezi huu, trei (tray) na mayai yaliyopo.', 'Ongeza uzalishaji mpya: kundi, siku, trei (tray) na mayai.'],
    },
    sales: {
      title: 'Mauzo',
      description: 'Rekodi unachouza (mayai, vifaranga, mbolea), nani amelipa na kipi bado kinasubiri.',
      ctaText: 'Rekodi mauzo',
      doneByData: 'Shamba lako lina mauzo.',
      captions: ['Mauzo: mapato ya mwezi huu, yaliyolipwa na yanayosubiri.', 'Unda mauzo mapya: aina, idadi, bei na jinsi yalivyolipwa.'],
    },
    expenses: {
      title: 'Matumizi',
      description: 'Rekodi gharama za chakula cha kuku, daktari wa mifugo, usafiri na nyinginezo, na uweke bajeti ya kila mwezi kwa kila kundi.',
      ctaText: 'Ongeza matumizi',
      doneByData: 'Shamba lako lina matumizi.',
      captions: ['Matumizi: wiki hii, mwezi huu na bajeti iliyotumika.', 'Matumizi mapya: kundi, siku, kiasi na aina yake.'],
    },
    inventory: {
      title: 'Orodha ya bidhaa',
      description: 'Weka akiba ya chakula cha kuku, chanjo na vifaa, na kiwango cha kuagiza tena kinachokuonya kabla hazijaisha.',
      ctaText: 'Ongeza bidhaa',
      doneByData: 'Shamba lako lina bidhaa kwenye orodha ya bidhaa.',
      captions: ['Orodha ya bidhaa: thamani ya akiba yako na cha kuagiza tena.', 'Ongeza bidhaa mpya: idadi, kiwango cha kuagiza tena na gharama kwa kipimo.'],
    },
    reports: {
      title: 'Fedha na ripoti',
      description: 'Ona mapato, matumizi na faida halisi ya kila kundi, na upakue ripoti za rekodi zako.',
      ctaText: 'Tazama fedha',
      doneByData: 'Shamba lako lina ripoti.',
      captions: ['Dashibodi ya fedha: mapato, matumizi na faida halisi.', 'Ripoti: chagua tarehe na aina, kisha pakua.'],
    },
  },
} satisfies Catalogue<typeof onboardingMessages>;
