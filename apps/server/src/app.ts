import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config, ProviderMode, TrustProxy } from './config.js';
import type { Database, Db } from './db/client.js';
import { createAfterAnswer, type AfterAnswer } from './features/auth/after-answer.js';
import { authRoutes } from './features/auth/routes.js';
import { devOutboxRoutes } from './features/dev-outbox/routes.js';
import { flockRoutes } from './features/flocks/routes.js';
import { healthRoutes } from './features/health/routes.js';
import { profileRoutes } from './features/profile/routes.js';
import { vaccinationRoutes } from './features/vaccinations/routes.js';
import { eggRoutes } from './features/eggs/routes.js';
import { saleRoutes } from './features/sales/routes.js';
import { expenseRoutes } from './features/expenses/routes.js';
import { inventoryRoutes } from './features/inventory/routes.js';
import { economicsRoutes } from './features/economics/routes.js';
import { weighingRoutes } from './features/weighings/routes.js';
import { feedRoutes } from './features/feed/routes.js';
import { stockCountRoutes } from './features/stock-counts/routes.js';
import { dashboardRoutes } from './features/dashboard/routes.js';
import { todayRoutes } from './features/today/routes.js';
import { financeRoutes } from './features/finance/routes.js';
import { summaryRoutes } from './features/summaries/routes.js';
import { createWeeklySummaries, type WeeklySummaries } from './features/summaries/jobs.js';
import { createReportJobs, type ReportJobs } from './features/reports/jobs.js';
import { reportLinkSecret } from './features/reports/links.js';
import { createRenderPool } from './features/reports/render/pool.js';
import { reportRoutes } from './features/reports/routes.js';
import { pictureStorageFor, reportStorageFor } from './integrations/storage/file-storage.js';
import { createPaymentJobs, type PaymentJobs } from './features/billing/jobs.js';
import type { PaymentContext } from './features/billing/payments.js';
import { DARAJA_SIMULATOR_PREFIX, listeningUrl, PAYSTACK_SIMULATOR_PREFIX, paymentProviders } from './features/billing/providers.js';
import { billingRoutes } from './features/billing/routes.js';
import { contactRoutes } from './features/contact/routes.js';
import { onboardingRoutes } from './features/onboarding/routes.js';
import { staffRoutes } from './features/staff/routes.js';
import { createDailyNotifications, type DailyNotifications } from './features/notifications/jobs.js';
import { createNotifier, type Notifier } from './features/notifications/notifier.js';
import { notificationRoutes } from './features/notifications/routes.js';
import { noticeLinkSecret } from './features/notices/links.js';
import { noticeMailLinks } from './features/notices/mail.js';
import { noticeRoutes } from './features/notices/routes.js';
import { socketRoutes } from './features/notifications/socket.js';
import { createPushSender } from './integrations/push/sender.js';
import { vapidKeys } from './integrations/push/vapid.js';
import websocket from '@fastify/websocket';
import { paystackSimulator } from './integrations/card/simulator.js';
import { darajaSimulator } from './integrations/mpesa/simulator.js';
import { createAfricasTalkingClient, type SmsProvider } from './integrations/sms/client.js';
import { sendSms, type SmsContext, type SmsMessage } from './integrations/sms/messages.js';
import { AT_SIMULATOR_PREFIX, smsSimulator } from './integrations/sms/simulator.js';
import { createSmsOutbox, type SmsOutbox } from './integrations/sms/outbox.js';
import { mailOrigin } from './public-origin.js';
import { DELIVERY_REPORTS_PATH, smsRoutes } from './features/sms/routes.js';
import { smsUsageRoutes } from './features/sms/usage-routes.js';
import { keptSecret } from './secrets.js';
import { createDevOutboxTransport } from './integrations/mail/dev-outbox.js';
import { createMailer, type Mailer } from './integrations/mail/mailer.js';
import { createSmtpTransport } from './integrations/mail/smtp.js';
import type { MailTransport } from './integrations/mail/transport.js';
import { loggerOptions } from './logger.js';
import { authPlugin } from './plugins/auth.js';
import { errorsPlugin, frameworkErrors, requestWordsFor } from './plugins/errors.js';
import { languagePlugin } from './plugins/language.js';
import { drainOnClosePlugin } from './plugins/drain-on-close.js';
import { eventLoopGuardPlugin } from './plugins/event-loop-guard.js';
import { eventsPlugin } from './plugins/events.js';
import { idempotencyPlugin } from './plugins/idempotency.js';
import { recordVersionsPlugin } from './plugins/record-versions.js';
import { loopbackOnlyPlugin } from './plugins/loopback-only.js';
import { nulGuardPlugin } from './plugins/nul-guard.js';
import { rateLimitPlugin } from './plugins/rate-limit.js';
import { rolesPlugin } from './plugins/roles.js';
import { securityPlugin } from './plugins/security.js';
import { webStaticPlugin } from './plugins/web-static.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    database: Database;
    mailer: Mailer;
    /** Work a public auth call does after its answer (decision 049). */
    afterAnswer: AfterAnswer;
    reportJobs: ReportJobs;
    paymentJobs: PaymentJobs;
    notifier: Notifier;
    dailyNotifications: DailyNotifications;
    weeklySummaries: WeeklySummaries;
    /** SMS through Africa's Talking or its simulator (decision 075). */
    sms: SmsChannel;
    /** Sends notices' texts from sms_messages, each once across processes (decision 076). */
    smsOutbox: SmsOutbox;
  }
}

