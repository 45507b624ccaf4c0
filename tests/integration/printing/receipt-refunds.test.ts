import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentRecord } from '../../../shared/contracts/payment.js';
import type { ReceiptResponse } from '../../../shared/contracts/receipts.js';
import { formatMoney } from '../../../shared/money.js';
import type { ReceiptLine } from '../../../shared/receipt/receipt-document.js';
import { storeStamp } from '../../../shared/store-time.js';
import { products } from '../support/catalog-fixtures.js';
import { cents } from '../support/demo-service.js';
import { pay, paymentService, session, type PaymentHarness } from '../payments/support/payment-fixtures.js';
import { paidCashSale } from './support/customer-sales.js';

// A receipt printed after a refund (Today's orders → Reprint, the back office's Print receipt): the
// sale's payments as taken, then each refund since (method, amount, the store's time) and what the
// customer paid in the end.
let service: PaymentHarness;
let accessory = '';
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

beforeAll(async () => {
  service = await paymentService();
  accessory = (await products(service.app, "p.type = 'ACCESSORY' AND p.deli = 0 AND k.on_hand_milli > 20000"))[0]!.id;
}, 60_000);
afterAll(() => service.close());

async function reprint(orderId: string): Promise<string[]> {
  const answer = await service.request({
    method: 'GET',
    url: `/v2.0/dispensary/demo/orders/${orderId}/receipt?reprint=1`,
    headers: bearer(service.token),
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<ReceiptResponse>().receipt.lines.map((line: ReceiptLine) => {
    if (line.kind === 'row') return `${line.label}=${line.amount}`;
    if (line.kind === 'rule') return '--';
    return line.kind === 'barcode' ? line.value : line.text;
  });
}

async function refund(paymentId: string, amount: number): Promise<string> {
  const answer = await service.request({
    method: 'POST',
    url: `/v2.0/payments/${paymentId}/refund`,
    headers: { ...bearer(service.tokens.manager), 'idempotency-key': `${paymentId}-${amount}` },
    payload: { amount, reason: 'Returned' },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<{ refund: { createdAt: string } }>().refund.createdAt;
}

async function cashPayment(orderNumber: string): Promise<PaymentRecord> {
  const answer = await service.request({
    method: 'GET',
    url: `/v2.0/payments?dispensaryShortName=demo&ticketAlphaNumId=${orderNumber}`,
    headers: bearer(service.tokens.manager),
  });
  return answer.json<{ payments: PaymentRecord[] }>().payments[0]!;
}

/** The lines from the total to the rule that closes the money. */
const money = (lines: string[]) => {
  const from = lines.findIndex((line) => line.startsWith('Total='));
  return lines.slice(from, lines.indexOf('--', from));
};

describe('a reprint after a refund', () => {
  it('shows the cash tendered and change as taken, then the refund with its time, then what was paid in the end', async () => {
    const made = await service.request({
      method: 'POST',
      url: '/v2.0/dispensary/demo/ecommerce/ticket',
      headers: service.headers,
      payload: { type: 'PICKUP', items: [{ productId: accessory, quantity: 3 }] },
    });
    const ticket = made.json<{ orderId: string; orderNumber: string; total: string }>();
    const total = cents(ticket.total);
    const opened = await session(service, service.token, {
      ticketAlphaNumId: ticket.orderNumber,
      originalAmount: total,
    });
    const paid = await pay(service, service.token, opened.sessionId, {
      paymentMethod: 'Cash',
      tenderedAmount: total + 500,
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const payment = paid.json<{ payment: PaymentRecord }>().payment;
    const at = await refund(payment.id, 219);

    expect(money(await reprint(ticket.orderId))).toEqual([
      `Total=${formatMoney(total)}`,
      `Cash=${formatMoney(total + 500)}`,
      'Change=$5.00',
      'Refund Cash=-$2.19',
      storeStamp(at, 'America/Los_Angeles'),
      `Paid after refunds=${formatMoney(total - 219)}`,
    ]);
  });

  it('still lists a payment refunded in full, with its refunds, and nothing paid in the end', async () => {
    const ticket = await paidCashSale(service, service.token, [{ productId: accessory, quantity: 1 }]);
    const total = cents(ticket.total);
    const payment = await cashPayment(ticket.orderNumber);
    await refund(payment.id, 100);
    await refund(payment.id, total - 100);
    const printed = money(await reprint(ticket.orderId));
    expect(printed.filter((line) => line.includes('='))).toEqual([
      `Total=${formatMoney(total)}`,
      `Cash=${formatMoney(total)}`,
      'Refund Cash=-$1.00',
      `Refund Cash=${formatMoney(-(total - 100))}`,
      'Paid after refunds=$0.00',
    ]);
  });

  it('prints no refund lines for a sale without refunds', async () => {
    const ticket = await paidCashSale(service, service.token, [{ productId: accessory, quantity: 1 }]);
    expect((await reprint(ticket.orderId)).join('\n')).not.toMatch(/Refund|Paid after refunds/);
  });
});
