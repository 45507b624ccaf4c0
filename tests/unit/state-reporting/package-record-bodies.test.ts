import { describe, expect, it } from 'vitest';
import {
  movedBody,
  packageRecordSummary,
  receivedBody,
} from '../../../electron/server/state-reporting/package-record-bodies.js';

const TAG = '1A4FF0100000022000000201';
const delivery = {
  kind: 'received' as const,
  dispensaryId: 'store',
  receiptId: 'receipt',
  manifestNumber: '0004512873',
  shipperLicense: 'C11-0000123-LIC',
  // 11:30 PM on the 14th in Los Angeles: the store's clock, not UTC's.
  at: '2026-06-15T06:30:00.000Z',
  packages: [
    { label: TAG, unit: 'milliliters' as const, receivedMilli: 29_500, refused: null },
    { label: TAG.replace(/1$/, '2'), unit: 'grams' as const, receivedMilli: 0, refused: 'Seal broken' },
  ],
};

describe("the state's records of deliveries and moves", () => {
  it('tells a delivery in the store’s clock, each package accepted with what arrived or refused with its reason', () => {
    const [transfer] = receivedBody(delivery, 'America/Los_Angeles');
    expect(transfer!.ReceivedDateTime).toBe('2026-06-14T23:30:00');
    expect(transfer!.Packages).toEqual([
      {
        PackageLabel: TAG,
        Accepted: true,
        ReceivedQuantity: 29.5,
        UnitOfMeasure: 'Milliliters',
        RejectionReason: null,
      },
      {
        PackageLabel: TAG.replace(/1$/, '2'),
        Accepted: false,
        ReceivedQuantity: 0,
        UnitOfMeasure: 'Grams',
        RejectionReason: 'Seal broken',
      },
    ]);
    const body = JSON.stringify([transfer]);
    expect(packageRecordSummary('received', body)).toBe('Delivery 0004512873 received: 1 package accepted, 1 refused');
  });

  it('tells a move on the store’s date, in the room’s name', () => {
    const move = { kind: 'moved' as const, dispensaryId: 's', moveId: 'm', packageLabel: TAG, toRoom: 'Vault' };
    const body = movedBody({ ...move, at: '2026-06-15T06:30:00.000Z' }, 'America/Los_Angeles');
    expect(body).toEqual([{ Label: TAG, Location: 'Vault', Sublocation: null, MoveDate: '2026-06-14' }]);
    expect(packageRecordSummary('moved', JSON.stringify(body))).toBe(`Package ${TAG} moved to Vault`);
  });
});
