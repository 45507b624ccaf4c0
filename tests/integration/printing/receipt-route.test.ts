import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALIFORNIA } from '../../support/state-profiles.js';
import type { ReceiptResponse } from '../../../shared/contracts/receipts.js';
import { parseDecimal } from '../../../shared/money.js';
import type { ReceiptLine } from '../../../shared/receipt/receipt-document.js';
import { products } from '../support/catalog-fixtures.js';
import { cents } from '../support/demo-service.js';
import { paymentService, type PaymentHarness } from '../payments/support/payment-fixtures.js';
import { addCustomer, paidCashSale } from './support/customer-sales.js';

// GET …/orders/<id>/receipt: the receipt the service lays out for every print, on a store with no
// state rules (today's receipt, with tags) and on one selling under California's.
let service: PaymentHarness;
const pick: Record<'eighth' | 'edible' | 'accessory', string> = { eighth: '', edible: '', accessory: '' };

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const receiptOf = (orderId: string, token = service.token, query = '') =>
  service.request({
    method: 'GET',
    url: `/v2.0/dispensary/demo/orders/${orderId}/receipt${query}`,
    headers: bearer(token),
  });

/** The receipt's lines, read as a test reads paper: each line's words. */
async function receiptLines(orderId: string, token = service.token, query = ''): Promise<ReceiptLine[]> {
  const answer = await receiptOf(orderId, token, query);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<ReceiptResponse>().receipt.lines;
}
const words = (lines: ReceiptLine[]) =>
  lines.map((line) => {
    if (line.kind === 'row') return `${line.label}=${line.amount}`;
    if (line.kind === 'rule') return '--';
    return line.kind === 'barcode' ? line.value : line.text;
  });

const sale = (items: { productId: string; quantity: number }[], customerId?: string) =>
  paidCashSale(service, service.token, items, customerId);
const customer = (idNumber: string, extra: object = {}) => addCustomer(service, service.token, idNumber, extra);

const setStore = (payload: object) =>
  service.request({
    method: 'PUT',
    url: '/v2.0/dispensary/demo/setup/store',
    headers: bearer(service.tokens.manager),
    payload,
  });

beforeAll(async () => {
  service = await paymentService();
  const first = async (condition: string) => (await products(service.app, `${condition} AND p.deli = 0`))[0]!.id;
  pick.eighth = await first("p.type = 'FLOWER' AND p.cannabis_weight_mg = 3500 AND k.on_hand_milli > 20000");
  pick.edible = await first("p.type = 'EDIBLE' AND p.thc_mg IS NOT NULL AND k.on_hand_milli > 20000");
  pick.accessory = await first("p.type = 'ACCESSORY' AND k.on_hand_milli > 20000");
}, 60_000);
afterAll(() => service.close());

