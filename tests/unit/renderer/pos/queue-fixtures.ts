import type { QueueLine, QueueOrder } from '../../../../shared/contracts/pickup.js';

/** A queued online order with sensible defaults: new, unpaid, one jar, promised at 4:30 PM in Los Angeles. */
export function queued(fields: Partial<QueueOrder> & { orderNumber: string }): QueueOrder {
  return {
    orderId: `id-${fields.orderNumber}`,
    status: 'AWAITING_PROCESSING',
    fulfillmentStatus: 'AWAITING_PROCESSING',
    paymentStatus: 'UNPAID',
    customerName: 'Ada L.',
    lines: [line({})],
    totalItems: 1,
    total: '38.50',
    paid: '0.00',
    placedAt: '2026-11-27T23:10:00.000Z',
    promisedAt: '2026-11-28T00:30:00.000Z',
    updatedAt: '2026-11-27T23:10:00.000Z',
    picker: null,
    overdue: false,
    ...fields,
  };
}

export function line(fields: Partial<QueueLine>): QueueLine {
  return {
    lineIndex: 0,
    productId: '0190a4c2-0000-7000-8000-000000000010',
    brand: 'Humboldt Hills',
    name: 'Blue Dream',
    quantity: 1,
    unitType: 'g',
    deli: false,
    packageId: 'p1',
    packageLabel: '1A4060300001A12000',
    ...fields,
  };
}
