import type { ListedPayment, RefundableOrder } from '../../../../shared/contracts/payment-reports';

/**
 * A sale as the refund by items reads it: 3 Blue Dream at $12.00 ($5.40 tax) and 3.5 g of House
 * Shake ($21.00 less $1.00, $3.00 tax), one of Blue Dream back already; paid by cash ($20.00 left)
 * and card ($64.40 left).
 */
export function refundableOrder(over: Partial<RefundableOrder> = {}): RefundableOrder {
  return {
    resultCode: 'SUCCESS',
    resultReason: null,
    orderId: 'o-1',
    orderNumber: 'AB23CD',
    tierDiscountCents: 0,
    payByPointsCents: 0,
    lines: [
      {
        itemId: 'i-1',
        name: 'Blue Dream',
        brand: 'Glass House',
        weighed: false,
        quantityMilli: 3000,
        refundedQuantityMilli: 1000,
        lineSubTotalCents: 3600,
        lineDiscountCents: 0,
        lineTaxCents: 540,
        byAmountCents: 0,
        byAmountTaxCents: 0,
      },
      {
        itemId: 'i-2',
        name: 'House Shake',
        brand: 'Farm Co',
        weighed: true,
        quantityMilli: 3500,
        refundedQuantityMilli: 0,
        lineSubTotalCents: 2100,
        lineDiscountCents: -100,
        lineTaxCents: 300,
        byAmountCents: 0,
        byAmountTaxCents: 0,
      },
    ],
    payments: [
      { paymentId: 'p-cash', method: 'Cash', refundableCents: 2000 },
      { paymentId: 'p-card', method: 'Credit', refundableCents: 6440 },
    ],
    ...over,
  } as RefundableOrder;
}

/** The order's payments as the payments listing gives them. */
export function listedPayment(id: string, method: ListedPayment['method'], left: number): ListedPayment {
  return {
    id,
    method,
    status: 'approved',
    captured: true,
    originalAmount: left,
    chargedAmount: left,
    cashbackAmount: 0,
    refundedAmount: 0,
    refunds: [],
    createdAt: '2026-03-04T21:03:00.000Z',
    updatedAt: '2026-03-04T21:03:00.000Z',
  } as unknown as ListedPayment;
}
