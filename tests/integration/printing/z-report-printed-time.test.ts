import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrintResult } from '../../../shared/contracts/printers.js';
import { storeStamp } from '../../../shared/store-time.js';
import { decodeEscPos } from '../../support/escpos-decoder.js';
import { TestPrinter } from '../../support/test-printer.js';
import { drawer, loginAt, shiftOf } from '../cash/support/drawer-fixtures.js';
import { paymentService, type PaymentHarness } from '../payments/support/payment-fixtures.js';

// A Z report printed on the register's printer says "Printed" at the time of that print (the
// service's clock, the store's zone: the demo store is in America/Los_Angeles), not at the shift's
// close: a Z printed again the next day says the next day.
const ZONE = 'America/Los_Angeles';
let clock = new Date('2026-11-20T17:00:00Z');
let service: PaymentHarness;
let printer: TestPrinter;
let front1: string;

beforeAll(async () => {
  service = await paymentService({ now: () => clock, tokenTtlSeconds: 7 * 86_400 });
  printer = await new TestPrinter().start();
  const set = await service.request({
    method: 'PUT',
    url: '/v2.0/dispensary/demo/setup/printers/front-1',
    headers: { authorization: `Bearer ${service.tokens.manager}` },
    payload: { address: printer.address },
  });
  expect(set.statusCode, set.body).toBe(200);
  front1 = await loginAt(service.app, 'cashier', 'cashier-demo-1', 'front-1');
}, 60_000);
afterAll(async () => {
  await printer.stop();
  await service.close();
});

/** The lines of the shift's report as the register's printer printed it now. */
async function printedReport(shiftId: string): Promise<string[]> {
  const response = await service.request({
    method: 'POST',
    url: '/v2.0/dispensary/demo/registers/front-1/printer/print',
    headers: { authorization: `Bearer ${front1}` },
    payload: { report: { shiftId } },
  });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json<PrintResult>()).toMatchObject({ printed: true });
  return decodeEscPos(printer.jobs.at(-1)!).lines.map((line) => line.trim());
}

describe("a Z report's print", () => {
  it('says when it was printed: at the close, and the next day when printed again then', async () => {
    const shift = shiftOf(await drawer(service, front1, 'front-1', 'open', { amount: 10_000 }))!;
    const closedAt = new Date('2026-11-21T01:30:00Z');
    clock = closedAt;
    const closed = await drawer(service, front1, 'front-1', 'close', { amount: 10_000 });
    expect(closed.statusCode, closed.body).toBe(200);
    const stamp = (at: Date) => storeStamp(at, ZONE);

    const atClose = await printedReport(shift.id);
    expect(atClose).toContain(`Printed ${stamp(closedAt)}`);

    const nextDay = new Date('2026-11-21T18:05:00Z');
    clock = nextDay;
    const again = await printedReport(shift.id);
    expect(again.some((line) => line.startsWith(`Closed ${stamp(closedAt)}`))).toBe(true);
    expect(again).toContain(`Printed ${stamp(nextDay)}`);
    expect(again).not.toContain(`Printed ${stamp(closedAt)}`);
  });
});
