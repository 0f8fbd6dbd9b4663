import { describe, expect, it } from 'vitest';
import { smsParts } from './sms-rules.js';

describe('smsParts', () => {
  it.each([
    ['', 'GSM-7', 0, 0],
    ['Chanjo ya Gumboro kesho saa mbili asubuhi.', 'GSM-7', 42, 1],
    ['a'.repeat(160), 'GSM-7', 160, 1],
    ['a'.repeat(161), 'GSM-7', 161, 2],
    ['a'.repeat(306), 'GSM-7', 306, 2],
    ['a'.repeat(307), 'GSM-7', 307, 3],
    // An extension character takes two septets: 80 of them fill one part.
    ['€'.repeat(80), 'GSM-7', 160, 1],
    ['[' + 'a'.repeat(159), 'GSM-7', 161, 2],
    ['Bei: KES 1,250/= (mayai 30) @ shamba', 'GSM-7', 36, 1],
    ['Habari 🐔', 'UCS-2', 9, 1],
    ['It’s time', 'UCS-2', 9, 1],
    ['“Kuku”', 'UCS-2', 6, 1],
    ['’' + 'a'.repeat(69), 'UCS-2', 70, 1],
    ['’' + 'a'.repeat(70), 'UCS-2', 71, 2],
    ['’' + 'a'.repeat(134), 'UCS-2', 135, 3],
  ])('%j is %s, %i long, %i parts', (text, encoding, length, parts) => {
    expect(smsParts(text)).toEqual({ encoding, length, parts });
  });
});
