import { describe, expect, it } from 'vitest';
import { formatCompact, formatCount } from './numbers.js';

describe('formatCount', () => {
  it('groups thousands as en-KE writes them', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(12345)).toBe('12,345');
    expect(formatCount(1234567)).toBe('1,234,567');
  });
});

describe('formatCompact', () => {
  it('shortens thousands and millions to one decimal at most', () => {
    expect(formatCompact(0)).toBe('0');
    expect(formatCompact(950)).toBe('950');
    expect(formatCompact(12500)).toBe('12.5K');
    expect(formatCompact(12000)).toBe('12K');
    expect(formatCompact(2_000_000)).toBe('2M');
  });
});
