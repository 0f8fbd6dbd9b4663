/**
 * How many SMS parts a text costs (docs/integrations.md §8): a text in the GSM-7 alphabet holds
 * 160 characters, or 153 a part once split (the rest carries the join header); any other
 * character makes the whole text UCS-2, 70 characters, or 67 a part. Kiswahili is all GSM-7; an
 * emoji or a curly quote is not.
 */

export type SmsEncoding = 'GSM-7' | 'UCS-2';

export interface SmsParts {
  encoding: SmsEncoding;
  /** GSM-7 septets (an extension character counts 2) or UTF-16 code units (an emoji counts 2). */
  length: number;
  /** 0 for an empty text. */
  parts: number;
}

// GSM 03.38's basic set (without the escape) and its extension table, whose characters take two septets.
const GSM_BASIC = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);
const GSM_EXTENSION = new Set('^{}\\[~]|€\f');

export const SMS_LIMITS = {
  'GSM-7': { single: 160, part: 153 },
  'UCS-2': { single: 70, part: 67 },
} as const;

export function smsParts(text: string): SmsParts {
  let septets = 0;
  let gsm = true;
  for (const char of text) {
    if (GSM_BASIC.has(char)) septets += 1;
    else if (GSM_EXTENSION.has(char)) septets += 2;
    else {
      gsm = false;
      break;
    }
  }
  const encoding: SmsEncoding = gsm ? 'GSM-7' : 'UCS-2';
  const length = gsm ? septets : text.length;
  const limit = SMS_LIMITS[encoding];
  const parts = length === 0 ? 0 : length <= limit.single ? 1 : Math.ceil(length / limit.part);
  return { encoding, length, parts };
}
