import { storeStamp } from '../store-time.js';
import type { ReceiptDocument } from './receipt-document.js';

/** What a bag label says of its order. */
export interface BaggedOrder {
  orderNumber: string;
  /** "Ada L.", or null when the order names no customer. */
  customerName: string | null;
  /** Units, a weighed line counting one. */
  items: number;
}

/** Most bags one order's labels count. */
export const MAX_BAGS = 20;

/**
 * The labels of a packed online order, one per bag: who it is for, large; the order number as a
 * barcode (scanned at the counter to hand it over) and as text; its items, which bag of how many;
 * the store and when it was packed, in the store's time.
 */
export function bagLabels(
  order: BaggedOrder,
  bags: number,
  store: { name: string; timezone: string },
  packedAt: Date,
): ReceiptDocument[] {
  const items = `${order.items} ${order.items === 1 ? 'item' : 'items'}`;
  return Array.from({ length: bags }, (_, index) => ({
    title: `Bag label ${order.orderNumber} (${index + 1} of ${bags})`,
    lines: [
      { kind: 'title', text: order.customerName ?? `Order ${order.orderNumber}` },
      { kind: 'center', text: `Online order ${order.orderNumber}`, strong: true },
      { kind: 'barcode', value: order.orderNumber },
      { kind: 'center', text: `${items}, bag ${index + 1} of ${bags}` },
      { kind: 'rule' },
      { kind: 'center', text: store.name },
      { kind: 'center', text: `Packed ${storeStamp(packedAt, store.timezone)}` },
    ],
  }));
}
