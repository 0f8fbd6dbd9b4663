/**
 * Kiswahili of profile-picture-rules.ts (decision 068): one catalogue module per words module, so that a screen
 * asks for its words' catalogues in as few requests as its code came in.
 */
/** Kiswahili: the profile screen and the profile picture (profile-rules.ts, profile-picture-rules.ts). */
import type { Catalogue } from '../common/words.js';
import type { profilePictureMessages, profilePictureUploadMessages } from '../profile-picture-rules.js';

export const profilePicture = {
  updated: 'Picha ya wasifu imesasishwa.',
  unreadableImage: 'Faili haikuweza kusomwa kama picha.',
  uploadFailed: (message) => `Imeshindikana kupakia picha ya wasifu: ${message}`,
  compressFailed: (message) => `Imeshindikana kupunguza ukubwa wa picha: ${message}`,
} satisfies Catalogue<typeof profilePictureMessages>;

export const profilePictureUpload = {
  missing: 'Chagua picha ya kupakia.',
  notAnImage: 'Faili hiyo si picha. Chagua picha (JPEG, PNG, WebP, GIF, AVIF au HEIF).',
  tooLarge: 'Picha ni kubwa kuliko MB 5. Chagua ndogo zaidi.',
  tooManyPixels: 'Picha ina pikseli nyingi mno kuchakatwa. Chagua ndogo zaidi.',
  oneOnly: 'Tuma picha moja tu.',
  notMultipart: 'Tuma picha kama faili iliyopakiwa (fomu ya multipart yenye sehemu profilePicture).',
  unreadable: 'Faili iliyopakiwa haikuweza kusomwa. Tafadhali jaribu tena.',
  notFound: 'Picha hiyo haipo.',
  tooManyUploads: 'Umebadilisha picha yako mara 10 ndani ya saa moja iliyopita. Tafadhali jaribu tena baadaye.',
} satisfies Catalogue<typeof profilePictureUploadMessages>;
