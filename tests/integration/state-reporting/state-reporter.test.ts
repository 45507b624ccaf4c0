import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { StateReporter } from '../../../electron/server/state-reporting/state-reporter.js';
import { paymentService, type PaymentHarness } from '../payments/support/payment-fixtures.js';
import { MetrcTestServer } from '../../support/metrc-test-server.js';
import { configure, managerPost, paidTicket, STATE_KEYS, stateCall, stateRecords } from './state-support.js';

// The reporting job against a state system on 127.0.0.1 that checks Metrc's shape and auth. The
// job's clock runs `offset` ahead of the wall clock: an hour of backoff in milliseconds.
let offset = 0;
const now = () => new Date(Date.now() + offset);
let service: PaymentHarness;
let reporter: StateReporter;
const state = new MetrcTestServer(STATE_KEYS);
let baseUrl: string;

beforeAll(async () => {
  service = await paymentService();
  baseUrl = await state.start();
  reporter = new StateReporter(service.app.ctx.db, { now, timeoutMs: 500, maxAttempts: 3 });
  await configure(service, { baseUrl, ...STATE_KEYS, enabled: true });
}, 60_000);
afterEach(() => {
  state.calls.length = 0;
  state.answers = [];
});
afterAll(async () => {
  await state.stop();
  await service.close();
});

const recordsOf = async (orderId: string) =>
  (await stateRecords(service)).filter((record) => record.orderId === orderId);
const seconds = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 1000;

