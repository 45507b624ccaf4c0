import {
  PAYLINK_PAGE,
  type PaylinkAuthorize,
  type PaylinkInfo,
  type PaylinkStatus,
} from '../../../../shared/contracts/paylink.js';
import { ServicePayError } from '../../../../shared/errors.js';
import { randomSecret, sha256 } from '../../auth/secrets.js';
import type { ServiceContext } from '../../core/context.js';
import type { Queryable } from '../../db/query.js';
import { checkBankAccount } from '../checks/ach-checks.js';
import { canceledOutcome } from '../pay/outcomes.js';
import type { BackgroundTasks } from '../pay/background-tasks.js';
import type { PaymentEvents } from '../pay/payment-events.js';
import type { PaymentRunner } from '../pay/payment-runner.js';
import { settle } from '../pay/settlement.js';
import type { PaymentStore } from '../store/payment-store.js';
import type { StoredPayment } from '../store/payment-types.js';
import type { PaylinkUrls } from './paylink-urls.js';

/** Paylinks stay valid this long (docs/payments.md). */
export const PAYLINK_TTL_MS = 24 * 60 * 60 * 1000;

function statusOf(payment: StoredPayment, expired: boolean): PaylinkStatus {
  if (payment.status === 'pending') return payment.stage === 'awaiting_customer' ? 'open' : 'processing';
  if (payment.status === 'canceled' && expired) return 'expired';
  if (payment.status === 'approved' || payment.status === 'voided' || payment.status === 'refunded') return 'approved';
  return payment.status;
}

/**
 * The hosted ACH checkout. A paylink is a capability URL: its random token is shown once (in the pay
 * answer and the session, while this process runs) and stored only as a SHA-256.
 */
export class PaylinkService {
  constructor(
    private readonly ctx: ServiceContext,
    private readonly store: PaymentStore,
    private readonly runner: PaymentRunner,
    private readonly events: PaymentEvents,
    private readonly urls: PaylinkUrls,
    private readonly tasks: BackgroundTasks,
  ) {}

  /** Creates the paylink of a pending ACH payment (inside the caller's write transaction). */
  async create(tx: Queryable, paymentId: string, now: Date): Promise<string> {
    const token = randomSecret('spl_');
    const expiresAt = new Date(now.getTime() + PAYLINK_TTL_MS).toISOString();
    await this.store.paylinks.insert(tx, {
      tokenHash: sha256(token),
      paymentId,
      expiresAt,
      createdAt: now.toISOString(),
    });
    const url = `${PAYLINK_PAGE}#${token}`;
    this.urls.remember(paymentId, url);
    this.expireLater(paymentId, expiresAt);
    return url;
  }

  /** A paylink this instance took over from one that went away: it expires on time here. */
  async adopt(payment: StoredPayment): Promise<void> {
    const paylink = await this.store.paylinks.findByPayment(this.ctx.db, payment.id);
    if (paylink) this.expireLater(payment.id, paylink.expiresAt);
  }

  async info(token: string): Promise<PaylinkInfo> {
    return this.describe(await this.expireIfDue(await this.find(token)));
  }

  /** The customer authorizes the ACH debit: checked, then sent to the processor; answers the result. */
  async authorize(token: string, account: PaylinkAuthorize): Promise<PaylinkInfo> {
    const { last4 } = checkBankAccount(account);
    const payment = await this.expireIfDue(await this.find(token));
    const at = this.ctx.now().toISOString();
    const card = { brand: 'Bank account', last4 };
    const moved = await this.ctx.db.write((tx) =>
      this.store.payments.setStage(tx, payment.id, 'awaiting_customer', 'processing', at, card),
    );
    if (!moved)
      throw new ServicePayError(
        'CONFLICT',
        `this paylink is ${statusOf(payment, false)}; it cannot be authorized again`,
      );
    this.urls.forget(payment.id);
    await this.events.paymentChanged(payment.id);
    await this.runner.charge(payment.id, card);
    return this.describe((await this.store.payments.find(this.ctx.db, payment.id))!);
  }

  /** The customer cancels on the paylink page. */
  async cancel(token: string): Promise<PaylinkInfo> {
    const payment = await this.expireIfDue(await this.find(token));
    if (payment.status === 'pending' && payment.stage === 'awaiting_customer') {
      await this.end(payment, 'Canceled by the customer on the payment page');
    } else if (payment.status !== 'canceled') {
      throw new ServicePayError('CONFLICT', `this paylink is ${statusOf(payment, false)}; it cannot be canceled`);
    }
    return this.describe((await this.store.payments.find(this.ctx.db, payment.id))!);
  }

  private async find(token: string): Promise<StoredPayment> {
    const paylink = await this.store.paylinks.findByTokenHash(this.ctx.db, sha256(token));
    const payment = paylink && (await this.store.payments.find(this.ctx.db, paylink.paymentId));
    if (!payment) throw new ServicePayError('NOT_FOUND', 'this paylink does not exist; ask the store for a new one');
    return payment;
  }

  private async expireIfDue(payment: StoredPayment): Promise<StoredPayment> {
    const paylink = (await this.store.paylinks.findByPayment(this.ctx.db, payment.id))!;
    if (payment.status !== 'pending' || payment.stage !== 'awaiting_customer') return payment;
    if (paylink.expiresAt > this.ctx.now().toISOString()) return payment;
    await this.end(payment, 'Canceled: the paylink expired');
    return (await this.store.payments.find(this.ctx.db, payment.id))!;
  }

  /** Ends an unused paylink when it expires, so its amount stops holding the order's balance. */
  private expireLater(paymentId: string, expiresAt: string): void {
    const delay = Math.max(0, Date.parse(expiresAt) - this.ctx.now().getTime());
    this.tasks.later('expire paylink', delay, async () => {
      const payment = await this.store.payments.find(this.ctx.db, paymentId);
      if (payment) await this.expireIfDue(payment);
    });
  }

  private async end(payment: StoredPayment, detail: string): Promise<void> {
    const outcome = canceledOutcome(payment, detail, this.ctx.now().toISOString());
    const settled = await this.ctx.db.write((tx) => settle(this.store, tx, payment, outcome));
    this.urls.forget(payment.id);
    if (settled.applied) await this.events.paymentChanged(payment.id);
  }

  private async describe(payment: StoredPayment): Promise<PaylinkInfo> {
    const paylink = (await this.store.paylinks.findByPayment(this.ctx.db, payment.id))!;
    const session = (await this.store.sessions.find(this.ctx.db, payment.sessionId))!;
    const expired = payment.status === 'canceled' && (payment.completedAt ?? '') >= paylink.expiresAt;
    return {
      resultCode: 'SUCCESS',
      resultReason: null,
      status: statusOf(payment, expired),
      amount: payment.charged,
      currency: 'USD',
      merchantName: session.details.entityName,
      orderNumber: payment.ticketAlphaNumId,
      invoiceId: payment.invoiceId,
      expiresAt: paylink.expiresAt,
      message:
        payment.status === 'pending' ? 'Enter your bank account to authorize this payment' : payment.responseDetail,
    };
  }
}
