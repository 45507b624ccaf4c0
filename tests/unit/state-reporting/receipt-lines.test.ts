import { describe, expect, it } from 'vitest';
import type { StateRecordLine } from '../../../shared/contracts/state-reporting.js';
import { netOfRefunds, storeDateTime } from '../../../electron/server/state-reporting/receipt-lines.js';
import { answeredId, stateRequest } from '../../../electron/server/state-reporting/metrc-request.js';
import type { StateRecord } from '../../../electron/server/state-reporting/receipts-repository.js';
import { stateMessages } from '../../../electron/server/state-reporting/state-sender.js';

const line = (totalCents: number, label = '1A4060300003D12000000001'): StateRecordLine => ({
  packageLabel: label,
  quantity: 1,
  unitOfMeasure: 'Each',
  totalCents,
});

describe('a refund lowers the sale’s amounts by the share of the order given back', () => {
  it.each([
    // lines, refunded, order total (with tax), amounts after
    [[3500], 0, 4000, [3500]],
    [[3500], 4000, 4000, [0]],
    [[3500], 2000, 4000, [1750]],
    // 1 cent back of 3 lines of 1 cent: the one cent comes off the first largest remainder.
    [[1, 1, 1], 1, 3, [0, 1, 1]],
    // 100 of 300 of lines 100, 100, 100: a third of each, the odd cent off the first.
    [[100, 100, 100], 100, 300, [66, 67, 67]],
    // More than the order (never happens): the whole receipt, no less than nothing.
    [[500, 250], 9000, 800, [0, 0]],
  ])('lines %j, %i of %i back → %j', (totals, refunded, orderTotal, after) => {
    const lowered = netOfRefunds(
      totals.map((total) => line(total)),
      refunded,
      orderTotal,
    );
    expect(lowered.map((entry) => entry.totalCents)).toEqual(after);
    const gross = totals.reduce((sum, total) => sum + total, 0);
    const reduction = Math.round(gross * Math.min(1, refunded / orderTotal));
    expect(lowered.reduce((sum, entry) => sum + entry.totalCents, 0)).toBe(gross - reduction);
  });
});

describe("Metrc's SalesDateTime is the store's wall clock", () => {
  it.each([
    ['2026-06-15T19:00:00Z', 'America/Los_Angeles', '2026-06-15T12:00:00'],
    ['2026-01-01T07:59:59Z', 'America/Los_Angeles', '2025-12-31T23:59:59'],
    ['2026-03-08T10:30:00Z', 'America/Denver', '2026-03-08T04:30:00'],
    ['2026-11-25T00:00:00Z', 'America/Denver', '2026-11-24T17:00:00'],
  ])('%s in %s → %s', (at, zone, wall) => expect(storeDateTime(at, zone)).toBe(wall));
});

const SETTINGS = { baseUrl: 'https://api-ca.metrc.com/', licenseNumber: 'C10 01', vendorKey: 'v', userKey: 'u' };
const record = (overrides: Partial<StateRecord>): StateRecord => ({
  id: 'r1',
  kind: 'sale',
  saleId: null,
  dispensaryId: 'd',
  orderId: 'o',
  orderNumber: 'ABC234',
  salesDateTime: '2026-06-15T12:00:00',
  customerType: 'medical',
  patientLicenseNumber: 'MMIC-1',
  lines: [line(1250)],
  totalCents: 1250,
  refundCents: 0,
  status: 'pending',
  attempts: 1,
  lastStatusCode: null,
  lastResult: null,
  nextAttemptAt: null,
  stateReceiptId: null,
  sentAt: null,
  createdAt: '2026-06-15T19:00:00.000Z',
  ...overrides,
});

describe('the request that reports a record', () => {
  it('a sale: POST with the licence, Basic auth and one receipt', () => {
    expect(stateRequest(record({}), undefined, SETTINGS)).toEqual({
      method: 'POST',
      url: 'https://api-ca.metrc.com/sales/v2/receipts?licenseNumber=C10%2001',
      authorization: `Basic ${Buffer.from('v:u').toString('base64')}`,
      body: JSON.stringify([
        {
          SalesDateTime: '2026-06-15T12:00:00',
          SalesCustomerType: 'Patient',
          PatientLicenseNumber: 'MMIC-1',
          ExternalReceiptNumber: 'ABC234',
          Transactions: [
            { PackageLabel: '1A4060300003D12000000001', Quantity: 1, UnitOfMeasure: 'Each', TotalAmount: 12.5 },
          ],
        },
      ]),
    });
  });

  it('a void: DELETE of the receipt the state answered; refused in words without one', () => {
    const sale = record({ status: 'sent', stateReceiptId: '7001' });
    expect(stateRequest(record({ kind: 'void', saleId: 'r0' }), sale, SETTINGS)).toMatchObject({
      method: 'DELETE',
      url: 'https://api-ca.metrc.com/sales/v2/receipts/7001?licenseNumber=C10%2001',
      body: null,
    });
    expect(stateRequest(record({ kind: 'void' }), record({ status: 'failed' }), SETTINGS)).toEqual({
      refused: 'its sale was not accepted by the state, so there is no receipt to void: retry the sale first',
    });
    expect(stateRequest(record({ kind: 'refund' }), record({ status: 'sent' }), SETTINGS)).toEqual({
      refused: "the state did not answer the sale's receipt id: correct receipt of order ABC234 in the state system",
    });
  });

  it('a refund: PUT of the receipt with its Id', () => {
    const sale = record({ status: 'sent', stateReceiptId: '7001' });
    const request = stateRequest(record({ kind: 'refund', lines: [line(600)] }), sale, SETTINGS);
    expect(request).toMatchObject({
      method: 'PUT',
      url: 'https://api-ca.metrc.com/sales/v2/receipts?licenseNumber=C10%2001',
    });
    const [receipt] = JSON.parse((request as { body: string }).body) as Record<string, unknown>[];
    expect(receipt).toMatchObject({ Id: 7001, Transactions: [expect.objectContaining({ TotalAmount: 6 })] });
  });
});

describe("reading the state's answers", () => {
  it.each([
    ['{"Ids":[7001],"Warnings":[]}', '7001'],
    ['[42]', '42'],
    ['{"Id":"abc"}', 'abc'],
    ['', null],
    ['not json', null],
    ['{"Ids":[]}', null],
  ])('receipt id of %s → %s', (body, id) => expect(answeredId(body)).toBe(id));

  it.each([
    ['{"Message":"Bad keys"}', 'Bad keys'],
    [
      '[{"row":0,"message":"Package 1A… is not active"},{"row":0,"message":"Quantity too large"}]',
      'Package 1A… is not active; Quantity too large',
    ],
    ['<html>oops</html>', undefined],
    ['{"other":1}', undefined],
  ])('messages of %s → %s', (body, words) => expect(stateMessages(body)).toBe(words));
});
