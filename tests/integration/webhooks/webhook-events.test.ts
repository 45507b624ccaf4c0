import { describe, expect, it } from 'vitest';
import { verifyWebhook } from '../../../examples/integrator/verify-webhook.js';
import type { PaymentRecord } from '../../../shared/contracts/payment.js';
import { SIGNATURE_HEADER, type WebhookEvent, type WebhookPaymentData } from '../../../shared/contracts/webhooks.js';
import {
  cardApprovedTicket,
  createTicket,
  GOOD_CARD,
  pay,
  payByCard,
  session,
} from '../payments/support/payment-fixtures.js';
import { addEndpoint, webhookHarness } from './webhook-support.js';

const web = webhookHarness();

/** The fields of every event, and of a payment event's `data`, as the README documents them. */
const EVENT_FIELDS = [
  'id',
  'type',
  'createdAt',
  'organizationId',
  'dispensaryId',
  'dispensaryShortName',
  'sequence',
  'data',
];
const PAYMENT_DATA_FIELDS = [
  'id',
  'sessionId',
  'ticketId',
  'ticketAlphaNumId',
  'entityId',
  'status',
  'method',
  'providerTransType',
  'providerPaymentType',
  'paymentDirection',
  'captured',
  'originalAmount',
  'taxAmount',
  'tipAmount',
  'feeAmount',
  'cashbackAmount',
  'chargedAmount',
  'refundedAmount',
  'tenderedAmount',
  'changeDue',
  'cardBrand',
  'cardLast4',
  'customer',
  'processorId',
  'processorName',
  'referenceNumber',
  'invoiceId',
  'chargeId',
  'processorResponseCode',
  'processorResponseMessage',
  'processorResponseDetailMessage',
  'paymentDeviceConfigurationId',
  'employeeReferenceId',
  'associateId',
  'transactingAssociateId',
  'lastActionTaken',
  'updatedAt',
];

const manager = () => web.service.tokens.manager;
/** A ticket paid with a keyed card on the virtual terminal: the order and its payment id. */
async function paidTicket(index: number) {
  const ticket = await cardApprovedTicket(web.service, index);
  return { ...ticket, paymentId: (await payByCard(web.service, ticket)).id };
}

const post = (path: string, payload: object = {}) =>
  web.service.request({ method: 'POST', url: path, headers: { authorization: `Bearer ${manager()}` }, payload });

