import pg from 'pg';
import { openDatabase } from '../db/client.js';
import { databaseUrlFor, TEMPLATE_DB } from './database.js';

/** On PostgreSQL, migrate a template once; each test file copies it (fast, isolated). */
export default async function setup(): Promise<void> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) return;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${TEMPLATE_DB}`);
  } finally {
    await admin.end();
  }
  const database = await openDatabase({ dataDir: 'memory://', databaseUrl: databaseUrlFor(adminUrl, TEMPLATE_DB), poolSize: 1 });
  await database.close();
}
