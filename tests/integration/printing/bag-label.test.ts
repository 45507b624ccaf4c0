import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrintResult } from '../../../shared/contracts/printers.js';
import type { Ticket } from '../../../shared/contracts/ticket.js';
import { TestPrinter } from '../../support/test-printer.js';
import { loginAt } from '../cash/support/drawer-fixtures.js';
import { paymentService, type PaymentHarness } from '../payments/support/payment-fixtures.js';
import { products } from '../support/catalog-fixtures.js';
import { DEMO_CLIENT } from '../support/demo-service.js';
import { addCustomer } from './support/customer-sales.js';

// A packed online order's bag labels on the register's ESC/POS printer: who it is for, its number
// as a Code 128 barcode (scanned at the counter to hand it over), its items and which bag.
let service: PaymentHarness;
let printer: TestPrinter;
let front: string;
beforeAll(async () => {
  service = await paymentService({ printerTimeoutMs: 600 });
  printer = await new TestPrinter().start();
  front = await loginAt(service.app, 'cashier', 'cashier-demo-1', 'front-1');
  const manager = await loginAt(service.app, 'manager', 'manager-demo-1', 'office');
  const set = await service.request({
    method: 'PUT',
    url: '/v2.0/dispensary/demo/setup/printers/front-1',
    headers: { authorization: `Bearer ${manager}` },
    payload: { address: printer.address },
  });
  expect(set.statusCode, set.body).toBe(200);
});
afterAll(async () => {
  await printer.stop();
  await service.close();
});

/** An online order (placed by the storefront's login, not at a register) of counted and weighed lines. */
async function onlineOrder(customerId?: string): Promise<Ticket> {
  const [counted] = await products(service.app, 'p.deli = 0 AND k.on_hand_milli - k.reserved_milli >= 5000');
  const [weighed] = await products(service.app, 'p.deli = 1 AND k.on_hand_milli - k.reserved_milli >= 5000');
  const items = [
    { productId: counted!.id, quantity: 3 },
    { productId: weighed!.id, quantity: 1.5 },
  ];
  const created = await service.request({
    method: 'POST',
    url: '/v2.0/dispensary/demo/ecommerce/ticket',
    headers: service.headers,
    payload: { type: 'PICKUP', items, ...(customerId && { customerId }) },
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json<Ticket>();
}

function print(body: object, token = front) {
  return service.request({
    method: 'POST',
    url: '/v2.0/dispensary/demo/registers/front-1/printer/print',
    headers: { authorization: `Bearer ${token}` },
    payload: body,
  });
}

describe('bag labels', () => {
  it('prints one label a bag: the customer, the order number as a barcode, the items and which bag', async () => {
    const customer = await addCustomer(service, service.token, 'B1234567', { firstName: 'Ada', lastName: 'lovelace' });
    const order = await onlineOrder(customer.id);
    const before = printer.jobs.length;
    const printed = await print({ bagLabel: { orderId: order.orderId, bags: 2 } });
    expect(printed.statusCode, printed.body).toBe(200);
    expect(printed.json<PrintResult>()).toMatchObject({ printed: true, configured: true, drawerOpened: false });
    expect(printer.jobs.length).toBe(before + 1);
    const label = printer.decoded.at(-1)!;
    expect(label.barcodes).toEqual([order.orderNumber, order.orderNumber]);
    expect(label.cuts).toBe(2);
    expect(label.kicks).toEqual([]);
    const text = label.lines.map((line) => line.trim()).filter((line) => line !== '');
    // Three units and one weighed line: four items.
    for (const bag of [1, 2]) {
      expect(text).toContain(`4 items, bag ${bag} of 2`);
    }
    expect(text.filter((line) => line === 'Ada L.')).toHaveLength(2);
    expect(text).toContain(`Online order ${order.orderNumber}`);
    expect(text.some((line) => /^Packed .*\d{4}, \d{1,2}:\d{2}/.test(line))).toBe(true);
  });

  it('names the order when it names no customer, and prints one label when the bags are not said', async () => {
    const order = await onlineOrder();
    const printed = await print({ bagLabel: { orderId: order.orderId } });
    expect(printed.statusCode, printed.body).toBe(200);
    const label = printer.decoded.at(-1)!;
    expect(label.cuts).toBe(1);
    expect(label.lines.map((line) => line.trim())).toContain(`Order ${order.orderNumber}`);
  });

  it('refuses in words a register sale, an order handed over or canceled, bad bags, and prints nothing', async () => {
    const before = printer.jobs.length;
    const refused = async (body: object, status: number) => {
      const answer = await print(body);
      expect(answer.statusCode, answer.body).toBe(status);
      return answer.json<{ resultDetail: string }>().resultDetail;
    };
    const [product] = await products(service.app, 'p.deli = 0 AND k.on_hand_milli - k.reserved_milli >= 5000');
    const sold = await service.request({
      method: 'POST',
      url: '/v2.0/dispensary/demo/ecommerce/ticket',
      headers: { ...DEMO_CLIENT, authorization: `Bearer ${front}` },
      payload: { type: 'PICKUP', items: [{ productId: product!.id, quantity: 1 }] },
    });
    const sale = sold.json<Ticket>();
    expect(await refused({ bagLabel: { orderId: sale.orderId } }, 409)).toBe(
      `order ${sale.orderNumber} was sold at a register: it has no bag label`,
    );
    const canceled = await onlineOrder();
    const cancel = await service.request({
      method: 'POST',
      url: `/v2.0/dispensary/demo/ecommerce/ticket/${canceled.orderId}/cancel`,
      headers: service.headers,
      payload: {},
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await refused({ bagLabel: { orderId: canceled.orderId } }, 409)).toBe(
      `order ${canceled.orderNumber} was canceled: it has no bag label to print`,
    );
    expect(await refused({ bagLabel: { orderId: 'nope' } }, 404)).toBe('order nope not found');
    // Every bad count of bags is told the same rule and what was sent (electron/server/http/rule-words.ts).
    const bags = (value: unknown) => refused({ bagLabel: { orderId: canceled.orderId, bags: value } }, 400);
    const rule = 'bagLabel.bags must be a whole number from 1 to 20, not';
    expect(await bags(0)).toBe(`${rule} 0`);
    expect(await bags(21)).toBe(`${rule} 21`);
    expect(await bags(-1)).toBe(`${rule} -1`);
    expect(await bags(2.5)).toBe(`${rule} 2.5`);
    expect(await bags('two')).toBe(`${rule} the text "two"`);
    expect(await refused({ bagLabel: { orderId: canceled.orderId }, test: true }, 400)).toBe(
      'a print names exactly one thing to print: receipt, bagLabel, report or test',
    );
    expect(printer.jobs.length).toBe(before);
  });
});
