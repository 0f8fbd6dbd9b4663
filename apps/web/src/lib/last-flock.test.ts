import { describe, expect, it } from 'vitest';
import { preferredFlock, rememberFlock } from './last-flock';

const flocks = [{ id: 3 }, { id: 8 }, { id: 12 }];

describe('the flock last recorded for', () => {
  it('is offered first, to the person who recorded it only', () => {
    expect(preferredFlock(1, flocks)).toBe('');
    rememberFlock(1, 8);
    expect(preferredFlock(1, flocks)).toBe('8');
    expect(preferredFlock(2, flocks)).toBe('');
  });

  it('is not offered once the flock is gone; a farm of one flock gets it', () => {
    rememberFlock(1, 99);
    expect(preferredFlock(1, flocks)).toBe('');
    expect(preferredFlock(1, [{ id: 5 }])).toBe('5');
    expect(preferredFlock(undefined, flocks)).toBe('');
  });
});
