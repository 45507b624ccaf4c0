import { needsIdCheck, type StateProfile } from '../../../shared/compliance';
import type { QueueOrder } from '../../../shared/contracts/pickup';
import type { Ticket } from '../../../shared/contracts/ticket';
import type { FulfillmentStatus, OrderPaymentStatus } from '../../../shared/order-status';

/** The online orders a cashier's words find: its number (exact, any case), else its customer's name. */
export function findOrders(orders: readonly QueueOrder[], words: string): QueueOrder[] {
  const query = words.trim().toLowerCase();
  if (query === '') return [];
  const numbered = scannedOrder(orders, query);
  if (numbered) return [numbered];
  // "ada", "Ada L." or "ada l": the queue names a customer by first name and last initial.
  const name = query.replace(/\.$/, '');
  return orders.filter((order) => order.customerName?.toLowerCase().replace(/\.$/, '').includes(name) === true);
}

/** The queued order a scanned code is the number of, if any (a scan is exact: no names). */
export function scannedOrder(orders: readonly QueueOrder[], code: string): QueueOrder | null {
  const number = code.trim().toLowerCase();
  return orders.find((order) => order.orderNumber.toLowerCase() === number) ?? null;
}

/** Whether the counter takes a payment: only an order whose money is not in. AUTHORIZED is captured as it is handed over. */
export function needsPayment(paymentStatus: OrderPaymentStatus): boolean {
  return paymentStatus === 'UNPAID';
}

/** The moves before an order can be handed over: one not packed yet is picked and packed at the counter. */
export function stagesBefore(stage: FulfillmentStatus): ('IN_PROCESS' | 'PACKED_READY')[] {
  if (stage === 'AWAITING_PROCESSING') return ['IN_PROCESS', 'PACKED_READY'];
  if (stage === 'IN_PROCESS') return ['PACKED_READY'];
  return [];
}

/** "order ABC123 (Ada L.)", or without the name when the order has none. */
export function orderWords(orderNumber: string, customerName: string | null): string {
  return customerName ? `order ${orderNumber} (${customerName})` : `order ${orderNumber}`;
}

/**
 * What the ID check asks at the hand-over, where the store enforces a state's rules: nothing (no
 * rules, or nothing on the order needs an ID), the customer the order names, or a refusal in words
 * (the order names no customer: the service would refuse it).
 */
export type IdNeed = { kind: 'none' } | { kind: 'customer'; customerId: string } | { kind: 'refused'; why: string };

export function idNeedOf(
  profile: StateProfile | undefined,
  ticket: Pick<Ticket, 'items' | 'customerId' | 'orderNumber'>,
): IdNeed {
  if (!profile || ticket.items.length === 0) return { kind: 'none' };
  if (
    !needsIdCheck(
      profile,
      ticket.items.map((item) => item.type),
      true,
    )
  )
    return { kind: 'none' };
  if (ticket.customerId) return { kind: 'customer', customerId: ticket.customerId };
  return {
    kind: 'refused',
    why: `Order ${ticket.orderNumber} names no customer, and ${profile.stateName} requires a customer with a checked ID for cannabis: it cannot be handed over here.`,
  };
}

/**
 * Why the checked ID may not take the order (null: it is the order's customer); `checkedName` names
 * the person the ID check found ("Bob Smith is not the customer on order …").
 */
export function idMatchRefusal(
  need: IdNeed,
  checkedCustomerId: string,
  orderNumber: string,
  customerName: string | null,
  checkedName = '',
): string | null {
  if (need.kind === 'refused') return need.why;
  if (need.kind === 'none' || need.customerId === checkedCustomerId) return null;
  return `${checkedName.trim() || 'This ID'} is not the customer on ${orderWords(orderNumber, customerName)}.`;
}

/**
 * Why a person no customer of the store has the ID of (scanned or typed) may not take the order (null:
 * it needs no ID). The order names one of the store's customers, so they are never it: they are not
 * added as a customer for it.
 */
export function newPersonRefusal(
  need: IdNeed,
  orderNumber: string,
  customerName: string | null,
  name: string,
): string | null {
  if (need.kind === 'none') return null;
  if (need.kind === 'refused') return need.why;
  const who = `${name.trim() || 'This ID'} is not the customer on ${orderWords(orderNumber, customerName)}`;
  return `${who}: no customer of this store has this ID. Find the order's customer to hand it over.`;
}

/** The checkout's line about the ID: "ID check needed: the order is for Ada L.", or that it passed. */
export function idLineWords(checked: boolean, customerName: string | null): string {
  if (checked) return 'ID checked: the customer on the order.';
  const who = customerName ?? 'the customer it names';
  return `ID check needed: the order is for ${who}${who.endsWith('.') ? '' : '.'}`;
}
