import { describe, expect, it } from 'vitest';
import { adjustmentInWords, quantityInWords } from '../../../electron/server/inventory/adjustment-words.js';
import { adjustmentRequest } from '../../../electron/server/state-reporting/metrc-request.js';
import { DEFAULT_ADJUSTMENT_REASONS } from '../../../shared/inventory/adjustment-reasons.js';

const damage = DEFAULT_ADJUSTMENT_REASONS.find((reason) => reason.code === 'damage')!;
const base = {
  productName: 'Blue Dream 3.5g',
  sku: 'FLW-001',
  packageLabel: '1A4060300003D12000000001',
  deltaMilli: -2000,
  beforeMilli: 5000,
  afterMilli: 3000,
  unitType: 'g',
  deli: false,
  note: 'Jar dropped',
  approvedBy: null,
};

describe('adjustments in words', () => {
  it('names the product, package, change, reason, note and approver for the audit trail', () => {
    expect(adjustmentInWords(base, damage)).toBe(
      'Blue Dream 3.5g (FLW-001), package 1A4060300003D12000000001: −2 (5 → 3), Damaged: Jar dropped',
    );
    expect(
      adjustmentInWords(
        {
          ...base,
          sku: null,
          packageLabel: '',
          deli: true,
          deltaMilli: 1250,
          beforeMilli: 0,
          afterMilli: 1250,
          note: '',
          approvedBy: 'Morgan Manager',
        },
        damage,
      ),
    ).toBe('Blue Dream 3.5g: +1.25 g (0 → 1.25), Damaged; approved by Morgan Manager');
    expect(adjustmentInWords({ ...base, note: 'x'.repeat(600) }, damage)).toHaveLength(500);
  });

  it('writes quantities with a true minus sign, and a plus for a gain when asked', () => {
    expect([quantityInWords(-3000), quantityInWords(2500, true), quantityInWords(0)]).toEqual(['−3', '+2.5', '0']);
  });
});

describe("Metrc's packages/adjust request", () => {
  it('posts one adjustment with the licence, the keys and the store’s date', () => {
    const request = adjustmentRequest(
      {
        id: 'r1',
        dispensaryId: 'd1',
        adjustmentId: 'a1',
        packageLabel: '1A4060300003D12000000001',
        quantity: -1.5,
        unitOfMeasure: 'Grams',
        reason: 'Waste',
        reasonNote: '',
        adjustmentDate: '2026-11-29',
        status: 'pending',
        attempts: 0,
        lastStatusCode: null,
        lastResult: null,
        nextAttemptAt: null,
        sentAt: null,
        createdAt: '2026-11-30T01:00:00.000Z',
      },
      { baseUrl: 'https://api-ca.metrc.com/', licenseNumber: 'C10 1', vendorKey: 'v', userKey: 'u' },
    );
    expect(request).toEqual({
      method: 'POST',
      url: 'https://api-ca.metrc.com/packages/v2/adjust?licenseNumber=C10%201',
      authorization: `Basic ${Buffer.from('v:u').toString('base64')}`,
      body: JSON.stringify([
        {
          Label: '1A4060300003D12000000001',
          Quantity: -1.5,
          UnitOfMeasure: 'Grams',
          AdjustmentReason: 'Waste',
          AdjustmentDate: '2026-11-29',
          ReasonNote: null,
        },
      ]),
    });
  });
});
