/**
 * Kiswahili of contact-rules.ts (decision 068): one catalogue module per words module, so that a screen
 * asks for its words' catalogues in as few requests as its code came in.
 */
/** Kiswahili: the contact form and the support chat (contact-rules.ts, support-chat-words.ts). */
import type { Catalogue } from '../common/words.js';
import type { contactMessages } from '../contact-rules.js';

export const contact = {
  title: 'Wasiliana nasi',
  intro: 'Una maswali kuhusu rekodi za shamba lako, malipo au jambo lingine? Tuandikie nasi tutakujibu kwa barua pepe.',
  name: 'Jina',
  email: 'Barua pepe',
  message: 'Ujumbe',
  send: 'Tuma ujumbe',
  sending: 'Inatuma...',
  sent: 'Asante! Ujumbe wako umetumwa. Tutakujibu hivi punde!',
  failed: 'Samahani! Kuna hitilafu. Tafadhali jaribu tena baadaye.',
  nameRequired: 'Jina linahitajika',
  nameTooLong: 'Jina lisizidi herufi 100.',
  emailRequired: 'Barua pepe inahitajika',
  emailInvalid: 'Weka barua pepe sahihi.',
  messageRequired: 'Ujumbe unahitajika',
  messageTooLong: 'Ujumbe usizidi herufi 5,000.',
  tooMany: 'Umetuma jumbe kadhaa kwa muda mfupi. Tafadhali subiri kidogo kabla ya kutuma mwingine.',
} satisfies Catalogue<typeof contactMessages>;
