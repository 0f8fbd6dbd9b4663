import path from 'node:path';
import { z } from 'zod';
import { serverRoot } from './paths.js';

// `data` at the repository's root, wherever the command runs from: `npm start` and the
// other npm scripts run inside apps/server, where a relative default would land.
const DEFAULT_DATA_DIR = path.resolve(serverRoot, '../..', 'data');

/** Where the user ran the command: npm scripts run in the workspace, npm keeps the caller's directory in INIT_CWD. */
function invokedFrom(env: NodeJS.ProcessEnv): string {
  return env.INIT_CWD || process.cwd();
}

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().optional(),
  DATABASE_URL: z.string().url().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Kuku <no-reply@kuku.farm>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Multiplies every auth rate limit: end-to-end suites register many users from one address.
  RATE_LIMIT_SCALE: z.coerce.number().min(0.01).max(1000).default(1),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  WEB_DIST: z.string().optional(),
  // Signs report download links; every process behind one load balancer needs the same one.
  REPORT_LINK_SECRET: z.string().min(32).optional(),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** A directory, or 'memory://' for a throwaway embedded database (tests). */
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  logLevel: string;
  rateLimitScale: number;
  trustProxy: boolean;
  /** The built web app to serve, or null to serve the API only. */
  webDist: string | null;
  /** Else one is made once and kept in DATA_DIR (decision 031). */
  reportLinkSecret: string | undefined;
};

/** Reads the environment once; a bad value stops the start with a clear line. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR?.startsWith('memory://') ? e.DATA_DIR : e.DATA_DIR ? path.resolve(invokedFrom(env), e.DATA_DIR) : DEFAULT_DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    logLevel: e.LOG_LEVEL,
    rateLimitScale: e.RATE_LIMIT_SCALE,
    trustProxy: e.TRUST_PROXY,
    webDist: e.WEB_DIST ?? path.resolve(serverRoot, '../web/dist'),
    reportLinkSecret: e.REPORT_LINK_SECRET,
  };
}
