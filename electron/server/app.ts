import { StockNews } from './catalog/stock-news.js';
import swagger from '@fastify/swagger';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { ServicePayError } from '../../shared/errors.js';
import { registerAuthRoutes } from './auth/auth-routes.js';
import { AuthService } from './auth/auth-service.js';
import { registerCatalogRoutes } from './catalog/catalog-routes.js';
import { loadDemoDataIfEmpty } from './demo/load-demo.js';
import { makeConfig, type ServiceConfig } from './core/config.js';
import type { ServiceContext } from './core/context.js';
import { openDataLayer } from './db/open-data-layer.js';
import { ServiceInstances } from './core/service-instances.js';
import { HostPolicy } from './http/allowed-hosts.js';
import { answerClientError, answerConnect, handleError } from './http/errors.js';
import { registerClosedQueries } from './http/closed-query.js';
import { registerHostGuard } from './http/host-guard.js';
import { registerNulGuard } from './http/nul-guard.js';
import { registerRateLimit } from './http/rate-limit.js';
import { registerRequestHooks } from './http/request-hooks.js';
import { registerStaticPages } from './http/static-pages.js';
import { closeUnusedConnections } from './http/unused-connections.js';
import { serializerCompiler } from './http/serializers.js';
import { validatorCompiler } from './http/validators.js';
import { LiveHub } from './core/live-hub.js';
import { registerLiveRoutes } from './live/live-routes.js';
import { SseStreams } from './live/sse-stream.js';
import { registerPayments } from './payments/payments-module.js';
import { registerHealthRoutes } from './routes/health.js';
import { registerTicketRoutes } from './tickets/ticket-routes.js';
import { DealsForSale } from './deals/deals-for-sale.js';
import { OrderLoyalty } from './loyalty/order-loyalty.js';
import { registerLoyaltyRoutes } from './loyalty/loyalty-routes.js';
import { PointsExpiry } from './loyalty/points-expiry.js';
import { startPointsExpiry } from './loyalty/points-expiry-job.js';
import { registerSaleDealRoute } from './deals/sale-deal-route.js';
import { registerPickupRoutes } from './pickup/pickup-routes.js';
import { registerUnclaimedOrders } from './pickup/unclaimed-routes.js';
import type { PickupExpiry } from './pickup/pickup-expiry.js';
import { registerTerminalClientRoutes } from './auth/terminal-client-routes.js';
import { registerLoginHintsRoute } from './auth/login-hints-route.js';
import { registerUnlockRoute } from './auth/unlock-route.js';
import { registerDisplayRoutes } from './display/display-routes.js';
import { DisplaySenders } from './display/display-senders.js';
import { registerAuditRoutes } from './audit/audit-routes.js';
import { registerReportRoutes } from './reports/report-routes.js';
import { Reports } from './reports/reports.js';
import { startDayTotals } from './reports/day-totals-job.js';
import type { DayTotalsWriter } from './reports/day-totals-writer.js';
import { StoreAccess } from './dispensaries/store-access.js';
import { registerDrawerRoutes } from './cash/drawer-routes.js';
import { registerReplicaRoutes } from './registers/register-routes.js';
import { registerForwardRoutes } from './registers/forward-routes.js';
import { registerAttachRoutes } from './registers/attach-routes.js';
import { startServerLink } from './registers/replica-sync.js';
import { registerHoldRoutes } from './registers/hold-routes.js';
import { registerOwnOrdersRoute } from './registers/own-orders-route.js';
import { registerPurchasesRoute } from './registers/purchases-route.js';
import { registerDealUsesRoute } from './registers/deal-uses-route.js';
import { registerPickupForRegisters } from './registers/register-pickup-routes.js';
import { registerLendRoutes } from './registers/register-lend-routes.js';
import { registerRegisterLiveRoute } from './registers/register-live-route.js';
import { registerCustomerRoutes } from './customers/customer-routes.js';
import { registerPrinterRoutes } from './printing/printer-routes.js';
import { registerReceiptRoute } from './printing/receipt-route.js';
import { AutomaticBackups } from './backup/automatic-backups.js';
import { registerBackupRoutes } from './backup/backup-routes.js';
import { registerSetupRoutes } from './setup/routes/setup-routes.js';
import { WebhookOutbox } from './webhooks/outbox.js';
import { StateReceiptOutbox } from './state-reporting/state-receipt-outbox.js';
import { NodeRole } from './core/node-role.js';
import { OrderEvents } from './tickets/order-events.js';
import { PaymentChanges, type ChangeEvents } from './payments/store/payment-changes.js';
import { startWebhookDelivery } from './webhooks/webhook-delivery.js';
import { startStateReporting } from './state-reporting/state-reporting-job.js';
import { loadStateProfiles } from './core/state-profiles/profile-files.js';
import { primaryReportSource, type ReportSource } from './reports/report-source.js';
import type { ReplicaReportSource } from './reports/replica-source.js';

/** What the caller of buildApp is told of the service's life. */
export interface AppLifecycle {
  /** Called once the service has closed, its database last (serve-app.ts releases the data folder here). */
  closed?: () => void;
}