describe('the state reporting job', () => {
  it('shows the keys by their last 4 only, and refuses to turn on without them, saying why', async () => {
    const seen = (await stateCall(service, 'GET', '')).json<{ stateReporting: Record<string, unknown> }>();
    expect(seen.stateReporting).toMatchObject({
      configured: true,
      enabled: true,
      baseUrl,
      licenseNumber: STATE_KEYS.licenseNumber,
      vendorKeyLast4: '1234',
      userKeyLast4: '5678',
    });
    expect(JSON.stringify(seen)).not.toContain(STATE_KEYS.vendorKey);
    const refusals: [object, RegExp][] = [
      [{ baseUrl: 'http://state.example.com' }, /baseUrl must start with https:\/\//],
      [{ baseUrl: 'https://user:pw@api-ca.metrc.com' }, /baseUrl must not carry a user name/],
      [{ baseUrl: 'https://169.254.169.254/latest' }, /baseUrl points at a private address \(169\.254\.169\.254\)/],
      [{ licenseNumber: 'C10 0001' }, /licenseNumber must be 1 to 60 letters/],
      [{ vendorKey: 'two words' }, /vendorKey must be 1 to 300 characters without spaces/],
    ];
    for (const [input, reason] of refusals) {
      const answer = await stateCall(service, 'PUT', '', input);
      expect(answer.statusCode, JSON.stringify(input)).toBe(400);
      expect(answer.json<{ resultDetail: string }>().resultDetail).toMatch(reason);
    }
  });

  it('sends a sale in Metrc’s shape with Basic auth, then its void as a DELETE of the receipt the state answered', async () => {
    const sold = await paidTicket(service, 0);
    expect(await reporter.runDue()).toBe(1);
    const [post] = state.calls;
    expect(post).toMatchObject({ method: 'POST', path: '/sales/v2/receipts', licenseNumber: STATE_KEYS.licenseNumber });
    const [sale] = await recordsOf(sold.orderId);
    expect(post!.body).toEqual([
      {
        SalesDateTime: sale!.salesDateTime,
        SalesCustomerType: 'Consumer',
        PatientLicenseNumber: null,
        ExternalReceiptNumber: sold.orderNumber,
        Transactions: sale!.lines.map((line) => ({
          PackageLabel: line.packageLabel,
          Quantity: 1,
          UnitOfMeasure: 'Each',
          TotalAmount: line.totalCents / 100,
        })),
      },
    ]);
    expect(sale).toMatchObject({ status: 'sent', attempts: 1, lastStatusCode: 200, nextAttemptAt: null });
    const receiptId = Number(sale!.stateReceiptId);
    expect(state.receipts.has(receiptId)).toBe(true);

    expect((await managerPost(service, `/v2.0/payments/${sold.paymentId}/void`)).statusCode).toBe(200);
    expect(await reporter.runDue()).toBe(1);
    expect(state.calls[1]).toMatchObject({ method: 'DELETE', path: `/sales/v2/receipts/${receiptId}`, body: null });
    expect(state.receipts.has(receiptId)).toBe(false);
    expect((await recordsOf(sold.orderId)).map((record) => [record.kind, record.status])).toEqual([
      ['sale', 'sent'],
      ['void', 'sent'],
    ]);
  });

  it('sends a refund as a PUT of the sale’s receipt with the amounts lowered', async () => {
    const sold = await paidTicket(service, 1, 2);
    expect((await managerPost(service, `/v2.0/payments/${sold.paymentId}/refund`, { amount: 300 })).statusCode).toBe(
      200,
    );
    // The sale goes first (oldest first), then the refund that names it.
    expect(await reporter.runDue()).toBe(2);
    const [sale, refund] = await recordsOf(sold.orderId);
    expect(state.calls.map((call) => call.method)).toEqual(['POST', 'PUT']);
    expect(state.calls[1]!.body).toEqual([
      expect.objectContaining({
        Id: Number(sale!.stateReceiptId),
        SalesDateTime: sale!.salesDateTime,
        Transactions: [expect.objectContaining({ Quantity: 2, TotalAmount: refund!.lines[0]!.totalCents / 100 })],
      }),
    ]);
    expect(refund!.lines[0]!.totalCents).toBeLessThan(sale!.lines[0]!.totalCents);
    expect(refund).toMatchObject({ status: 'sent', lastStatusCode: 200 });
  });

  it('retries after a 500 a minute later, then twice as long; gives up after the last try with the reason kept; a retry sends it', async () => {
    const sold = await paidTicket(service, 2);
    state.answers = [500, 503];
    expect(await reporter.runDue()).toBe(1);
    let [record] = await recordsOf(sold.orderId);
    expect(record).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: 500 });
    expect(record!.lastResult).toBe('HTTP 500: The state system is down');
    const firstTry = now().toISOString();
    expect(seconds(firstTry, record!.nextAttemptAt!)).toBeGreaterThan(58);
    expect(await reporter.runDue()).toBe(0); // not due yet
    offset += 61_000;
    expect(await reporter.runDue()).toBe(1);
    [record] = await recordsOf(sold.orderId);
    expect(record).toMatchObject({ status: 'pending', attempts: 2, lastStatusCode: 503 });
    expect(seconds(now().toISOString(), record!.nextAttemptAt!)).toBeGreaterThan(118);
    state.answers = ['stall'];
    offset += 121_000;
    expect(await reporter.runDue()).toBe(1);
    [record] = await recordsOf(sold.orderId);
    expect(record).toMatchObject({ status: 'failed', attempts: 3, lastStatusCode: null, nextAttemptAt: null });
    expect(record!.lastResult).toBe('timed out after 0.5 s');
    expect(state.receipts.size).toBe(1); // the refunded sale's receipt from before; none for this one

    const retried = await stateCall(service, 'POST', `/records/${record!.id}/retry`);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({ record: { status: 'pending', attempts: 0 } });
    expect(await reporter.runDue()).toBe(1);
    [record] = await recordsOf(sold.orderId);
    expect(record).toMatchObject({ status: 'sent', attempts: 1, lastStatusCode: 200 });
    const again = await stateCall(service, 'POST', `/records/${record!.id}/retry`);
    expect(again.statusCode).toBe(409);
    expect(again.json<{ resultDetail: string }>().resultDetail).toMatch(/already sent: only a failed one is retried/);
  });

  it('fails at once when the state refuses the record itself (wrong keys), and its void waits for nothing', async () => {
    await configure(service, { userKey: 'revoked-key-0000' });
    const sold = await paidTicket(service, 3);
    expect((await managerPost(service, `/v2.0/payments/${sold.paymentId}/void`)).statusCode).toBe(200);
    expect(await reporter.runDue()).toBe(2);
    const [sale, reversal] = await recordsOf(sold.orderId);
    expect(sale).toMatchObject({ status: 'failed', attempts: 1, lastStatusCode: 401 });
    expect(reversal).toMatchObject({ status: 'failed', lastStatusCode: null });
    expect(reversal!.lastResult).toMatch(/its sale was not accepted by the state, so there is no receipt to void/);
    expect(state.calls).toHaveLength(1);
    await configure(service, { userKey: STATE_KEYS.userKey });
  });

  it('sends nothing while reporting is off: the records wait', async () => {
    await configure(service, { enabled: false });
    const sold = await paidTicket(service, 4);
    expect(await reporter.runDue()).toBe(0);
    expect(state.calls).toHaveLength(0);
    expect(await recordsOf(sold.orderId)).toMatchObject([{ status: 'pending', attempts: 0 }]);
    await configure(service, { enabled: true });
    expect(await reporter.runDue()).toBe(1);
    expect(await recordsOf(sold.orderId)).toMatchObject([{ status: 'sent' }]);
  });

  it('exports the day as CSV: one row per package line, in the store’s time', async () => {
    const answer = await stateCall(service, 'GET', '/records.csv');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toMatch(
      /^attachment; filename="state-records-demo-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const [header, ...rows] = answer.body.trimEnd().split('\r\n');
    expect(header).toMatch(
      /^Recorded \(P[SD]T\),Record,Order,Sale date and time \(P[SD]T\),Customer type,Patient number,Package tag,/,
    );
    const records = await stateRecords(service);
    expect(rows).toHaveLength(records.reduce((sum, record) => sum + record.lines.length, 0));
    const failed = records.find((record) => record.status === 'failed')!;
    expect(rows.some((row) => row.includes(failed.orderNumber) && row.includes(',Failed,'))).toBe(true);
  });
});
