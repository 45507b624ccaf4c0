/**
 * The words people see for the codes the service speaks: one map for order statuses, payment
 * statuses, payment methods and product categories, used by every screen, the receipt and the
 * service's own method labels. A code nobody mapped yet still reads as words, never as SHOUTING_CODE.
 */
import type { AuditAction } from './contracts/audit.js';
import type { PaymentMethod, PaymentStatus } from './contracts/payment.js';
import type { OrderStatus } from './order-status.js';
import type { CashMovementKind, CashMovementView } from './contracts/cash.js';
import type { ProductType } from './catalog/product-types.js';

/** How a status looks: settled money, waiting, stopped, or plain. */
export type Tone = 'good' | 'waiting' | 'stopped' | 'info' | 'plain';

/** An order status for people, and its tone. */
export const ORDER_STATUS_LABELS: Record<OrderStatus, { label: string; tone: Tone }> = {
  AWAITING_PROCESSING: { label: 'Awaiting payment', tone: 'waiting' },
  AUTHORIZED: { label: 'Authorized', tone: 'info' },
  PAID: { label: 'Paid', tone: 'good' },
  IN_PROCESS: { label: 'Being prepared', tone: 'info' },
  PACKED_READY: { label: 'Ready for pickup', tone: 'info' },
  COMPLETED: { label: 'Picked up', tone: 'good' },
  CANCELED: { label: 'Canceled', tone: 'stopped' },
};

/** A payment's status for people, and its tone. */
export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, { label: string; tone: Tone }> = {
  pending: { label: 'In progress', tone: 'waiting' },
  approved: { label: 'Approved', tone: 'good' },
  declined: { label: 'Declined', tone: 'stopped' },
  error: { label: 'Failed', tone: 'stopped' },
  canceled: { label: 'Canceled', tone: 'plain' },
  voided: { label: 'Voided', tone: 'plain' },
  refunded: { label: 'Refunded', tone: 'plain' },
};

/** Payment methods for people. */
export const METHOD_LABELS: Record<PaymentMethod, string> = {
  Credit: 'Credit card',
  Debit: 'Debit card',
  ATM: 'Cashless ATM',
  ACH: 'Bank transfer (ACH)',
  Cash: 'Cash',
};

/** What the audit trail records, for people. */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  payment_voided: 'Payment voided',
  payment_refunded: 'Payment refunded',
  order_canceled: 'Order canceled',
  order_edited: 'Order lines changed',
  reward_dollars: 'Reward dollars applied',
  manual_discount: 'Manual discount given',
  sign_in_failed: 'Sign-in refused',
  unlock_failed: 'Unlock refused',
  manager_unlock: 'Unlocked by a manager',
  drawer_opened: 'Drawer opened',
  drawer_paid_in: 'Cash paid in',
  drawer_paid_out: 'Cash paid out',
  drawer_safe_drop: 'Safe drop',
  drawer_no_sale: 'Drawer opened, no sale',
  drawer_closed: 'Drawer closed',
  drawer_counted: 'Drawer counted late',
  customer_added: 'Customer added',
  customer_changed: 'Customer changed',
  register_enrolled: 'Register attached',
  register_revoked: 'Register revoked',
  product_added: 'Product added',
  product_changed: 'Product changed',
  product_archived: 'Product archived',
  product_unarchived: 'Product brought back',
  product_copied: 'Product copied',
  catalog_imported: 'Catalog imported',
  stock_adjusted: 'Stock adjusted',
  room_added: 'Room added',
  room_changed: 'Room changed',
  package_moved: 'Package moved',
  package_changed: 'Package details changed',
  delivery_received: 'Delivery received',
  deal_added: 'Deal added',
  deal_changed: 'Deal changed',
  deal_archived: 'Deal archived',
  loyalty_adjusted: 'Loyalty points adjusted',
  loyalty_changed: 'Loyalty programme changed',
  state_profile_changed: 'State profile changed',
  approval_policy_changed: 'Manager approvals changed',
};

/** Staff roles for people. */
export const ROLE_LABELS: Record<string, string> = {
  admin: 'Administrator',
  manager: 'Manager',
  cashier: 'Cashier',
  display: 'Pole display',
  integration: 'Integration',
  shopper: "A partner's shopper",
};

/** Payment processor kinds for people. */
export const PROCESSOR_KIND_LABELS: Record<string, string> = {
  sandbox: 'Sandbox (test payments)',
  paynet: 'Paynet gateway',
};

/** Kinds of payment device configuration for people. */
export const DEVICE_KIND_LABELS: Record<string, string> = {
  pinpad: 'PIN pad',
  card_not_present: 'Card not present',
  cash_drawer: 'Cash drawer',
};

