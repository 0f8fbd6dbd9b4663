import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { startNightlyBackups } from './db/embedded/backups.js';
import { openDatabase } from './db/client.js';
import { DataDirLockedError } from './db/embedded/data-dir-lock.js';

const startedAt = performance.now();

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    // A bad setting is the operator's to fix: one line naming it, no stack.
    process.stderr.write(`Kuku cannot start: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
  let database;
  try {
    database = await openDatabase({
      dataDir: config.dataDir,
      databaseUrl: config.databaseUrl,
      poolSize: config.databasePoolSize,
      // A server without its database answers nothing useful: stop, so the service manager restarts it.
      onFailure: (error) => {
        process.stderr.write(`Kuku stops: ${error.message}\n`);
        process.exit(1);
      },
    });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const app = await buildApp({ config, database });
  // The server holds the DATA_DIR lock, so npm run backup cannot run beside it: it backs itself up.
  const backups = database.kind === 'pglite' && !config.dataDir.startsWith('memory://') ? startNightlyBackups(database, config.dataDir, app.log) : null;
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    backups?.stop();
    // A backup being written finishes first: its database must not close under it.
    while (backups?.isBusy()) await new Promise((r) => setTimeout(r, 100));
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.mailer.start();
  app.smsOutbox.start();
  app.smsOutbox.kick();
  app.mailer.kick();
  app.reportJobs.start();
  app.paymentJobs.start();
  app.dailyNotifications.start();
  app.weeklySummaries.start();
  if (config.env === 'production') {
    // One line each, so an operator reading the start sees what is simulated or missing (decision 050).
    const simulated = [config.billing.mpesa.mode === 'simulator' && 'M-Pesa', config.billing.card.mode === 'simulator' && 'card'].filter(Boolean);
    if (simulated.length > 0) app.log.warn(`PAYMENT_SIMULATORS=on: ${simulated.join(' and ')} payments are simulated (no money moves), for clients on this machine only`);
    if (!config.billing.publicUrl) app.log.warn('PUBLIC_URL is not set: staff invitations are refused until it is (their links need the public address)');
  }
  app.log.info(
    { database: database.kind, dataDir: database.kind === 'pglite' ? config.dataDir : undefined, readyMs: Math.round(performance.now() - startedAt) },
    `Kuku is ready on http://localhost:${config.port}`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`Kuku failed to start: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
