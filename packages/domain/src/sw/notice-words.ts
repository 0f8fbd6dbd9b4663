/** Kiswahili of notice-words.ts (decision 068): the frame of a notice sent by email or SMS. */
import type { Catalogue } from '../common/words.js';
import type { noticeWords as english } from '../notice-words.js';

export const noticeWords = {
  kinds: {
    vaccinations: 'Chanjo zinazotarajiwa au zilizochelewa',
    lowStock: 'Akiba chini ya kiwango cha kuagiza',
    budget: 'Bajeti iliyozidi',
    payments: 'Malipo yaliyopokelewa au yaliyoshindikana',
    subscription: 'Majaribio au usajili unaoisha',
    staff: 'Wafanyakazi wanaojiunga na shamba',
    flockGuide: 'Kundi chini ya mwongozo wa aina yake',
    reports: 'Ripoti zilizo tayari',
    stockCounts: 'Hesabu za akiba zenye pengo',
    weeklySummary: 'Muhtasari wa kila wiki wa mmiliki',
  },
  channels: { push: 'Arifa ya simu', mail: 'Barua pepe', sms: 'SMS' },
  mailSubject: (title, farm) => `${title} · ${farm}`,
  mailFarm: (farm) => `Kuku · ${farm}`,
  openInKuku: 'Fungua kwenye Kuku',
  mailWhy: (kind) => `Unapata barua pepe hii kwa sababu "${kind}" imewashwa kwenye wasifu wako wa Kuku.`,
  unsubscribe: 'Acha barua pepe hizi',
  changeChoices: 'Chagua Kuku ikutumie nini kwenye Wasifu wangu',
  unsubscribeTitle: 'Acha barua pepe hizi',
  unsubscribeAsk: (kind, email) => `Uache kutuma barua pepe kuhusu "${kind}" kwa ${email}? Bado utaziona kwenye Kuku.`,
  unsubscribeButton: 'Acha barua pepe hizi',
  unsubscribedTitle: 'Barua pepe zimesimamishwa',
  unsubscribed: (kind, email) => `${email} haitapata tena barua pepe kuhusu "${kind}". Unaweza kuziwasha tena kwenye Wasifu wangu.`,
  linkInvalidTitle: 'Kiungo hiki hakifanyi kazi',
  linkInvalid: 'Kiungo hiki cha kuacha barua pepe si sahihi. Fungua barua pepe mpya zaidi kutoka Kuku, au chagua Kuku ikutumie nini kwenye Wasifu wangu.',
  linkExpired: 'Muda wa kiungo hiki cha kuacha barua pepe umeisha. Fungua barua pepe mpya zaidi kutoka Kuku, au chagua Kuku ikutumie nini kwenye Wasifu wangu.',
  smsNeedsConfirmedPhone: 'Thibitisha nambari yako ya simu kwenye Wasifu wangu kabla ya kuchagua SMS.',
} satisfies Catalogue<typeof english>;