describe('webhook events', () => {
  it('every event type arrives, signed so the README verifier accepts it, sequenced per order', async () => {
    const { secret } = await addEndpoint(web.service, web.url);
    // Paid, voided (the order reopens), canceled.
    const first = await paidTicket(0);
    expect((await post(`/v2.0/payments/${first.paymentId}/void`)).statusCode).toBe(200);
    const canceled = await web.service.request({
      method: 'POST',
      url: `/v2.0/dispensary/demo/ecommerce/ticket/${first.orderId}/cancel`,
      headers: web.service.headers,
    });
    expect(canceled.statusCode, canceled.body).toBe(200);
    // Paid, then part of it refunded.
    const second = await paidTicket(1);
    expect((await post(`/v2.0/payments/${second.paymentId}/refund`, { amount: 100 })).statusCode).toBe(200);
    // Declined ($x.51), then authorized by ACH.
    const third = await createTicket(web.service, 1, 2);
    const declining = await session(web.service, manager(), {
      channel: 'virtual_terminal',
      ticketAlphaNumId: third.orderNumber,
      originalAmount: 1051,
    });
    const declined = await pay(web.service, manager(), declining.sessionId, {
      paymentMethod: 'Credit',
      card: GOOD_CARD,
    });
    expect(declined.json<{ payment: PaymentRecord }>().payment.status).toBe('declined');
    const ach = await session(web.service, web.service.tokens.admin, {
      channel: 'ecommerce',
      ticketAlphaNumId: third.orderNumber,
      originalAmount: third.total,
    });
    const started = await pay(web.service, web.service.tokens.admin, ach.sessionId, { paymentMethod: 'ACH' });
    const token = started.json<{ pending: { paylinkUrl: string } }>().pending.paylinkUrl.split('#')[1]!;
    const bank = { accountHolder: 'Ada Lovelace', routingNumber: '021000021', accountNumber: '000123456789' };
    const authorized = await web.service.request({
      method: 'POST',
      url: `/v2.0/paylinks/${token}/authorize`,
      payload: bank,
    });
    expect(authorized.json()).toMatchObject({ status: 'approved' });

    await web.dispatcher.runDue();
    const byOrder = new Map<string, { type: string; sequence: number }[]>();
    for (const entry of web.receiver.received) {
      const event = verifyWebhook(entry.body, entry.headers[SIGNATURE_HEADER.toLowerCase()] as string, secret);
      expect(entry.headers['servicepay-event-id']).toBe(event.id);
      const data = event.data as { orderId?: string; ticketAlphaNumId?: string };
      const orderId =
        data.orderId ?? [first, second, third].find((t) => t.orderNumber === data.ticketAlphaNumId)!.orderId;
      byOrder.set(orderId, [...(byOrder.get(orderId) ?? []), { type: event.type, sequence: event.sequence }]);
    }
    const inOrder = (orderId: string) =>
      byOrder
        .get(orderId)!
        .sort((a, b) => a.sequence - b.sequence)
        .map((event) => event.type);
    expect(inOrder(first.orderId)).toEqual([
      'order.created',
      'payment.approved',
      'order.paid',
      'payment.voided',
      'order.reopened',
      'order.canceled',
    ]);
    expect(inOrder(second.orderId)).toEqual(['order.created', 'payment.approved', 'order.paid', 'payment.refunded']);
    expect(inOrder(third.orderId)).toEqual([
      'order.created',
      'payment.declined',
      'payment.approved',
      'order.authorized',
    ]);
    for (const events of byOrder.values()) {
      expect(events.map((event) => event.sequence)).toEqual(events.map((_, index) => index + 1));
    }
    // The order as the API returns it, as it was when the event happened.
    const paid = web.receiver
      .events()
      .find((event) => event.type === 'order.paid' && event.data.orderId === second.orderId)!;
    expect(paid.data).toMatchObject({ orderId: second.orderId, orderNumber: second.orderNumber, status: 'PAID' });
    const refunded = web.receiver.events().find((event) => event.type === 'payment.refunded')!;
    expect(refunded.data).toMatchObject({ id: second.paymentId, ticketAlphaNumId: second.orderNumber });
    expect((refunded as { refund?: unknown }).refund).toEqual({ amount: 100, totalRefunded: 100 });
  });

  it('payment.refunded says this refund and all refunded so far, in cents like the rest of the payment', async () => {
    web.receiver.received.length = 0;
    await addEndpoint(web.service, web.url, ['payment.approved', 'payment.refunded']);
    const paid = await paidTicket(4);
    expect((await post(`/v2.0/payments/${paid.paymentId}/refund`, { amount: 100 })).statusCode).toBe(200);
    expect((await post(`/v2.0/payments/${paid.paymentId}/refund`)).statusCode).toBe(200); // the rest
    await web.dispatcher.runDue();
    const events = web.receiver.events().sort((a, b) => a.sequence - b.sequence);
    expect(events.map((event) => event.type)).toEqual(['payment.approved', 'payment.refunded', 'payment.refunded']);
    const [approved, part, rest] = events as unknown as WebhookEvent<WebhookPaymentData>[];
    const charged = approved!.data.chargedAmount;
    expect(charged).toBe(paid.total);
    expect(approved!.data).toMatchObject({ status: 'approved', refundedAmount: 0 });
    expect(approved!.refund).toBeUndefined();
    expect(part!.data).toMatchObject({ status: 'approved', chargedAmount: charged, refundedAmount: 100 });
    expect(part!.refund).toEqual({ amount: 100, totalRefunded: 100 });
    expect(rest!.data).toMatchObject({ status: 'refunded', refundedAmount: charged });
    expect(rest!.refund).toEqual({ amount: charged - 100, totalRefunded: charged });
    // Every field the README's table documents, and no other.
    expect(Object.keys(rest!).sort()).toEqual([...EVENT_FIELDS, 'refund'].sort());
    expect(Object.keys(rest!.data).sort()).toEqual([...PAYMENT_DATA_FIELDS].sort());
  });

  it('a tampered body, a wrong secret or an old signature is refused by the verifier', async () => {
    web.receiver.received.length = 0;
    const { secret } = await addEndpoint(web.service, web.url, ['order.created']);
    await createTicket(web.service, 1, 3);
    await web.dispatcher.runDue();
    const [delivery] = web.receiver.received;
    const header = delivery!.headers[SIGNATURE_HEADER.toLowerCase()] as string;
    expect(() => verifyWebhook(delivery!.body, header, secret)).not.toThrow();
    expect(() => verifyWebhook(delivery!.body.replace('order.created', 'order.paid'), header, secret)).toThrow(
      'does not match',
    );
    expect(() => verifyWebhook(delivery!.body, header, `${secret}x`)).toThrow('does not match');
    expect(() => verifyWebhook(delivery!.body, header, secret, Date.now() + 301_000)).toThrow('5 minutes');
  });
});
