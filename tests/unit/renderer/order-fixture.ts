import type { OrderHistoryStep } from '../../../shared/contracts/order-history.js';

/** The id of the register's own sale, order AB23CD (`unpaidTicket`). */
export const ORDER_ID = '0190a4c2-0000-7000-8000-000000000001';

/**
 * Order AB23CD as the service answers the register's sale, unpaid: $41.14 of lines and $2.00 of tax,
 * $43.14 in all, with the fields the register reads. `fields` are the test's own (its reward dollars
 * and the total they leave).
 */
export const unpaidTicket = (fields: Record<string, string> = {}) => ({
  orderId: ORDER_ID,
  orderNumber: 'AB23CD',
  status: 'AWAITING_PROCESSING',
  fulfillmentStatus: 'AWAITING_PROCESSING',
  paymentStatus: 'UNPAID',
  items: [],
  subTotal: '41.14',
  discount: '0.00',
  tierDiscount: '0.00',
  tax: '2.00',
  payByPoints: '0.00',
  total: '43.14',
  unavailableItems: [],
  ...fields,
});

/** A step of an order's history: Casey's cancel of the order unless `fields` say otherwise. */
export const historyStep = (fields: Partial<OrderHistoryStep> = {}): OrderHistoryStep => ({
  at: '2026-12-01T18:00:00.000Z',
  kind: 'status',
  from: 'AWAITING_PROCESSING',
  to: 'CANCELED',
  method: null,
  amount: null,
  reason: '',
  details: '',
  by: 'Casey',
  ...fields,
});
