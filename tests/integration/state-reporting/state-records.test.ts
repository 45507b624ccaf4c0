import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Customer } from '../../../shared/contracts/customers.js';
import { OrdersRepository } from '../../../electron/server/tickets/orders-repository.js';
import { queryRow } from '../../support/sql.js';
import { paymentService, type PaymentHarness } from '../payments/support/payment-fixtures.js';
import { cents } from '../support/demo-service.js';
import { configure, managerPost, orderLines, paidTicket, stateCall, stateRecords } from './state-support.js';

// The outbox of state records, as the sales, voids and refunds of the demo store write it. The
// clock is noon, June 15, 2026 in the store's zone (Los Angeles, PDT).
const NOW = Date.parse('2026-06-15T19:00:00Z');
const DAY = '2026-06-15';
let service: PaymentHarness;

beforeAll(async () => {
  service = await paymentService({ now: () => new Date(NOW) });
}, 60_000);
afterAll(() => service.close());

const countRecords = async () =>
  Number((await queryRow<{ n: number }>(service.app, sql`SELECT COUNT(*) AS n FROM state_receipts`))!.n);

describe('state records in the outbox', () => {
  it('a store with no compliance profile and no state reporting records nothing', async () => {
    await paidTicket(service, 0);
    expect(await countRecords()).toBe(0);
    const seen = await stateCall(service, 'GET', '');
    expect(seen.json()).toMatchObject({
      stateReporting: { configured: false, enabled: false, recording: false, vendorKeyLast4: null },
    });
  });

  it('a sale writes its record in the transaction that makes the order PAID, with every field the state needs', async () => {
    // Configured but off: records are written and wait; nothing is sent.
    const view = await configure(service, { licenseNumber: 'C10-0000001-LIC' });
    expect(view).toMatchObject({ configured: false, enabled: false, recording: true });
    const sold = await paidTicket(service, 1, 2);
    const order = await orderLines(service, sold.orderId);
    expect(order.status).toBe('PAID');
    const [sale] = (await stateRecords(service, DAY)).filter((record) => record.orderId === sold.orderId);
    expect(sale).toMatchObject({
      kind: 'sale',
      orderNumber: sold.orderNumber,
      salesDateTime: '2026-06-15T12:00:00',
      customerType: 'adult_use',
      patientLicenseNumber: null,
      status: 'pending',
      attempts: 0,
      refundCents: 0,
      stateReceiptId: null,
      lines: order.items.map((item) => ({
        packageLabel: item.packageLabel,
        quantity: 2,
        unitOfMeasure: 'Each',
        totalCents: cents(item.priceSell),
      })),
    });
    expect(sale!.lines[0]!.packageLabel).toMatch(/^1A4060300003D12000\d{6}$/);
    expect(sale!.totalCents).toBe(cents(order.items[0]!.priceSell));
  });

  it('a void of the payment reopens the order and writes the reversing record; canceling it then adds none', async () => {
    const sold = await paidTicket(service, 2);
    expect((await managerPost(service, `/v2.0/payments/${sold.paymentId}/void`)).statusCode).toBe(200);
    const canceled = await service.request({
      method: 'POST',
      url: `/v2.0/dispensary/demo/ecommerce/ticket/${sold.orderId}/cancel`,
      headers: service.headers,
    });
    expect(canceled.statusCode, canceled.body).toBe(200);
    const records = (await stateRecords(service, DAY)).filter((record) => record.orderId === sold.orderId);
    expect(records.map((record) => record.kind)).toEqual(['sale', 'void']);
    const [sale, reversal] = records;
    expect(reversal).toMatchObject({
      lines: sale!.lines,
      salesDateTime: sale!.salesDateTime,
      customerType: 'adult_use',
      totalCents: 0,
      status: 'pending',
    });
    const link = await queryRow<{ saleId: string }>(
      service.app,
      sql`SELECT sale_id AS "saleId" FROM state_receipts WHERE id = ${reversal!.id}`,
    );
    expect(link!.saleId).toBe(sale!.id);
  });

  it('a partial refund writes a refund record with the amounts lowered; a refund of the rest reopens and voids', async () => {
    const sold = await paidTicket(service, 3, 2);
    expect((await managerPost(service, `/v2.0/payments/${sold.paymentId}/refund`, { amount: 500 })).statusCode).toBe(
      200,
    );
    let records = (await stateRecords(service, DAY)).filter((record) => record.orderId === sold.orderId);
    expect(records.map((record) => record.kind)).toEqual(['sale', 'refund']);
    const [sale, refund] = records;
    const lowered = Math.round((sale!.totalCents * 500) / sold.total);
    expect(refund).toMatchObject({ refundCents: 500, totalCents: sale!.totalCents - lowered });
    expect(refund!.lines).toEqual([{ ...sale!.lines[0], totalCents: sale!.totalCents - lowered }]);
    expect((await managerPost(service, `/v2.0/payments/${sold.paymentId}/refund`, {})).statusCode).toBe(200);
    records = (await stateRecords(service, DAY)).filter((record) => record.orderId === sold.orderId);
    expect(records.map((record) => [record.kind, record.refundCents])).toEqual([
      ['sale', 0],
      ['refund', 500],
      ['refund', sold.total - 500],
      ['void', 0],
    ]);
    expect(records[2]!.totalCents).toBe(0);
  });

  it("a medical patient's sale carries their recommendation number", async () => {
    const added = await service.request({
      method: 'POST',
      url: '/v2.0/dispensary/demo/customers',
      headers: service.headers,
      payload: {
        firstName: 'Pat',
        lastName: 'Rivera',
        dateOfBirth: '1980-03-02',
        idType: 'drivers_licence',
        idNumber: 'D7654321',
        idJurisdiction: 'CA',
        idExpiry: '2030-03-02',
        customerType: 'medical',
        medical: { number: 'MMIC-0042', expires: '2027-01-01' },
      },
    });
    expect(added.statusCode, added.body).toBe(201);
    const patient = added.json<{ customer: Customer }>().customer;
    const sold = await paidTicket(service, 4, 1, patient.id);
    const [sale] = (await stateRecords(service, DAY)).filter((record) => record.orderId === sold.orderId);
    expect(sale).toMatchObject({ kind: 'sale', customerType: 'medical', patientLicenseNumber: 'MMIC-0042' });
  });

  it('a status change that rolls back writes no record', async () => {
    const sold = await paidTicket(service, 5);
    const before = await countRecords();
    const orders = new OrdersRepository(service.app.ctx.db, service.app.changes.orders);
    await expect(
      service.app.ctx.db.write(async (tx) => {
        expect(
          await orders.move(
            tx,
            sold.orderId,
            { status: 'PAID', paymentStatus: 'PAID' },
            { status: 'AWAITING_PROCESSING', paymentStatus: 'UNPAID' },
            'test',
            new Date(NOW).toISOString(),
          ),
        ).toBe(true);
        throw new Error('the change fails after the status was written');
      }),
    ).rejects.toThrow('the change fails');
    expect(await countRecords()).toBe(before);
  });

  it('another day of the store lists nothing; a malformed day is refused saying why', async () => {
    expect(await stateRecords(service, '2026-06-14')).toEqual([]);
    const refused = await stateCall(service, 'GET', '/records?day=15-06-2026');
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ resultDetail: string }>().resultDetail).toMatch(/day/);
  });
});
