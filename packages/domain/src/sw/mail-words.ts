/**
 * Kiswahili of mail-words.ts (decision 068): one catalogue module per words module, so that a screen
 * asks for its words' catalogues in as few requests as its code came in.
 */
/** Kiswahili: the mails Kuku sends (mail-words.ts). */
import type { Catalogue } from '../common/words.js';
import type { mailWords } from '../mail-words.js';

export const mail = {
  hello: (name) => `Habari ${name},`,
  yourCode: (code) => `Nambari yako: ${code}`,
  codeExpires: (minutes) => `Itaisha muda baada ya dakika ${minutes}. Kama hukuiomba, unaweza kupuuza barua pepe hii.`,
  signature: 'Kuku — usimamizi wa shamba la kuku',
  verificationSubject: 'Nambari yako ya uthibitisho ya Kuku',
  verificationIntro: 'Weka nambari hii ili kuthibitisha barua pepe yako na kumaliza kufungua akaunti yako ya Kuku.',
  resetSubject: 'Nambari yako ya kubadilisha nenosiri la Kuku',
  resetIntro: 'Weka nambari hii ili kuchagua nenosiri jipya la akaunti yako ya Kuku.',
  emailChangeSubject: 'Nambari yako ya kubadilisha barua pepe ya Kuku',
  emailChangeIntro: 'Weka nambari hii kwenye Wasifu wangu ili hii iwe barua pepe ya akaunti yako ya Kuku.',
  emailChangedSubject: 'Barua pepe yako ya Kuku imebadilishwa',
  emailChanged: (email, when) =>
    `Barua pepe ya akaunti yako ya Kuku ilibadilishwa kuwa ${email} tarehe ${when}, na vifaa vingine vyote vimetolewa kwenye akaunti.`,
  emailChangedByYou: 'Kama ni wewe, hakuna cha kufanya.',
  emailChangedNotByYou:
    'Kama si wewe, jibu barua pepe hii mara moja: mtu aliyejua nenosiri lako, au aliyeshika simu yako ikiwa imeingia, ameibadilisha, na tutakusaidia kurudisha akaunti yako. Usimpe mtu yeyote nambari tunayokutumia.',
  invitationSubject: (farm) => `Umealikwa kwenye ${farm} kwenye Kuku`,
  invitationIntro: (invitedBy, farm, role) => `${invitedBy} amekuongeza kwenye ${farm} kwenye Kuku kama ${role}.`,
  invitationStep: (link, username) => `Fungua ${link}, weka nambari iliyo hapa chini kisha uchague nenosiri lako. Jina lako la mtumiaji ni ${username}.`,
  invitationExpires: (days) => `Itaisha muda baada ya siku ${days}. Kama hukuitarajia, unaweza kupuuza barua pepe hii.`,
} satisfies Catalogue<typeof mailWords>;
