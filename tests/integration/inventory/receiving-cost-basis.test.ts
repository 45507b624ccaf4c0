import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SalesReport } from '../../../shared/contracts/reports.js';
import type { StockValue } from '../../../shared/contracts/stock-value.js';
import {
  pay,
  paymentService,
  session,
  waitForSession,
  type PaymentHarness,
} from '../payments/support/payment-fixtures.js';
import { get } from '../reports/support/report-sales.js';

// A package received by weight at a price its grams do not divide (28 g for $100.00: 357.142… ¢ a
// gram) is worth its price on the shelf and costs each sale its share to the cent (migration 068).
// With one unit's cost kept in whole cents, the shelf said $99.96 and a quarter ounce cost $24.99.
const LABEL = '1A4FF0100000022000000299';
const MANIFEST = [
  '# Manifest: 0004519999',
  '# Shipper licence: C11-0000123-LIC',
  'Package Label,Item Name,Category,Strain,Shipped Qty,UOM,Received Qty,Wholesale Price,Packaged Date,Expiration Date',
  `${LABEL},Granddaddy Purple Bulk,Buds,Granddaddy Purple,28,Grams,28,$100.00,2026-11-20,2027-01-31`,
].join('\n');
const at = new Date('2026-12-01T19:00:00.000Z'); // 11:00 in Sacramento
let service: PaymentHarness;

beforeAll(async () => {
  service = await paymentService({ now: () => at });
});
afterAll(() => service.close());

const manager = (method: 'GET' | 'POST', path: string, payload?: object) =>
  service.request({
    method,
    url: `/v2.0/dispensary/demo/setup${path}`,
    headers: { authorization: `Bearer ${service.tokens.manager}` },
    ...(payload ? { payload } : {}),
  });

describe('a package received by weight at a price its grams do not divide', () => {
  it('is worth its price at cost, and a quarter of it sold costs a quarter of it, to the cent', async () => {
    const stockBefore = (await manager('GET', '/inventory/value')).json<StockValue>();
    const received = await manager('POST', '/inventory/receipts', {
      format: 'csv',
      text: MANIFEST,
      room: 'Sales floor',
      packages: [{ label: LABEL, productId: 'DEL-001' }],
    });
    expect(received.statusCode, received.body).toBe(200);
    expect(received.json().receipt.lines[0]).toMatchObject({ received: 28, unitCostCents: 357 });

    const stock = (await manager('GET', '/inventory/value')).json<StockValue>();
    const flower = (value: StockValue) => value.categories.find((line) => line.category === 'FLOWER')!;
    expect(flower(stock).costCents - flower(stockBefore).costCents).toBe(10_000);

    // 7 g of it (it expires, so it sells before the deli jar's package without a date).
    const product = (await manager('GET', '/products/DEL-001')).json<{ product: { productId: string } }>().product;
    const ticket = await service.request({
      method: 'POST',
      url: '/v2.0/dispensary/demo/ecommerce/ticket',
      headers: service.headers,
      payload: { type: 'PICKUP', items: [{ productId: product.productId, quantity: 7 }] },
    });
    expect(ticket.statusCode, ticket.body).toBe(201);
    const { orderNumber, total } = ticket.json<{ orderNumber: string; total: string }>();
    const cents = Math.round(Number(total) * 100);
    const token = service.tokens.manager;
    const opened = await session(service, token, {
      channel: 'pos',
      ticketAlphaNumId: orderNumber,
      originalAmount: cents,
    });
    const paid = await pay(service, token, opened.sessionId, { paymentMethod: 'Cash', tenderedAmount: cents });
    expect(paid.statusCode, paid.body).toBeLessThan(300);
    await waitForSession(service, token, opened.sessionId, (s) => s.payments.some((p) => p.status === 'approved'));

    const report = await get<SalesReport>(
      service,
      '/v2.0/dispensary/demo/reports/sales?from=2026-12-01&to=2026-12-01&by=category',
    );
    expect(report.status, JSON.stringify(report.body)).toBe(200);
    expect(report.body.total.costCents).toBe(2500);
    // Sold by weight: grams, said as grams, never added to units.
    expect(report.body.total).toMatchObject({ quantityMilli: 7000, weighedMilli: 7000 });
    expect(report.body.total.netWithoutCostCents).toBe(0);
  });
});
