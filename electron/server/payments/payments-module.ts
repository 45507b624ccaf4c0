import type { FastifyInstance } from 'fastify';
import type { AuthService } from '../auth/auth-service.js';
import type { ServiceContext } from '../core/context.js';
import type { SseStreams } from '../live/sse-stream.js';
import type { OrderPaymentHooks } from '../tickets/order-payment-hooks.js';
import { PaymentConfigService } from './config/payment-config.js';
import { BackgroundTasks } from './pay/background-tasks.js';
import { PayService } from './checkout/pay-service.js';
import { PaymentEvents } from './pay/payment-events.js';
import { PaymentRunner } from './pay/payment-runner.js';
import { PinPadSimulator } from './pay/pinpad-simulator.js';
import { Reconciler } from './pay/reconciler.js';
import { ResultRecorder } from './pay/result-recorder.js';
import { assertNoMoneyHeld } from './pay/cancel-guard.js';
import { assertEditable } from './pay/edit-guard.js';
import { syncAsMade } from './pay/paid-as-made.js';
import { CancelVoids } from './pay/cancel-voids.js';
import { Reversals, type OwnOrdersLink } from './pay/reversals.js';
import { OrderCaptures } from './pay/order-captures.js';
import { registerPaylinkRoutes } from './paylinks/paylink-routes.js';
import { PaylinkService } from './paylinks/paylink-service.js';
import { PaylinkUrls } from './paylinks/paylink-urls.js';
import { registerPaynetGateway } from './processors/paynet-gateway-routes.js';
import { ProcessorRegistry } from './processors/processor-registry.js';
import { StoredCards } from './pay/stored-cards.js';
import { StoredCardSender } from './pay/stored-card-sender.js';
import { PaymentReports } from './reports/payment-reports.js';
import { registerConfigRoutes } from './routes/config-routes.js';
import { registerPayRoutes } from './routes/pay-routes.js';
import { registerPinPadRoutes } from './routes/pinpad-routes.js';
import { registerReportRoutes } from './routes/report-routes.js';
import { registerRefundableRoute } from './routes/refundable-route.js';
import { RefundAccess } from './routes/refund-access.js';
import { registerSessionRoutes } from './routes/session-routes.js';
import { OrderFollowers } from './sessions/order-followers.js';
import { SessionActions } from './sessions/session-actions.js';
import { SessionService } from './sessions/session-service.js';
import { SessionViews } from './pay/session-view.js';
import { PaymentStore } from './store/payment-store.js';
import type { StoredPayment } from './store/payment-types.js';
import { ReportsRepository } from './store/reports-repository.js';
import { orderMoney } from './store/order-money.js';
import type { ChangeEvents } from './store/payment-changes.js';
import type { DisplaySenders } from './checkout/display-senders.js';

/** How long closing the service waits for payments in flight at a processor. */
const CLOSE_GRACE_MS = 5000;

/** This service's base URL while it listens (the paynet processor calls the sandbox gateway it hosts). */
function selfUrl(app: FastifyInstance): () => string | null {
  return () => {
    const address = app.server.address();
    if (!address || typeof address === 'string') return null;
    const wildcard = address.address === '0.0.0.0' || address.address === '::';
    const host = wildcard ? '127.0.0.1' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
    return `http://${host}:${address.port}`;
  };
}

/** What the rest of the service needs from payments. */
export interface PaymentsModule {
  /**
   * Capture before completion, void and refuse before cancel, reopen after a refused one, and the
   * money's say on an edit of an order's lines (TicketService hooks).
   */
  orderHooks: Required<OrderPaymentHooks>;
  /** Where payments' and their orders' changes are told on the live channel (a register's forwarded ones too). */
  events: PaymentEvents;
}

/**
 * Wires the payment service (docs/payments.md) into the app: its routes, the paynet gateway
 * sandbox, the reconcile at start and the orderly stop of background work on close.
 */
