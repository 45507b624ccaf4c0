import type { ManualDiscount } from '../../../shared/contracts/manual-discounts';
import type { Ticket, TicketCreateRequest } from '../../../shared/contracts/ticket';
import type { Cents } from '../../../shared/money';
import type { CatalogProduct } from './catalog-product';

/** One cart line: a product and its count (or its weight, for a weighed deli product). */
export interface CartLine {
  product: CatalogProduct;
  quantity: number;
}

/** The optional customer; passed to payments only when all four fields are filled (spec 2.6). */
export interface CartCustomer {
  firstName: string;
  lastName: string;
  phone: string;
  email: string;
  /** The store's customer whose ID was checked at the register (README "Customers"), if any. */
  customerId?: string;
}

export const emptyCustomer = (): CartCustomer => ({ firstName: '', lastName: '', phone: '', email: '' });

/** What the sale asks the service to price: its lines, and what is spent or taken off them. */
export interface SaleAsked {
  lines: readonly CartLine[];
  /** Reward dollars to spend, in cents (0 or undefined for none). */
  rewardCents: Cents | undefined;
  customerId?: string;
  promoCodes: string[];
  dealIds: string[];
  manualDiscounts: ManualDiscount[];
}

/** The ticket request of the sale: only what it holds is sent. */
export function ticketRequest(sale: SaleAsked): TicketCreateRequest {
  const { rewardCents, customerId, promoCodes, dealIds, manualDiscounts } = sale;
  return {
    type: 'PICKUP',
    items: sale.lines.map((line) => ({ productId: line.product.productId, quantity: line.quantity })),
    ...(rewardCents ? { rewardDollars: rewardCents / 100 } : {}),
    ...(customerId ? { customerId } : {}),
    ...(promoCodes.length > 0 ? { promoCodes } : {}),
    ...(dealIds.length > 0 ? { dealIds } : {}),
    ...(manualDiscounts.length > 0 ? { manualDiscounts } : {}),
  };
}

/** The customer for a payment event, trimmed, when complete (all four fields filled). */
export function paymentCustomerOf(fields: CartCustomer): Omit<CartCustomer, 'customerId'> | undefined {
  const trimmed = {
    firstName: fields.firstName.trim(),
    lastName: fields.lastName.trim(),
    phone: fields.phone.trim(),
    email: fields.email.trim(),
  };
  return Object.values(trimmed).every(Boolean) ? trimmed : undefined;
}

/** A line's quantity as set: a weight to three decimals for a weighed product, else whole units. */
export const lineQuantity = (product: CatalogProduct, quantity: number): number =>
  product.deli ? Math.round(quantity * 1000) / 1000 : Math.round(quantity);

/**
 * The cart's lines as `order` holds them: each line takes the order's quantity, and a line it could
 * not fill at all goes.
 */
export function linesHeld(lines: readonly CartLine[], order: Pick<Ticket, 'items'>): CartLine[] {
  const held = new Map<string, number>();
  for (const item of order.items) held.set(item.productId, (held.get(item.productId) ?? 0) + item.quantity);
  // Lines of one product share what the order holds of it, in the cart's order.
  return lines.flatMap((line) => {
    const left = held.get(line.product.productId) ?? 0;
    const quantity = Math.min(line.quantity, left);
    held.set(line.product.productId, left - quantity);
    return quantity > 0 ? [{ ...line, quantity }] : [];
  });
}

/**
 * Why the service did not take a line's quantity, read from the quote asked after it was set: more
 * than in stock ("Only 8 in stock.", "Only 2.5 g in stock."), none left, no longer sold; or `failed`,
 * the quote's refusal when that change made it fail. Null when it was taken.
 */
export function quantityRefusal(
  product: Pick<CatalogProduct, 'productId' | 'deli' | 'unitType'>,
  quote: Pick<Ticket, 'unavailableItems'> | null,
  failed: string,
): string | null {
  const short = quote?.unavailableItems.find((item) => item.productId === product.productId);
  if (!short) return failed || null;
  if (short.reason === 'DISCONTINUED') return 'It is no longer sold: take it off the sale.';
  if (short.availableQuantity <= 0) return 'None left in stock: take it off the sale.';
  return `Only ${short.availableQuantity}${product.deli ? ` ${product.unitType}` : ''} in stock.`;
}