export interface SmsChannel {
  readonly mode: ProviderMode;
  readonly context: SmsContext;
  /** Stores the text, sends it and records the gateway's answer (integrations/sms/messages.ts). */
  send(to: string, message: string, farmId?: number): Promise<SmsMessage>;
}

export interface AppDeps {
  config: Config;
  database: Database;
  /** Tests pass their own transport (a real SMTP server on loopback, say). */
  mailTransport?: MailTransport;
  /** Sees every route as it is added: the security suites enumerate the API with it. */
  onRoute?: (route: RouteOptions) => void;
}

// JSON bodies of this app are small; a 10 MB body is refused before it is read.
const BODY_LIMIT = 1024 * 1024;

/** A hop count as the function Fastify applies to it (its types take no number); false or the proxies' addresses as they are. */
function fastifyTrustProxy(trust: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

/** The whole app, as production and every test build it. */
export async function buildApp({ config, database, mailTransport, onRoute }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config),
    bodyLimit: BODY_LIMIT,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    routerOptions: { ignoreTrailingSlash: true },
    genReqId: () => crypto.randomUUID(),
    frameworkErrors,
  });
  if (onRoute) app.addHook('onRoute', onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const transport =
    mailTransport ?? (config.smtpUrl ? createSmtpTransport(config.smtpUrl, config.mailFrom) : createDevOutboxTransport(app.log));
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  // A notice mail's links are written as it is sent: the public origin and a signed unsubscribe link (decision 076).
  const noticeSecret = await noticeLinkSecret(config.noticeLinkSecret, config.dataDir);
  app.decorate('mailer', createMailer(database.db, transport, app.log, { prepare: noticeMailLinks({ origin: () => mailOrigin(app), secret: noticeSecret }) }));
  app.decorate('afterAnswer', createAfterAnswer(app.log));
  app.addHook('onClose', async () => {
    await app.afterAnswer.settled();
    await app.mailer.stop();
  });

  await app.register(drainOnClosePlugin);
  await app.register(languagePlugin);
  await app.register(errorsPlugin);
  await app.register(nulGuardPlugin);
  await app.register(loopbackOnlyPlugin);
  await app.register(eventLoopGuardPlugin);
  await app.register(securityPlugin);
  await app.register(rateLimitPlugin);
  await app.register(authPlugin);
  await app.register(rolesPlugin);
  await app.register(eventsPlugin);
  await app.register(idempotencyPlugin);
  await app.register(recordVersionsPlugin);
  // A client never sends more than a close frame: anything bigger is cut off unread.
  await app.register(websocket, { options: { maxPayload: 1024 } });

  // Notifications (docs/design.md §6): a change's event becomes a stored notification in the process that made it.
  const vapid = await vapidKeys(config.push, config.dataDir);
  const push = createPushSender({ keys: vapid, allowLoopback: config.env !== 'production' });
  const notifier = createNotifier({
    db: database.db,
    events: app.events,
    push,
    log: app.log,
    // The notices' mail and texts committed with them go now, not at the senders' next round.
    outboxes: () => {
      app.mailer.kick();
      app.smsOutbox.kick();
    },
  });
  app.decorate('notifier', notifier);
  app.events.onPublish((farmId, event) => notifier.fromEvent(farmId, event));
  const dailyNotifications = createDailyNotifications({ db: database.db, notifier, log: app.log });
  app.decorate('dailyNotifications', dailyNotifications);
  // The owner's weekly summary (decision 078): Monday 07:00 farm time, last week's.
  const weeklySummaries = createWeeklySummaries({ db: database.db, notifier, log: app.log, publicUrl: config.billing.publicUrl });
  app.decorate('weeklySummaries', weeklySummaries);
  app.addHook('onClose', async () => {
    await dailyNotifications.stop();
    await weeklySummaries.stop();
    await notifier.settled();
  });

  const reportStorage = await reportStorageFor(config.dataDir);
  const linkSecret = await reportLinkSecret(config.reportLinkSecret, config.dataDir);
  const renderPool = createRenderPool();
  const reportJobs = createReportJobs({
    db: database.db,
    storage: reportStorage,
    pool: renderPool,
    log: app.log,
    publish: (farmId, event) => app.events.publish(farmId, event),
    concurrency: renderPool.threads,
  });
  app.decorate('reportJobs', reportJobs);
  app.addHook('onClose', async () => {
    await reportJobs.stop();
    await renderPool.close();
    await reportStorage.close();
  });

  const pictureStorage = await pictureStorageFor(config.dataDir);
  app.addHook('onClose', async () => pictureStorage.close());

  const { billing } = config;
  const providers = paymentProviders(app, billing);
  const paymentContext: PaymentContext = {
    db: database.db,
    providers,
    priceCents: billing.priceCents,
    mpesaCallbackSecret: billing.mpesa.callbackSecret ?? (await keptSecret(undefined, config.dataDir, 'mpesa-callback.key')).toString('base64url'),
    log: app.log,
    onSettled: (row) => app.events.publish(row.farmId, { type: 'payment', action: 'updated', id: row.id }),
  };
  const paymentJobs = createPaymentJobs(paymentContext);
  app.decorate('paymentJobs', paymentJobs);
  app.addHook('onClose', async () => paymentJobs.stop());
  // The simulators speak the providers' protocols inside this process (docs/integrations.md §1.10, §2.5).
  if (billing.mpesa.mode === 'simulator') {
    await app.register(darajaSimulator, {
      prefix: DARAJA_SIMULATOR_PREFIX,
      consumerKey: billing.mpesa.consumerKey,
      consumerSecret: billing.mpesa.consumerSecret,
      shortcode: billing.mpesa.shortcode,
      passkey: billing.mpesa.passkey,
      ...(config.env === 'test' ? { callbackDelayMs: 50, slowDelayMs: 1500, testHooks: true } : {}),
    });
  }
  // SMS (decision 075): the client is made on first use, when a simulator's address is this process's.
  let smsClient: SmsProvider | null = null;
  const smsContext: SmsContext = {
    db: database.db,
    log: app.log,
    provider: () => {
      if (config.sms.mode === 'off') return null;
      smsClient ??= createAfricasTalkingClient({ ...config.sms, baseUrl: config.sms.baseUrl ?? `${listeningUrl(app)}${AT_SIMULATOR_PREFIX}` });
      return smsClient;
    },
  };
  app.decorate('sms', { mode: config.sms.mode, context: smsContext, send: (to: string, message: string, farmId?: number) => sendSms(smsContext, to, message, farmId) });
  const smsOutbox = createSmsOutbox(smsContext);
  app.decorate('smsOutbox', smsOutbox);
  app.addHook('onClose', async () => smsOutbox.stop());
  if (config.sms.mode === 'live' && config.sms.callbackIps.length === 0) {
    app.log.warn('AT_CALLBACK_IPS is unset: SMS delivery reports are taken from this machine only');
  }
  if (config.sms.mode === 'simulator') {
    await app.register(smsSimulator, {
      prefix: AT_SIMULATOR_PREFIX,
      username: config.sms.username,
      apiKey: config.sms.apiKey,
      // Its reports come to this process on loopback, which the callback takes without AT_CALLBACK_IPS.
      deliveryReportUrl: () => `${listeningUrl(app)}/api${DELIVERY_REPORTS_PATH}`,
      ...(config.env === 'test' ? { reportDelayMs: 300, slowMs: 3000 } : {}),
    });
  }
  if (billing.card.mode === 'simulator') {
    await app.register(paystackSimulator, {
      prefix: PAYSTACK_SIMULATOR_PREFIX,
      secretKey: billing.card.secretKey,
      webhookUrl: () => `${providers.selfUrl()}/api/paystack/webhook`,
    });
  }

  await app.register(
    async (api) => {
      api.addHook('onRoute', app.requireRoleEntry);
      api.addHook('onRequest', app.authenticate);
      api.addHook('preValidation', app.authorize);
      api.addHook('onSend', app.withoutMoney);
      await api.register(healthRoutes);
      await api.register(authRoutes);
      await api.register(profileRoutes, { pictures: pictureStorage });
      await api.register(flockRoutes);
      await api.register(vaccinationRoutes);
      await api.register(eggRoutes);
      await api.register(saleRoutes);
      await api.register(expenseRoutes);
      await api.register(inventoryRoutes);
      await api.register(feedRoutes);
      await api.register(stockCountRoutes);
      await api.register(economicsRoutes);
      await api.register(weighingRoutes);
      await api.register(dashboardRoutes);
      await api.register(todayRoutes);
      await api.register(financeRoutes);
      await api.register(summaryRoutes);
      await api.register(reportRoutes, { jobs: reportJobs, storage: reportStorage, linkSecret });
      await api.register(contactRoutes);
      await api.register(onboardingRoutes);
      await api.register(staffRoutes);
      await api.register(notificationRoutes, { publicKey: vapid.publicKey, push });
      await api.register(noticeRoutes, { secret: noticeSecret });
      await api.register(socketRoutes);
      await api.register(smsRoutes);
      await api.register(smsUsageRoutes);
      await api.register(billingRoutes, { ctx: paymentContext, cardSecretKey: billing.card.secretKey, tillNumber: billing.mpesa.tillNumber, supportUrl: billing.supportUrl });
      if (config.env !== 'production') await api.register(devOutboxRoutes);
    },
    { prefix: '/api' },
  );

  if (config.webDist) await app.register(webStaticPlugin, { root: config.webDist });

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    // A page path gets the app; a missing file (a stale chunk after a deploy) a real 404.
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') && !pathname.startsWith('/api') && !/\.[a-z0-9]+$/i.test(pathname);
    if (isPage && app.hasDecorator('webIndexAvailable')) {
      // A client-side route: the single-page app decides what to show.
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ error: { code: 'not_found', message: requestWordsFor(request).noSuchPath(request.method, pathname) } });
  });

  return app;
}
