import { CUSTOMER_TYPES, type CustomerType } from '../../../shared/compliance/profiles/schema.js';
import { LoyaltyLedger } from '../loyalty/loyalty-ledger.js';
import { ServicePayError } from '../../../shared/errors.js';
import type { ReceiptDocument } from '../../../shared/receipt/receipt-document.js';
import { saleReceipt } from '../../../shared/receipt/sale-receipt.js';
import { lineDiscounts } from '../../../shared/deals/line-discounts.js';
import type { TaxLayer } from '../../../shared/tax-layers.js';
import type { Dispensary } from '../dispensaries/dispensary.js';
import { enforcedProfile } from '../dispensaries/store-profile.js';
import type { StateProfiles } from '../core/state-profiles/state-profiles.js';
import type { DataLayer } from '../db/data-layer.js';
import { PaymentsRepository } from '../payments/store/payments-repository.js';
import { toPaymentRecord } from '../payments/store/payment-record.js';
import { OrdersRepository } from '../tickets/orders-repository.js';
import { OrderEvents } from '../tickets/order-events.js';
import { PaymentChanges } from '../payments/store/payment-changes.js';
import { RefundLinesRepository } from '../payments/store/refund-lines-repository.js';
import type { StoredPayment } from '../payments/store/payment-types.js';
import { KEPT } from '../reports/sale-closings.js';
import { ReceiptCashier } from './receipt-cashier.js';
import { asSold, refundLines, withMoneyLines, withReturned } from './receipt-refunds.js';

/** One line the store's address as a receipt shows it. */
const addressLine = (dispensary: Dispensary) => {
  const { street, city, state, zip } = dispensary.address;
  return `${street}, ${city}, ${state} ${zip}`;
};

const isCustomerType = (value: string | null): value is CustomerType =>
  (CUSTOMER_TYPES as readonly (string | null)[]).includes(value);

/**
 * The payment that closed the order's sale, as the reports count it (README "Reports"): its last kept
 * payment that paid what was left (`closes_sale`); null while none has (unpaid, or paid without a payment).
 */
function closingPayment(payments: readonly StoredPayment[]): StoredPayment | null {
  const closing = payments.filter(
    (payment) => payment.closesSale && KEPT.includes(payment.status) && payment.completedAt,
  );
  return closing.reduce<StoredPayment | null>(
    (last, payment) => (last && last.completedAt! >= payment.completedAt! ? last : payment),
    null,
  );
}

/**
 * A sale's receipt as the service builds it, the one every print uses (the receipt printer, and the
 * POS's and back office's print dialog through `GET …/orders/<id>/receipt`): the order as sold (when
 * its sale closed, and when it was ordered for an order placed online), its payments (one refunded
 * in full since too), the refunds made since (each with the items it gave back) with what the
 * customer paid in the end (receipt-refunds.ts), its taxes by layer, its customer's type, who sold
 * it (receipt-cashier.ts), and the store's licence and state rules (shared/receipt/sale-receipt.ts lays it out). Each
 * line carries every discount it got, named (its product's promotion, its deals, its manual
 * discounts: shared/deals/line-discounts.ts).
 */
export class SaleReceipts {
  private readonly orders: OrdersRepository;
  private readonly payments: PaymentsRepository;
  private readonly ledger: LoyaltyLedger;
  private readonly returned: RefundLinesRepository;
  private readonly cashiers: ReceiptCashier;
  private readonly q;

  constructor(
    private readonly db: DataLayer,
    private readonly now: () => Date,
    private readonly profiles: StateProfiles,
  ) {
    // Receipts only read orders and payments.
    this.orders = new OrdersRepository(db, OrderEvents.readOnly);
    this.payments = new PaymentsRepository(db, PaymentChanges.readOnly);
    this.ledger = new LoyaltyLedger(db);
    this.returned = new RefundLinesRepository(db);
    this.cashiers = new ReceiptCashier(db);
    this.q = {
      extras: db.prepare((k, p: { orderId: string; dispensaryId: string }) =>
        k
          .selectFrom('orders as o')
          .leftJoin('customers as c', (join) =>
            join.onRef('c.id', '=', 'o.customer_id').onRef('c.dispensary_id', '=', 'o.dispensary_id'),
          )
          .select(['o.tax_layers as taxLayers', 'c.customer_type as customerType'])
          .where('o.id', '=', p.orderId)
          .where('o.dispensary_id', '=', p.dispensaryId),
      ),
      // Paid without a payment (its total $0.00): when it became PAID, or, paid while being picked, was handed over.
      paidAt: db.prepare((k, p: { orderId: string }) =>
        k
          .selectFrom('order_status_history')
          .select((eb) => eb.fn.min('at').as('at'))
          .where('order_id', '=', p.orderId)
          .where('to_status', 'in', ['PAID', 'COMPLETED']),
      ),
      // The approved refunds of the order's payments, oldest first: a copy printed since shows them.
      refunds: db.prepare((k, p: { orderId: string }) =>
        k
          .selectFrom('payment_refunds as r')
          .innerJoin('payments as p', 'p.id', 'r.payment_id')
          .select(['r.id', 'r.payment_id as paymentId', 'r.amount_cents as amount', 'r.created_at as at'])
          .where('p.order_id', '=', p.orderId)
          .where('r.status', '=', 'approved')
          .orderBy('r.created_at')
          .orderBy('r.id'),
      ),
    };
  }