/**
 * Builds the whole ordering service as one Fastify instance, without listening. Only
 * `electron/server/main.ts` (headless) and the Electron shell open a port, both through
 * serve-app.ts, which holds a register's data folder for the service.
 */
export async function buildApp(
  overrides: Partial<ServiceConfig> = {},
  lifecycle: AppLifecycle = {},
): Promise<FastifyInstance> {
  const config = makeConfig(overrides);
  // A state profile that is not valid stops the start, saying what is wrong, before anything opens.
  const profiles = loadStateProfiles(config.profilesDir);
  const app = Fastify({
    logger: { level: config.logLevel },
    // Fastify's two lines per request are replaced by one (http/request-hooks.ts).
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: config.bodyLimitBytes,
    trustProxy: false,
    // Every answer has the one error shape, even where no route runs: URLs the router refuses,
    // bytes Node's HTTP parser refuses, and requests without Host (refused by the host guard).
    frameworkErrors: (error, request, reply) => void handleError(error, request, reply),
    clientErrorHandler: answerClientError,
    http: { requireHostHeader: false },
    // No HEAD twin of every GET route: each is a second route tree to build at every start (~6 % of
    // a `serve` start's CPU, bench:startup). The pages and files (@fastify/static) and /health answer
    // HEAD; the API's GETs are JSON reads, asked for with GET.
    exposeHeadRoutes: false,
  }).withTypeProvider<TypeBoxTypeProvider>();
  // An `Expect` other than 100-continue is ignored (RFC 9110 allows it) rather than answered by
  // Node with a bare 417.
  app.server.on('checkExpectation', (request, response) => app.server.emit('request', request, response));
  app.server.on('connect', answerConnect);
  closeUnusedConnections(app);

  const db = await openDataLayer({
    database: config.database,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
    onError: (error) => app.log.warn({ err: error }, 'database connection problem'),
  });
  const live = new LiveHub(db, (error, topic) => app.log.error({ err: error, topic }, 'live event not published'));
  const instances = new ServiceInstances(
    db,
    (error) => app.log.warn({ err: error }, 'instance heartbeat failed'),
    config.instanceStaleMs,
  );
  // One per service: every feature's moves are read, and told, in one order (catalog/stock-news.ts).
  const stockMoves = new StockNews(db, live);
  const ctx: ServiceContext = {
    config,
    db,
    now: config.now,
    live,
    instances,
    role: new NodeRole(db),
    profiles,
    stockMoves,
  };
  let reportSource: ReportSource | undefined;
  app.addHook('onClose', async () => {
    try {
      live.close();
      await instances.stop();
      await reportSource?.close();
      await db.close();
    } finally {
      lifecycle.closed?.();
    }
  });
  try {
    // Every report reads through it: the read replica of --read-database, or this database.
    // The replica's code (and pg's) is loaded only when there is one.
    const replica =
      config.readDatabase === undefined
        ? undefined
        : (await import('./reports/replica-choice.js')).replicaSourceFor(config.readDatabase, config, db, app.log);
    reportSource = replica ?? primaryReportSource(db, config.now);
    app.decorate('reportSource', reportSource);
    await instances.start();
    if (config.demo) await loadDemoDataIfEmpty(ctx);
    await register(app, ctx, replica);
  } catch (error) {
    await app.close();
    throw error;
  }
  return app;
}

