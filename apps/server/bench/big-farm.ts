import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../src/db/client.js';
import { farmMembers, users } from '../src/db/schema/index.js';
import { register } from '../src/features/auth/service.js';
import { seedFarmData } from '../src/scripts/farm-data.js';

export const BIG_FARM = { flocks: 1_000, vaccinationsPerFlock: 50 } as const;

/**
 * A farm of 1,000 flocks and 50,000 vaccinations (8 standard + 42 custom per
 * flock), written straight into the stopped server's database; answers the
 * login of its verified owner.
 */
export async function seedBigFarm(dataDir: string, databaseUrl: string | undefined): Promise<{ identifier: string; password: string; vaccinations: number }> {
  const database = await openDatabase({ dataDir, databaseUrl });
  try {
    const suffix = randomBytes(4).toString('hex');
    const input = { username: `bigfarm_${suffix}`, email: `bigfarm-${suffix}@kuku.test`, password: randomBytes(12).toString('base64url') };
    await register(database.db, input);
    const [owner] = await database.db
      .update(users)
      .set({ emailVerified: true })
      .where(eq(users.email, input.email))
      .returning({ id: users.id });
    if (!owner) throw new Error('big farm owner missing');
    const [member] = await database.db.select().from(farmMembers).where(eq(farmMembers.userId, owner.id));
    if (!member) throw new Error('big farm has no farm');
    const seeded = await seedFarmData(database.db, member.farmId, owner.id, {
      flocks: BIG_FARM.flocks,
      years: 10,
      extraVaccinationsPerFlock: BIG_FARM.vaccinationsPerFlock - 8,
    });
    return { identifier: input.username, password: input.password, vaccinations: seeded.vaccinations };
  } finally {
    await database.close();
  }
}

export async function loginBenchUser(baseUrl: string, identifier: string, password: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identifier, password }),
  });
  const body = (await res.json()) as { token?: string };
  if (!res.ok || !body.token) throw new Error(`big farm login answered ${res.status}`);
  return body.token;
}
