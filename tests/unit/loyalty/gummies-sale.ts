import type { RefundPoints, SalePoints } from '../../../shared/contracts/refund-points.js';

/**
 * A sale of two gummies ($20.00) and a grinder ($10.00, a category that earns nothing), paid $30.00:
 * it earned 31 points (all the gummies'), and its reward dollars cost 100 points. The refund-points
 * tests' sale, on the ledger's rule and on the POS's and the back office's words alike.
 */
export const GUMMIES_SALE: SalePoints = {
  earned: 31,
  spent: 100,
  chargedCents: 3000,
  refundedCents: 0,
  refunds: [],
  lines: [
    { itemId: 'gummies', type: 'EDIBLE', amountCents: 2000, quantityMilli: 2000, returnedMilli: 0 },
    { itemId: 'grinder', type: 'ACCESSORY', amountCents: 1000, quantityMilli: 1000, returnedMilli: 0 },
  ],
  excludedTypes: ['ACCESSORY'],
};

/** The service's answer for that sale, its customer Maria. */
export const GUMMIES_POINTS: RefundPoints = {
  resultCode: 'SUCCESS',
  resultReason: null,
  customer: 'Maria',
  sale: GUMMIES_SALE,
  expired: 0,
};