/** Every route, hook and plugin of the service on `app`, then `ready` (`replica`: --read-database's, for /health). */
async function register(app: FastifyInstance, ctx: ServiceContext, replica?: ReplicaReportSource): Promise<void> {
  const { config } = ctx;
  app.decorate('ctx', ctx);
  // Orders' and payments' changes are announced to their consumers (ports: tickets/order-events.ts,
  // payments/store/payment-changes.ts), in this order, inside the change's transaction.
  const webhooks = new WebhookOutbox(ctx.db);
  // The state's records go out as soon as they are written (the reporter also reads its outbox every 2 s).
  const stateReporter = startStateReporting(app, ctx);
  const stateRecorded = () => stateReporter.wake();
  const stateReceipts = new StateReceiptOutbox(ctx.db, stateRecorded);
  // Loyalty first: its refusal (reward dollars a balance no longer covers) stops the change before the rest.
  // An attached register's sale whose points its server did not hold (the hold did not answer) spends only up to a
  // cap, whatever its link (made below) says; a quote asks the link whether the server answers now.
  const onLink = { attached: ctx.role.isRegister.bind(ctx.role), answers: () => !!serverLink.monitor.answeringLink() };
  const loyalty = new OrderLoyalty(ctx.db, onLink, ctx.now);
  const changes: ChangeEvents = {
    orders: new OrderEvents([loyalty.orderListener, webhooks.orders, stateReceipts.orders]),
    payments: new PaymentChanges([loyalty.paymentListener, webhooks.payments, stateReceipts.payments]),
  };
  app.decorate('changes', changes);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(handleError);
  registerClosedQueries(app);
  app.setNotFoundHandler((request) => {
    const path = request.url.split('?')[0]!;
    const shown = path.length > 100 ? `${path.slice(0, 100)}…` : path;
    throw new ServicePayError('NOT_FOUND', `no route ${request.method} ${shown}`);
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'ServicePay ordering and payment service',
        version: '2.0.0',
        description: 'Tickets (orders), catalog, payments and authentication of ServicePay POS.',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          clientId: { type: 'apiKey', in: 'header', name: 'client_id' },
          clientSecret: { type: 'apiKey', in: 'header', name: 'client_secret' },
          register: {
            type: 'http',
            scheme: 'basic',
            description: 'A register attached to this server: its id and secret',
          },
        },
      },
    },
  });

  registerHostGuard(app, new HostPolicy(config.host, config.allowedHosts));
  registerRequestHooks(app);
  registerNulGuard(app);
  registerRateLimit(app, config.rateLimit);

  const auth = new AuthService(ctx);
  registerHealthRoutes(app, replica);
  registerAuthRoutes(app, ctx, auth);
  registerTerminalClientRoutes(app, ctx, auth);
  registerLoginHintsRoute(app, ctx);
  registerUnlockRoute(app, ctx, auth);
  registerCatalogRoutes(app, ctx, auth);
  // One set of event streams for the live channel and the payment sessions, ended together on close.
  const streams = new SseStreams(app, ctx.live);
  const serverLink = startServerLink(app, ctx);
  const displays = new DisplaySenders(ctx.db);
  const payments = registerPayments(app, ctx, auth, streams, changes, displays, serverLink.services.orders);
  const { services } = serverLink;
  const deals = new DealsForSale(ctx.db, services.dealUses);
  const tickets = registerTicketRoutes(app, ctx, auth, changes.orders, payments.orderHooks, services, services.pickup, {
    deals,
    loyalty,
  });
  registerSaleDealRoute(app, ctx, auth, services.dealUses);
  registerPickupRoutes(app, ctx, auth, tickets, services.pickup);
  registerPickupForRegisters(app, ctx, tickets);
  registerLendRoutes(app, ctx, tickets);
  registerRegisterLiveRoute(app, ctx, streams);
  app.decorate('pickupExpiry', registerUnclaimedOrders(app, ctx, auth, tickets));
  registerLiveRoutes(app, ctx, auth, streams);
  registerDisplayRoutes(app, ctx, auth);
  registerAuditRoutes(app, ctx, auth);
  // Reports read through the app's source: the read replica of --read-database when one is set, else
  // the primary (closed with the app, above).
  registerReportRoutes(
    app,
    auth,
    new Reports(ctx.db.builder, app.reportSource, new StoreAccess(ctx.db, ctx.now), ctx.now),
  );
  // Closed store days added up for the reports: at start, hourly and after each store's midnight.
  app.decorate('dayTotals', startDayTotals(app, ctx));
  registerPrinterRoutes(app, ctx, auth, registerDrawerRoutes(app, ctx, auth), services.pickup);
  registerReceiptRoute(app, ctx, auth);
  registerCustomerRoutes(app, ctx, auth, serverLink.services, payments.orderHooks.moneyOf);
  registerLoyaltyRoutes(app, ctx, auth);
  // Points unused past the store's expiry: at start and after each store's midnight, where the ledger is the store's own.
  const pointsExpiry = new PointsExpiry(ctx.db, ctx.now);
  app.decorate('pointsExpiry', pointsExpiry);
  startPointsExpiry(app, ctx, () => pointsExpiry.run());
  registerReplicaRoutes(app, ctx, auth, serverLink.monitor);
  registerForwardRoutes(app, ctx, changes, payments.events);
  registerHoldRoutes(app, ctx);
  registerPurchasesRoute(app, ctx);
  registerDealUsesRoute(app, ctx);
  registerOwnOrdersRoute(app, ctx);
  registerAttachRoutes(app, ctx, serverLink);
  // The register backs itself up once it serves (a listening service, not a test's inject).
  const backups = new AutomaticBackups(ctx, app.log);
  registerBackupRoutes(app, ctx, auth, backups);
  app.addHook('onListen', () => backups.start());
  app.addHook('preClose', () => backups.close());
  registerSetupRoutes(app, ctx, auth, stateRecorded);
  startWebhookDelivery(app, ctx, webhooks);
  await registerStaticPages(app, config.staticDir);

  app.get('/openapi.json', { schema: { hide: true }, config: { rateLimited: false } }, async () => app.swagger());
  await app.ready();
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The shared context of this service instance (database, config, clock). */
    ctx: ServiceContext;
    /** Where reports read: the read replica (`--read-database`) with its fallback, or this database. */
    reportSource: ReportSource;
    /** Where orders' and payments' changes are announced, as wired here (a test writes through them). */
    changes: ChangeEvents;
    /** Cancels orders not picked up within their store's hold; runs by itself while listening (a test sweeps by hand). */
    pickupExpiry: PickupExpiry;
    /** Expires customers' points past their store's `expiryMonths`; runs by itself while listening (a test runs it by hand). */
    pointsExpiry: PointsExpiry;
    /** Adds up closed store days for the reports; runs by itself while listening (a test runs it by hand). */
    dayTotals: DayTotalsWriter;
  }
}
