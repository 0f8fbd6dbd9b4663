import { describe, expect, it } from 'vitest';
import { broilerFigures, layerFigures, type BroilerSums, type LayerSums } from './economics-rules.js';

// Hand-worked examples (decision 071): 500 hens for 30 days, 115 g a bird a day of layers mash at
// Ksh 3,200 a 70 kg bag; a broiler batch of 1,000 at 35 days.
const layers: LayerSums = {
  eggs: 12_750,
  henDays: 15_000,
  eggRecords: 30,
  feedKg: 1_725,
  feedCostCents: 7_885_714,
  feedRecords: 30,
  otherCostCents: 850_000,
  eggsSold: 11_700,
  eggSalesCents: 17_550_000,
};

describe('layerFigures', () => {
  it('works out a month of a laying flock', () => {
    expect(layerFigures(layers, 30)).toEqual({
      henDayPercent: 85, // 12,750 eggs ÷ 15,000 hen-days
      eggsPerDay: 425,
      traysPerDay: 14.2, // 425 trays ÷ 30 days = 14.17
      feedPerBirdDayGrams: 115, // 1,725,000 g ÷ 15,000 hen-days
      feedPerTrayKg: 4.06, // 1,725 kg ÷ 425 trays = 4.0588
      feedCostPerTrayCents: 18_555, // Ksh 78,857.14 ÷ 425 = Ksh 185.546
      costPerTrayCents: 20_555, // + Ksh 8,500 ÷ 425 = Ksh 20
      pricePerTrayCents: 45_000, // Ksh 175,500 ÷ 390 trays sold
      marginPerTrayCents: 24_445,
    });
  });

  it('shows no figure whose records are missing, never 0', () => {
    const noFeed = layerFigures({ ...layers, feedRecords: 0, feedKg: 0, feedCostCents: 0 }, 30);
    expect(noFeed).toMatchObject({ henDayPercent: 85, feedPerBirdDayGrams: null, feedPerTrayKg: null, feedCostPerTrayCents: null, costPerTrayCents: null, marginPerTrayCents: null });
    expect(noFeed.pricePerTrayCents).toBe(45_000);
    const noEggs = layerFigures({ ...layers, eggs: 0, eggRecords: 0, eggsSold: 0, eggSalesCents: 0 }, 30);
    expect(noEggs).toMatchObject({ henDayPercent: null, eggsPerDay: null, feedPerTrayKg: null, costPerTrayCents: null, pricePerTrayCents: null });
    expect(noEggs.feedPerBirdDayGrams).toBe(115);
    // A feed item without its unit's weight: the cost is known, the kilos are not.
    const noWeight = layerFigures({ ...layers, feedKg: null }, 30);
    expect(noWeight).toMatchObject({ feedPerBirdDayGrams: null, feedPerTrayKg: null, feedCostPerTrayCents: 18_555 });
    expect(layerFigures({ ...layers, henDays: 0 }, 30).henDayPercent).toBeNull();
  });

  it('waits for a flock coming into lay before its tray figures', () => {
    // 20 eggs over 15,000 hen-days (0.1 %): 1,725 kg of feed over two thirds of a tray.
    const starting = layerFigures({ ...layers, eggs: 20, eggRecords: 3 }, 30);
    expect(starting).toMatchObject({ henDayPercent: 0.1, feedPerTrayKg: null, feedCostPerTrayCents: null, costPerTrayCents: null, marginPerTrayCents: null });
    expect(starting.feedPerBirdDayGrams).toBe(115);
    expect(layerFigures({ ...layers, eggs: 750 }, 30).feedPerTrayKg).toBe(69); // 5 %: in lay
  });

  it('counts a loss as a negative margin', () => {
    expect(layerFigures({ ...layers, eggSalesCents: 7_800_000 }, 30).marginPerTrayCents).toBe(20_000 - 20_555);
  });
});

const broilers: BroilerSums = {
  birdsPlaced: 1_000,
  birdsAlive: 960,
  deaths: 40,
  birdsSold: 0,
  ageDays: 35,
  weighing: { birds: 20, totalKg: 44 },
  soldKg: 0,
  soldWeighedBirds: 0,
  birdSalesCents: 0,
  salesCents: 0,
  feedKg: 3_312,
  feedCostCents: 23_846_400, // Ksh 72 a kg
  feedRecords: 35,
  otherCostCents: 6_000_000,
};

describe('broilerFigures', () => {
  it('works out a batch at 35 days', () => {
    expect(broilerFigures(broilers)).toEqual({
      mortalityPercent: 4,
      averageWeightKg: 2.2, // 44 kg ÷ 20 birds
      liveWeightKg: 2_112, // 960 × 2.2
      feedConversionRatio: 1.6, // 3,312 kg ÷ (2,112 − 1,000 × 0.042) kg
      productionEfficiency: 377, // 96 % × 2.2 kg × 100 ÷ (35 days × 1.6)
      costPerKgCents: 14_132, // Ksh 298,464 ÷ 2,112 kg
      revenuePerKgCents: null,
      salesCents: 0,
      profitCents: -29_846_400, // nothing sold yet: its costs so far
    });
  });

  it('works out a batch sold out, from the weight sold', () => {
    const sold = broilerFigures({
      ...broilers,
      birdsAlive: 0,
      birdsSold: 960,
      weighing: null,
      soldKg: 2_112,
      soldWeighedBirds: 960,
      birdSalesCents: 80_256_000,
      salesCents: 80_556_000, // and Ksh 3,000 of manure
    });
    expect(sold).toMatchObject({ liveWeightKg: 2_112, feedConversionRatio: 1.6, productionEfficiency: 377, revenuePerKgCents: 38_000, averageWeightKg: null });
    // Ksh 805,560 sold less Ksh 238,464 of feed and Ksh 60,000 of other costs.
    expect(sold.profitCents).toBe(50_709_600);
  });

  it('weighs birds sold without a weight at the latest average', () => {
    // 500 sold by the bird, 460 alive: all 960 at 2.2 kg.
    const part = broilerFigures({ ...broilers, birdsAlive: 460, birdsSold: 500 });
    expect(part).toMatchObject({ liveWeightKg: 2_112, feedConversionRatio: 1.6, revenuePerKgCents: null });
    // 500 sold by the kg (1,050 kg), 460 alive at 2.2 kg.
    expect(broilerFigures({ ...broilers, birdsAlive: 460, birdsSold: 500, soldKg: 1_050, soldWeighedBirds: 500, birdSalesCents: 36_750_000 })).toMatchObject({
      liveWeightKg: 2_062, // 460 × 2.2 + 1,050
      revenuePerKgCents: 35_000,
    });
    // Sold out, some unweighed, no weighing: no live weight to say.
    expect(broilerFigures({ ...broilers, birdsAlive: 0, birdsSold: 960, weighing: null, soldKg: 1_050, soldWeighedBirds: 500 }).liveWeightKg).toBeNull();
  });

  it('shows no figure whose records are missing', () => {
    expect(broilerFigures({ ...broilers, weighing: null })).toMatchObject({ averageWeightKg: null, liveWeightKg: null, feedConversionRatio: null, productionEfficiency: null, costPerKgCents: null });
    expect(broilerFigures({ ...broilers, feedRecords: 0, feedKg: 0 })).toMatchObject({ feedConversionRatio: null, productionEfficiency: null, costPerKgCents: null, liveWeightKg: 2_112, profitCents: null });
    expect(broilerFigures({ ...broilers, birdsPlaced: 0, deaths: 0 }).mortalityPercent).toBeNull();
  });
});
