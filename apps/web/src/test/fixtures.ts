import type { FeedRecord, Flock, FlockEconomics, User, Vaccination, Weighing } from '@kuku/domain';
import { OUTBOX_VERSION, type OutboxEntry } from '../outbox/entry';

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 1,
    username: 'jane',
    email: 'jane@example.com',
    profile_picture: null,
    phone_number: '254712345678',
    status: 'active',
    created_at: '2025-01-10T08:00:00.000Z',
    email_verified: true,
    has_password: true,
    language: null,
    trial_start_date: '2025-01-10T08:00:00.000Z',
    trial_ends_at: '2025-02-09T08:00:00.000Z',
    is_trial_active: true,
    needs_subscription_renewal: false,
    payment_status: 'trial',
    subscription: { status: 'trialing', period_ends_at: '2025-02-09T08:00:00.000Z' },
    role: 'owner',
    farm: { id: 1, name: "Jane's Farm", time_zone: 'Africa/Nairobi' },
    ...overrides,
  };
}

/** A flock as the API answers it; tests override what they look at. */
export function makeFlock(overrides: Partial<Flock> = {}): Flock {
  return {
    id: 7,
    name: 'Shamba A',
    breed: 'Layers',
    age: 20,
    age_group: 'Pullets',
    initial_bird_count: 500,
    bird_count: 480,
    status: 'growing',
    mortality_rate: 4,
    health: 'Healthy',
    created_at: '2026-11-01T08:00:00.000Z',
    created_by_name: 'jane',
    updated_by_name: 'jane',
    ...overrides,
  };
}

/** A vaccination as the API answers it: Gumboro for Layers A, overdue, on 05 Mar 2026 13:05 in Nairobi (10:05 UTC). */
export function makeVaccination(overrides: Partial<Vaccination> = {}): Vaccination {
  return {
    id: 31,
    flock_id: 7,
    flock_name: 'Layers A',
    user_id: 1,
    vaccine_name: 'Gumboro',
    date: '2026-03-05T10:05:00.000Z',
    status: 'Pending',
    mode_of_administration: 'Oral',
    due: 'overdue',
    created_at: '2026-03-01T10:00:00.000Z',
    updated_at: '2026-03-01T10:00:00.000Z',
    created_by_name: 'jane',
    updated_by_name: 'peter',
    ...overrides,
  };
}

/** A record waiting on the phone (outbox/): a new egg record of farm 1, not yet tried. */
export function makeOutboxEntry(overrides: Partial<OutboxEntry> = {}): OutboxEntry {
  return {
    v: OUTBOX_VERSION,
    id: crypto.randomUUID(),
    farmId: 1,
    kind: 'egg_production',
    method: 'POST',
    path: '/egg-productions',
    body: { flock_id: 7 },
    version: null,
    capturedAt: '2026-12-07T05:00:00.000Z',
    deviceId: 'phone',
    seq: 0,
    summary: 'Egg production · 07 Dec 2026 · 300 eggs',
    attempts: 0,
    nextTryAt: 0,
    problem: null,
    ...overrides,
  };
}

/** A feed record of flock 7 (decision 070): 2 bags of 70 kg. */
export function makeFeedRecord(overrides: Partial<FeedRecord> = {}): FeedRecord {
  return {
    id: 90,
    flock_id: 7,
    flock_name: 'Shamba A',
    item_id: 31,
    item_name: 'Layers mash',
    unit: 'bags',
    date: '2026-12-01',
    quantity: 2,
    kg: 140,
    cost_cents: 700_000,
    cost: 7000,
    movement_id: 5,
    created_at: '2026-12-01T08:00:00.000Z',
    updated_at: '2026-12-01T08:00:00.000Z',
    created_by_name: 'jane',
    updated_by_name: 'jane',
    ...overrides,
  };
}

/** A laying flock's economics (decision 071) as the owner reads them; a broiler's with `broilerEconomics`. */
export function makeFlockEconomics(overrides: Partial<FlockEconomics> = {}): FlockEconomics {
  return {
    flock_id: 7,
    flock_name: 'Shamba A',
    breed: 'Layers',
    kind: 'layers',
    start_date: '2026-12-01',
    end_date: '2026-12-07',
    days: 7,
    feed_records: 12,
    egg_records: 30,
    weighings: 0,
    feed_kg: 420,
    feed_cost_cents: 2_100_000,
    layers: {
      hen_day_percent: 82.5,
      eggs_per_day: 396,
      trays_per_day: 13.2,
      feed_per_bird_day_grams: 118,
      feed_per_tray_kg: 4.55,
      feed_cost_per_tray_cents: 22_727,
      cost_per_tray_cents: 25_000,
      price_per_tray_cents: 42_000,
      margin_per_tray_cents: 17_000,
    },
    broilers: null,
    ...overrides,
  };
}

export function makeBroilerEconomics(overrides: Partial<FlockEconomics> = {}): FlockEconomics {
  return makeFlockEconomics({
    breed: 'Broilers',
    kind: 'broilers',
    feed_records: 5,
    egg_records: 0,
    weighings: 2,
    layers: null,
    broilers: {
      mortality_percent: 3.5,
      average_weight_kg: 2.105,
      live_weight_kg: 2031.3,
      feed_conversion_ratio: 1.62,
      production_efficiency: 352,
      cost_per_kg_cents: 21_050,
      revenue_per_kg_cents: null,
      sales_cents: 0,
      profit_cents: -42_759_000,
    },
    ...overrides,
  });
}

export function makeWeighing(overrides: Partial<Weighing> = {}): Weighing {
  return {
    id: 40,
    flock_id: 7,
    date: '2026-12-05',
    birds: 20,
    total_kg: 42.1,
    average_kg: 2.105,
    created_at: '2026-12-05T08:00:00.000Z',
    ...overrides,
  };
}