  /** The receipt of the store's order `orderId` (a copy marked "Reprint" when `reprint`), or NOT_FOUND. */
  async document(dispensary: Dispensary, orderId: string, reprint: boolean): Promise<ReceiptDocument> {
    const full = await this.orders.findById(this.db, dispensary.id, orderId);
    if (!full) throw new ServicePayError('NOT_FOUND', `no order ${orderId} at this store`);
    const { order, items } = full;
    const [payments, extras, paid, refunds] = await Promise.all([
      this.payments.ofOrder(this.db, order.id),
      this.db.first(this.q.extras, { orderId: order.id, dispensaryId: dispensary.id }),
      this.db.first(this.q.paidAt, { orderId: order.id }),
      this.db.all(this.q.refunds, { orderId: order.id }),
    ]);
    const closing = closingPayment(payments);
    const cashier = await this.cashiers.of(order, closing);
    const soldAt = closing?.completedAt ?? paid?.at ?? order.createdAt;
    const { totals } = order;
    const customerType = extras?.customerType ?? null;
    const points = order.customerId === null ? null : await this.pointsOf(order.id, order.customerId);
    const records = asSold(payments.map((payment) => toPaymentRecord(payment)));
    const receipt = saleReceipt({
      store: {
        name: dispensary.name,
        address: addressLine(dispensary),
        licenceNumber: dispensary.licenceNumber,
        timeZone: dispensary.timezone,
      },
      orderNumber: order.orderNumber,
      soldAt,
      // An order placed online was ordered before it was sold: the receipt says both.
      orderedAt: order.source === 'online' ? order.createdAt : null,
      items: items.map((item) => ({
        name: item.name,
        type: item.type,
        deli: item.deli,
        unitType: item.unitType,
        quantityMilli: item.quantityMilli,
        amount: item.lineSubTotalCents + item.lineDiscountCents,
        packageLabel: item.packageLabel,
        cannabisWeightMg: item.cannabisWeightMg,
        thcMg: item.thcMg,
        discounts: lineDiscounts({
          beforeCents: item.lineSubTotalCents,
          afterCents: item.lineSubTotalCents + item.lineDiscountCents,
          description: item.discountDescription,
          discounts: item.dealDiscounts,
        }),
      })),
      totals: {
        subTotal: totals.subTotal,
        discount: totals.discount + totals.tierDiscount,
        tax: totals.tax,
        payByPoints: totals.payByPoints,
        total: totals.total,
      },
      taxLayers: extras?.taxLayers ? (JSON.parse(extras.taxLayers) as TaxLayer[]) : null,
      payments: records,
      cashier,
      profile: enforcedProfile(this.profiles, dispensary),
      customerType: isCustomerType(customerType) ? customerType : null,
      printedAt: this.now(),
      reprint,
      points,
    });
    const returned = await this.returned.ofRefunds(
      this.db,
      refunds.map((refund) => refund.id),
    );
    const refunded = withReturned(refunds, returned, items);
    return withMoneyLines(receipt, refundLines(records, refunded, dispensary.timezone));
  }

  /** What the sale moved of its customer's points (refunds netted) and their balance now; null: none moved. */
  private async pointsOf(orderId: string, customerId: string) {
    const moved = await this.ledger.ofOrder(this.db, orderId);
    const { gross } = moved;
    if (gross.earned === 0 && gross.spent === 0) return null;
    const { points } = await this.ledger.balance(this.db, customerId);
    const undone = moved.earned === 0 && moved.spent === 0 ? { earned: gross.earned, spent: -gross.spent } : undefined;
    return { earned: moved.earned, spent: -moved.spent, balance: points, ...(undone && { undone }) };
  }
}