describe('a receipt at a store with no state rules', () => {
  it('is today’s receipt with each line’s package tag, sold by its cashier, whoever reads it', async () => {
    const ticket = await sale([
      { productId: pick.eighth, quantity: 2 },
      { productId: pick.accessory, quantity: 1 },
    ]);
    const printed = words(await receiptLines(ticket.orderId, service.tokens.manager));
    for (const item of ticket.items.filter((line) => line.packageLabel)) {
      expect(printed).toContain(`Tag ${item.packageLabel}`);
    }
    expect(printed).toContain(`Order ${ticket.orderNumber}`);
    expect(printed).toContain('Cashier: Casey Cashier');
    expect(printed.filter((line) => /tax/i.test(line))).toEqual([`Tax=$${ticket.tax}`]);
    expect(printed.join('\n')).not.toMatch(/WARNING|Customer:|State licence| g cannabis/);
  });

  it('refuses a pole display, an unknown order and a malformed id', async () => {
    const ticket = await sale([{ productId: pick.accessory, quantity: 1 }]);
    expect((await receiptOf(ticket.orderId, service.tokens.display)).statusCode).toBe(403);
    const unknown = await receiptOf(randomUUID());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ resultCode: 'FAIL', resultReason: 'NOT_FOUND' });
    expect((await receiptOf('not-an-order')).statusCode).toBe(400);
    const anonymous = await service.request({
      method: 'GET',
      url: `/v2.0/dispensary/demo/orders/${ticket.orderId}/receipt`,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('when a receipt says the order was sold', () => {
  /** Moves the order's own times (made, paid) to these instants, as a sale that took six minutes. */
  async function timed(orderId: string, made: string, paid: string): Promise<void> {
    const { db } = service.app.ctx;
    await db.run(db.builder.updateTable('orders').set({ created_at: made }).where('id', '=', orderId));
    await db.run(db.builder.updateTable('payments').set({ completed_at: paid }).where('order_id', '=', orderId));
  }

  it('an order placed online at 7:02 PM and paid at 7:08 PM: sold at 7:08 PM, ordered at 7:02 PM, in the store’s time', async () => {
    const ticket = await sale([{ productId: pick.accessory, quantity: 1 }]);
    expect(ticket.source).toBe('online');
    await timed(ticket.orderId, '2026-12-05T03:02:00.000Z', '2026-12-05T03:08:00.000Z');
    const printed = words(await receiptLines(ticket.orderId));
    const order = printed.indexOf(`Order ${ticket.orderNumber}`);
    expect(printed.slice(order + 1, order + 3)).toEqual([
      'Sold Dec\u00a04,\u00a02026, 7:08\u00a0PM\u00a0PST',
      'Ordered 7:02\u00a0PM',
    ]);
    // The back office's copy: when it printed, then the same sale.
    const copy = words(await receiptLines(ticket.orderId, service.tokens.manager, '?reprint=1'));
    expect(copy).toContain('Sold Dec\u00a04,\u00a02026, 7:08\u00a0PM\u00a0PST');
    expect(copy.join('\n')).not.toContain('7:02\u00a0PM\u00a0PST');
  });
});

describe('a receipt at a store selling under California’s rules', () => {
  beforeAll(async () => {
    const set = await setStore({ complianceProfile: 'us-ca', licenceNumber: ' c10-0000123-lic ' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json<{ store: { licenceNumber: string } }>().store.licenceNumber).toBe('C10-0000123-LIC');
  });

  it('refuses a licence number that is not one, saying why', async () => {
    const refused = await setStore({ licenceNumber: 'C10 <script>' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ resultDetail: string }>().resultDetail).toMatch(/^licenceNumber may hold only letters/);
  });

  it('carries the licence, tags, weights, THC, the tax by layer, the customer’s type and the warning', async () => {
    const buyer = await customer('D3000001');
    const ticket = await sale(
      [
        { productId: pick.eighth, quantity: 2 },
        { productId: pick.edible, quantity: 1 },
        { productId: pick.accessory, quantity: 1 },
      ],
      buyer.id,
    );
    const printed = words(await receiptLines(ticket.orderId));
    expect(printed).toContain('State licence C10-0000123-LIC');
    expect(printed).toContain('Customer: adult-use');
    const flower = printed.findIndex((line) => line.startsWith(`2 × ${ticket.items[0]!.name}=`));
    expect(printed.slice(flower + 1, flower + 3)).toEqual([`Tag ${ticket.items[0]!.packageLabel}`, '7 g cannabis']);
    const edible = printed.findIndex((line) => line.startsWith(`1 × ${ticket.items[1]!.name}=`));
    // Its product's own promotion, when it has one, is named under it (indented) before its details.
    const promotion = ticket.items[1]!.discountDescription;
    if (promotion) expect(printed[edible + 1]).toMatch(new RegExp(`^  ${promotion}=-\\$\\d+\\.\\d\\d$`));
    const details = printed.slice(edible + 1).filter((line) => !line.startsWith('  '));
    expect(details[1]).toMatch(/^\d+(\.\d+)? g concentrate · \d+ mg THC$/);
    // The layers under the tax, excise first, add up to the order's tax.
    const tax = printed.indexOf(`Tax=$${ticket.tax}`);
    const below = printed.slice(tax + 1);
    const layers = below.slice(
      0,
      below.findIndex((line) => !line.startsWith('  ')),
    );
    expect(layers.map((line) => line.split('=')[0]!.trim())).toEqual(Object.values(CALIFORNIA.taxLayers));
    const sum = layers.reduce((total, line) => total + parseDecimal(line.split('=$')[1]!)!, 0);
    expect(sum).toBe(cents(ticket.tax));
    expect(printed).toContain(CALIFORNIA.receiptWarning);
  });

  it('names a medical customer’s type, and marks a reprint', async () => {
    const patient = await customer('D3000002', {
      customerType: 'medical',
      medical: { number: 'MMIC-123456', expires: '2030-01-01' },
    });
    const ticket = await sale([{ productId: pick.eighth, quantity: 1 }], patient.id);
    const printed = words(await receiptLines(ticket.orderId, service.token, '?reprint=1'));
    expect(printed).toContain('Customer: medical');
    expect(printed).toContain('Reprint');
    expect(printed.join('\n')).not.toContain('MMIC-123456');
  });
});
