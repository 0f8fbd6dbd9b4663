import { describe, expect, it } from 'vitest';
import { createFlockSchema, updateFlockSchema } from './flocks.js';
import { routePermission } from './staff-rules.js';
import { binCountsText, confirmsFlockName } from './flock-bin-rules.js';
import { flocksForChoice } from './flock-order.js';
import {
  ageGroup,
  asksForEverything,
  BIRD_COUNT_MAX,
  currentAgeWeeks,
  mortalityDisplay,
  mortalityRate,
  reasonsForChange,
} from './flocks-rules.js';
import { birdCountUpdatedMessage, flockAddedMessage, flockMessages, flockStatusUpdatedMessage, reasonMismatch } from './flock-messages.js';

describe('age (docs/product.md §9 Age groups)', () => {
  it.each([
    [0, 'Chicks'],
    [5, 'Chicks'],
    [6, 'Growers'],
    [17, 'Growers'],
    [18, 'Pullets'],
    [51, 'Pullets'],
    [52, 'Mature'],
    [300, 'Mature'],
  ] as const)('%i weeks is %s', (weeks, group) => {
    expect(ageGroup(weeks)).toBe(group);
  });

  it('grows week by week from the age at adding', () => {
    const added = new Date('2026-01-01T10:00:00Z');
    expect(currentAgeWeeks(4, added, new Date('2026-01-07T23:00:00Z'))).toBe(4);
    expect(currentAgeWeeks(4, added, new Date('2026-01-08T10:00:00Z'))).toBe(5);
    expect(currentAgeWeeks(4, added, new Date('2026-03-01T10:00:00Z'))).toBe(12);
    expect(currentAgeWeeks(4, added, new Date('2025-12-01T10:00:00Z'))).toBe(4);
  });
});

describe('mortality', () => {
  it('is deaths over the initial count', () => {
    expect(mortalityRate(10, 200)).toBe(5);
    expect(mortalityRate(0, 0)).toBe(0);
  });
  it("shows 2 decimals, or 'No mortalities recorded !!' at 0.00", () => {
    expect(mortalityDisplay(0)).toEqual({ text: 'No mortalities recorded !!', tone: 'good' });
    expect(mortalityDisplay(0.004)).toEqual({ text: 'No mortalities recorded !!', tone: 'good' });
    expect(mortalityDisplay(2.5)).toEqual({ text: '2.50%', tone: 'bad' });
  });
});

describe('messages', () => {
  it('words the toasts as docs/product.md §8 does', () => {
    expect(flockAddedMessage('Batch 1')).toBe('The flock "Batch 1" has been successfully added.');
    expect(birdCountUpdatedMessage(480)).toBe('Bird count updated to 480.');
    expect(flockStatusUpdatedMessage('archived')).toBe('Flock status updated to Archived.');
  });
});

describe('flock add (docs/product.md §5)', () => {
  const good = { name: 'House A', breed: 'Layers', age: 0, initial_bird_count: 1, bird_count: 0, status: 'chicks' };
  const message = (input: unknown) => createFlockSchema.safeParse(input).error?.issues[0]?.message;

  it('accepts the limits', () => {
    expect(createFlockSchema.safeParse(good).success).toBe(true);
  });
  it.each([
    [{ name: '   ' }, flockMessages.nameRequired],
    [{ breed: 'Kienyeji' }, flockMessages.breedRequired],
    [{ age: -1 }, flockMessages.ageMin],
    [{ initial_bird_count: 0 }, flockMessages.initialCountMin],
    [{ bird_count: -1 }, flockMessages.birdCountNegative],
    [{ status: 'mature' }, flockMessages.statusRequired],
  ])('refuses %j', (change, expected) => {
    expect(message({ ...good, ...change })).toBe(expected);
  });
  it("says 'Bird count cannot be negative.' on an update", () => {
    expect(updateFlockSchema.safeParse({ bird_count: -5 }).error?.issues[0]?.message).toBe('Bird count cannot be negative.');
    expect(updateFlockSchema.safeParse({}).error?.issues[0]?.message).toBe(flockMessages.nothingToUpdate);
  });
});

describe('a bird-count change and its reason', () => {
  it('offers for a fall the reasons that take birds away, for a rise those that bring them', () => {
    expect(reasonsForChange(-3)).toEqual(['mortality', 'sold', 'culled', 'correction']);
    expect(reasonsForChange(9656)).toEqual(['added', 'correction']);
    expect(reasonsForChange(0)).toEqual(['mortality', 'sold', 'culled', 'added', 'correction']);
  });
  it('refuses a death, a sale or a cull that raises the count, and birds added that lower it', () => {
    expect(reasonMismatch('mortality', 9656)).toBe(flockMessages.reasonLowers('Mortality (deaths)'));
    expect(reasonMismatch('sold', 1)).toBe(flockMessages.reasonLowers('Sold'));
    expect(reasonMismatch('added', -1)).toBe(flockMessages.reasonRaises);
    expect(reasonMismatch('correction', 5)).toBeNull();
    expect(reasonMismatch('correction', -5)).toBeNull();
    expect(reasonMismatch('mortality', -5)).toBeNull();
    expect(reasonMismatch('mortality', 0)).toBeNull();
  });
});

describe('the order of a flock select', () => {
  it('lists flocks in use first, archived last, each as a farmer counts', () => {
    const flocks = [
      { name: 'batch 12', status: 'active' },
      { name: 'Archived 1', status: 'archived' },
      { name: 'Batch 4', status: 'growing' },
      { name: 'batch 10', status: 'archived' },
      { name: 'batch 2', status: 'mature' },
    ];
    expect(flocksForChoice(flocks).map((f) => f.name)).toEqual(['batch 2', 'Batch 4', 'batch 12', 'Archived 1', 'batch 10']);
    expect(flocks[0]?.name).toBe('batch 12');
  });
});

describe('flock messages', () => {
  it('writes the bird-count maximum as en-KE does', () => {
    expect(flockMessages.countMax).toBe(`Bird count must be at most ${BIRD_COUNT_MAX.toLocaleString('en-KE')}.`);
  });
});

describe('the flock bin words and rules', () => {
  it('confirms a flock name typed as a person reads it, never an empty one', () => {
    expect(confirmsFlockName('  layers   HOUSE a ', 'Layers house A')).toBe(true);
    expect(confirmsFlockName('Layers house', 'Layers house A')).toBe(false);
    expect(confirmsFlockName('   ', '')).toBe(false);
  });

  it('asks for the owner when a delete asks for everything, whatever its spelling', () => {
    expect(asksForEverything({})).toBe(false);
    expect(asksForEverything({ everything: 'false' })).toBe(false);
    expect(asksForEverything({ everything: 'NO' })).toBe(false);
    expect(asksForEverything({ everything: 'true' })).toBe(true);
    expect(asksForEverything({ everything: 'maybe' })).toBe(true);
    expect(routePermission('DELETE /api/flocks/:id', undefined, { everything: 'Yes' })).toBe('flocks.erase');
    expect(routePermission('DELETE /api/flocks/:id', undefined, { everything: '0' })).toBe('flocks.write');
    expect(routePermission('DELETE /api/flocks/:id', undefined, undefined)).toBe('flocks.write');
  });

  it('says what went with a deleted flock, one and many', () => {
    expect(binCountsText({ sales: 1, egg_productions: 3, vaccinations: 0 })).toBe('3 egg records, 1 sale');
    expect(binCountsText({})).toBe('No records');
  });
});