export function registerPayments(
  app: FastifyInstance,
  ctx: ServiceContext,
  auth: AuthService,
  streams: SseStreams,
  /** Where orders' and payments' changes are announced (webhooks, state reporting). */
  changes: ChangeEvents,
  /** Who sent the payment a register's pole display shows: the customer's payment there is theirs. */
  displays: DisplaySenders,
  /** At an attached register: the server's later changes to a sale, learnt before money goes back. */
  ownOrders?: OwnOrdersLink,
): PaymentsModule {
  const store = new PaymentStore(ctx.db, changes, ctx.instances.id);
  const config = new PaymentConfigService(ctx.db);
  const registry = new ProcessorRegistry(ctx, store.processors, selfUrl(app));
  const tasks = new BackgroundTasks(app.log);
  const pinpad = new PinPadSimulator(ctx.config.pinpadDelayMs);
  const urls = new PaylinkUrls();
  const views = new SessionViews(store, config, (paymentId) => urls.url(paymentId));
  const events = new PaymentEvents(ctx.db, ctx.live, store, views);
  const reversals = new Reversals(ctx, store, registry, events, ownOrders);
  const captures = new OrderCaptures(ctx, store, registry, events);
  const cancelVoids = new CancelVoids(ctx, store, reversals, events);
  const storedCards = new StoredCards(ctx);
  const recorder = new ResultRecorder(ctx, store, events, reversals, tasks, storedCards);
  const sender = new StoredCardSender(ctx, store, registry, events, storedCards, tasks);
  // The reconciler hands the paylinks it adopts to the paylink service, made after it (called later).
  const adoptPaylink = (payment: StoredPayment): Promise<void> => paylinks.adopt(payment);
  const reconciler = new Reconciler(ctx, store, registry, recorder, events, tasks, app.log, adoptPaylink);
  const runner = new PaymentRunner(ctx, store, registry, recorder, reconciler, pinpad, events, tasks);
  const paylinks = new PaylinkService(ctx, store, runner, events, urls, tasks);
  const onCanceled = (paymentId: string) => {
    pinpad.cancel(paymentId);
    urls.forget(paymentId);
  };
  const sessions = new SessionService(ctx, store, views, events, onCanceled);
  const actions = new SessionActions(ctx, store, config, views, events, onCanceled);
  const pay = new PayService(ctx, store, config, views, events, runner, paylinks, displays);

  registerConfigRoutes(app, auth, ctx.db, store, config);
  registerSessionRoutes(app, auth, sessions, actions, streams, new OrderFollowers(ctx.db, ctx.live, store, events));
  registerPayRoutes(app, auth, pay);
  registerPinPadRoutes(app, auth, ctx.db, store, pinpad);
  const reports = new PaymentReports(ctx.db, new ReportsRepository(ctx.db), ctx.now, store.refunds);
  registerReportRoutes(app, auth, ctx.db, store, reports, reversals, new RefundAccess(ctx, store));
  registerRefundableRoute(app, auth, ctx.db, store);
  registerPaylinkRoutes(app, paylinks);
  registerPaynetGateway(app, ctx);

  app.addHook('onReady', async () => {
    await reconciler.onStart();
  });
  app.addHook('onListen', () => sender.start());
  app.addHook('preClose', async () => {
    pinpad.close();
    await tasks.close(CLOSE_GRACE_MS);
  });
  return {
    events,
    orderHooks: {
      beforeComplete: (order, actor) => captures.captureOrder(order, actor),
      beforeCancel: (order, actor, reason) => cancelVoids.before(order, actor, reason),
      cancelRefused: (order, by) => cancelVoids.refused(order, by),
      assertCancelable: (tx, order) => assertNoMoneyHeld(store, tx, order),
      assertEditable: (tx, order, total) => assertEditable(store, tx, order, total),
      created: (tx, order, actor, at, register) => syncAsMade(store, tx, order, actor, at, register),
      edited: async (tx, order, actor, at, register) => void (await syncAsMade(store, tx, order, actor, at, register)),
      moneyOf: (q, orderIds) => orderMoney(ctx.db.builder, q, orderIds),
    },
  };
}
