import type { FastifyInstance, RouteOptions } from 'fastify';
import { buildApp } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import type { MailTransport } from '../integrations/mail/transport.js';
import { openTestDatabase } from './database.js';
import { closeWithFile } from './open-apps.js';

export interface TestAppOptions {
  env?: Record<string, string>;
  mailTransport?: MailTransport;
  /** Sees every route as it is added (the security suites list the API with it). */
  onRoute?: (route: RouteOptions) => void;
}

/**
 * The production app on a fresh database, closed after the file's tests.
 * Rate limits are scaled up unless a test sets RATE_LIMIT_SCALE itself.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<FastifyInstance> {
  const config: Config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: 'memory://',
    RATE_LIMIT_SCALE: '100',
    WEB_DIST: '/nonexistent',
    ...options.env,
  });
  const database = await openTestDatabase();
  const app = await buildApp({ config, database, mailTransport: options.mailTransport, onRoute: options.onRoute });
  await app.ready();
  closeWithFile(async () => {
    await app.close();
    await database.close();
  });
  return app;
}