/**
 * Catalog types (the import's `type`, the compliance categories) as category names: every one of
 * PRODUCT_TYPES, or this does not compile (a new type never reads as its code).
 */
export const CATEGORY_LABELS: Record<ProductType, string> = {
  FLOWER: 'Flower',
  PREROLL: 'Pre-rolls',
  VAPE: 'Vapes',
  EDIBLE: 'Edibles',
  BEVERAGE: 'Beverages',
  CONCENTRATE: 'Concentrates',
  TINCTURE: 'Tinctures',
  TOPICAL: 'Topicals',
  CAPSULE: 'Capsules',
  IMMATURE_PLANT: 'Immature plants',
  ACCESSORY: 'Accessories',
};

/** "SOME_NEW_CODE" → "Some new code": the fallback for a code no map knows yet. */
export function humanize(code: string): string {
  const words = code.replace(/[_-]+/g, ' ').trim().toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function lookUp<T>(map: Record<string, T>, code: string): T | undefined {
  return Object.prototype.hasOwnProperty.call(map, code) ? map[code] : undefined;
}

/** An order awaiting payment that holds some of its money already (the POS: "Paid $1.00 of $5.00"). */
export const PART_PAID_LABEL = 'Partly paid';

/**
 * "AWAITING_PROCESSING" → "Awaiting payment", or "Partly paid" when `partPaid` (some of its money is
 * in, not all: the status alone does not tell). A sale rung up at a register (`source` 'register')
 * is handed over across the counter as it is paid: completed, it reads "Sold", not "Picked up".
 */
export function orderStatusLabel(status: string, source?: string, partPaid = false): string {
  if (status === 'COMPLETED' && source === 'register') return 'Sold';
  if (status === 'AWAITING_PROCESSING' && partPaid) return PART_PAID_LABEL;
  return lookUp(ORDER_STATUS_LABELS, status)?.label ?? humanize(status);
}

/** "approved" → "Approved". */
export function paymentStatusLabel(status: string): string {
  return lookUp(PAYMENT_STATUS_LABELS, status)?.label ?? humanize(status);
}

/** The tone of an order or payment status (for its badge's colour). */
export function statusTone(status: string): Tone {
  return (lookUp(ORDER_STATUS_LABELS, status) ?? lookUp(PAYMENT_STATUS_LABELS, status))?.tone ?? 'plain';
}

/** "Credit" → "Credit card". */
export function methodLabel(method: string): string {
  return lookUp(METHOD_LABELS, method) ?? humanize(method);
}

/** "manager" → "Manager", "display" → "Pole display". */
export function roleLabel(role: string): string {
  return lookUp(ROLE_LABELS, role) ?? humanize(role);
}

/** "sandbox" → "Sandbox (test payments)". */
export function processorKindLabel(kind: string): string {
  return lookUp(PROCESSOR_KIND_LABELS, kind) ?? humanize(kind);
}

/** "pinpad" → "PIN pad". */
export function deviceKindLabel(kind: string): string {
  return lookUp(DEVICE_KIND_LABELS, kind) ?? humanize(kind);
}

/** "Blue Dream (FLW-001)": a product as refusals and lists name it; its name alone without a SKU. */
export function productWithSku(name: string, sku: string | null): string {
  return sku ? `${name} (${sku})` : name;
}

/** "PREROLL" → "Pre-rolls". */
export function categoryLabel(type: string): string {
  return lookUp(CATEGORY_LABELS, type) ?? humanize(type);
}

/** "payment_voided" → "Payment voided". */
export function auditActionLabel(action: string): string {
  return lookUp(AUDIT_ACTION_LABELS, action) ?? humanize(action);
}

/** A cash movement of a drawer, for people. */
export const CASH_MOVEMENT_LABELS: Record<CashMovementKind, string> = {
  paid_in: 'Paid in',
  paid_out: 'Paid out',
  safe_drop: 'Safe drop',
  no_sale: 'Drawer opened (no sale)',
};

/** Who made a movement, and the manager who approved it when that was someone else. */
export function movementBy(movement: Pick<CashMovementView, 'by' | 'approvedBy'>): string {
  const { by, approvedBy } = movement;
  return approvedBy && approvedBy.id !== by.id ? `${by.name}, approved by ${approvedBy.name}` : by.name;
}

/** What a cash movement does, as "a manager's PIN to …" says it. */
export const CASH_MOVEMENT_DOING: Record<CashMovementKind, string> = {
  paid_in: 'record a paid-in',
  paid_out: 'record a paid-out',
  safe_drop: 'drop cash to the safe',
  no_sale: 'open the drawer with no sale',
};
