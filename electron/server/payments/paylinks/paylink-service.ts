import {
  PAYLINK_PAGE,
  type PaylinkAuthorize,
  type PaylinkInfo,
  type PaylinkStatus,
} from '../../../../shared/contracts/paylink.js';
import { ServicePayError } from '../../../../shared/errors.js';
import { randomSecret, sha256 } from '../../auth/secrets.js';
import type { ServiceContext } from '../../context.js';
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
  create(paymentId: string, now: Date): string {
    const token = randomSecret('spl_');
    const expiresAt = new Date(now.getTime() + PAYLINK_TTL_MS).toISOString();
    this.store.paylinks.insert({ tokenHash: sha256(token), paymentId, expiresAt, createdAt: now.toISOString() });
    const url = `${PAYLINK_PAGE}#${token}`;
    this.urls.remember(paymentId, url);
    this.expireLater(paymentId, expiresAt);
    return url;
  }

  /** At start: paylinks left open expire on time (at once when their time has passed). */
  onStart(): void {
    for (const payment of this.store.payments.pending()) {
      if (payment.stage !== 'awaiting_customer') continue;
      const paylink = this.store.paylinks.findByPayment(payment.id);
      if (paylink) this.expireLater(payment.id, paylink.expiresAt);
    }
  }

  async info(token: string): Promise<PaylinkInfo> {
    return this.describe(await this.expireIfDue(this.find(token)));
  }

  /** The customer authorizes the ACH debit: checked, then sent to the processor; answers the result. */
  async authorize(token: string, account: PaylinkAuthorize): Promise<PaylinkInfo> {
    const { last4 } = checkBankAccount(account);
    const payment = await this.expireIfDue(this.find(token));
    const at = this.ctx.now().toISOString();
    const card = { brand: 'Bank account', last4 };
    const moved = await this.ctx.writes.run(() =>
      this.store.payments.setStage(payment.id, 'awaiting_customer', 'processing', at, card),
    );
    if (!moved)
      throw new ServicePayError(
        'CONFLICT',
        `this paylink is ${statusOf(payment, false)}; it cannot be authorized again`,
      );
    this.urls.forget(payment.id);
    this.events.paymentChanged(payment.id);
    await this.runner.charge(payment.id, card);
    return this.describe(this.store.payments.find(payment.id)!);
  }

  /** The customer cancels on the paylink page. */
  async cancel(token: string): Promise<PaylinkInfo> {
    const payment = await this.expireIfDue(this.find(token));
    if (payment.status === 'pending' && payment.stage === 'awaiting_customer') {
      await this.end(payment, 'Canceled by the customer on the payment page');
    } else if (payment.status !== 'canceled') {
      throw new ServicePayError('CONFLICT', `this paylink is ${statusOf(payment, false)}; it cannot be canceled`);
    }
    return this.describe(this.store.payments.find(payment.id)!);
  }

  private find(token: string): StoredPayment {
    const paylink = this.store.paylinks.findByTokenHash(sha256(token));
    const payment = paylink && this.store.payments.find(paylink.paymentId);
    if (!payment) throw new ServicePayError('NOT_FOUND', 'this paylink does not exist; ask the store for a new one');
    return payment;
  }

  private async expireIfDue(payment: StoredPayment): Promise<StoredPayment> {
    const paylink = this.store.paylinks.findByPayment(payment.id)!;
    if (payment.status !== 'pending' || payment.stage !== 'awaiting_customer') return payment;
    if (paylink.expiresAt > this.ctx.now().toISOString()) return payment;
    await this.end(payment, 'Canceled: the paylink expired');
    return this.store.payments.find(payment.id)!;
  }

  /** Ends an unused paylink when it expires, so its amount stops holding the order's balance. */
  private expireLater(paymentId: string, expiresAt: string): void {
    const delay = Math.max(0, Date.parse(expiresAt) - this.ctx.now().getTime());
    this.tasks.later('expire paylink', delay, async () => {
      const payment = this.store.payments.find(paymentId);
      if (payment) await this.expireIfDue(payment);
    });
  }

  private async end(payment: StoredPayment, detail: string): Promise<void> {
    const outcome = canceledOutcome(payment, detail, this.ctx.now().toISOString());
    const settled = await this.ctx.writes.run(() => settle(this.store, payment, outcome));
    this.urls.forget(payment.id);
    if (settled.applied) this.events.paymentChanged(payment.id);
  }

  private describe(payment: StoredPayment): PaylinkInfo {
    const paylink = this.store.paylinks.findByPayment(payment.id)!;
    const session = this.store.sessions.find(payment.sessionId)!;
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
