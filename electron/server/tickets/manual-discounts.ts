import type { ManualDiscountView } from '../../../shared/contracts/manual-discounts.js';
import type { TicketCreateRequest } from '../../../shared/contracts/ticket.js';
import { checkManual, type ManualCents } from '../../../shared/deals/manual-discounts.js';
import { ServicePayError } from '../../../shared/errors.js';
import { APPROVER_ROLES } from '../../../shared/permissions.js';
import { dollarsToCents, formatDecimal, formatMoney, type Cents } from '../../../shared/money.js';
import type { ManagerPins } from '../auth/manager-pins.js';
import type { AuditActor } from '../core/audit-actor.js';
import type { Dispensary } from '../dispensaries/dispensary.js';

/** A manual discount as its order keeps it (`orders.manual_discounts`, migration 049). */
export interface StoredManualDiscount extends ManualCents {
  /** The manager who approved it, by name, or null when nobody needed to. */
  approvedBy: string | null;
  /** What it took off when the order was last priced. */
  discountCents: Cents;
}

/** The request's manual discounts in cents, each checked (a percent or an amount, a reason); none: []. */
export function manualOf(request: TicketCreateRequest): ManualCents[] {
  return (request.manualDiscounts ?? []).map((discount, at) => {
    const amountCents = discount.amount === undefined ? null : dollarsToCents(discount.amount);
    if (amountCents === undefined) {
      throw new ServicePayError('INVALID_INPUT', 'An amount off is in dollars and cents: at most 2 decimals', {
        field: `manualDiscounts[${at}].amount`,
      });
    }
    const manual: ManualCents = {
      productId: discount.productId ?? null,
      percent: discount.percent ?? null,
      amountCents,
      reason: discount.reason.trim(),
    };
    checkManual(manual, at);
    return manual;
  });
}

/** An order's stored manual discounts. */
export const storedManual = (json: string): StoredManualDiscount[] => JSON.parse(json) as StoredManualDiscount[];

/** A stored manual discount as the ticket answers it. */
export const manualView = (stored: StoredManualDiscount): ManualDiscountView => ({
  productId: stored.productId,
  percent: stored.percent,
  amount: stored.amountCents === null ? null : formatDecimal(stored.amountCents),
  reason: stored.reason,
  discount: formatDecimal(stored.discountCents),
  approvedBy: stored.approvedBy,
});

/** Staff at a register (not a shop's API, not a partner): who gives manual discounts and chooses deals. */
export const atRegister = (who: AuditActor): boolean => who.kind === 'staff' && who.terminalId !== null;

/**
 * Whether a sale's reward dollars are money off by hand: typed at a register where the store runs no
 * loyalty programme, nobody's points pay them, so the store's PIN policy for manual discounts counts
 * them with those (README "Manual discounts"). A programme's are the customer's, paid with points; a
 * shop's (online) are its own loyalty's, with nobody at a register to approve them.
 */
export const rewardByHand = (dispensary: Pick<Dispensary, 'loyalty'>, atARegister: boolean): boolean =>
  atARegister && !dispensary.loyalty.enabled;

/** Who may give manual discounts: staff at a register. */
export function checkMayGive(who: AuditActor): void {
  if (!atRegister(who)) {
    throw new ServicePayError(
      'FORBIDDEN',
      "Manual discounts are given at a register by the store's staff, not through an online order",
      { field: 'manualDiscounts' },
    );
  }
}

/**
 * Who may choose deals for a sale (`dealIds`: the deals a cashier picks, an employee's or a
 * regular's): staff at a register, as for manual discounts. A shop unlocks its deals by code.
 */
export function checkMayChoose(who: AuditActor, request: Pick<TicketCreateRequest, 'dealIds'>): void {
  if ((request.dealIds ?? []).length > 0 && !atRegister(who)) {
    throw new ServicePayError(
      'FORBIDDEN',
      "Deals are chosen at a register by the store's staff, not through an online order: a shop unlocks a deal with its promo code",
      { field: 'dealIds' },
    );
  }
}

/** A manager (or admin) approves their own manual discounts. */
export const approvesSelf = (who: AuditActor): boolean => who.role !== null && APPROVER_ROLES.includes(who.role);

/**
 * Who approves a ticket's manual discounts (and its reward dollars by hand: `rewardByHand`), asked
 * before its write (a PIN's hash takes tens of milliseconds): the person themselves when a manager,
 * else the manager whose PIN `approval` gives (checked: a wrong PIN counts against the manager as
 * for cash movements), else null.
 * Whether the store's policy needs one is known once the ticket is priced (build-order.ts).
 */
export async function manualApprover(
  pins: ManagerPins,
  dispensary: Dispensary,
  who: AuditActor,
  request: TicketCreateRequest,
): Promise<string | null> {
  const manual = (request.manualDiscounts ?? []).length > 0;
  const reward = rewardByHand(dispensary, atRegister(who)) && (request.rewardDollars ?? 0) > 0;
  if (!manual && !reward) return null;
  if (manual) checkMayGive(who);
  if (approvesSelf(who)) return who.name;
  if (!request.approval) return null;
  return (await pins.check(dispensary, request.approval, manual ? 'give manual discounts' : 'take reward dollars off'))
    .name;
}

/** A manual discount in the audit trail's words: "Damaged box: 10% off Blue Dream · approved by Dana". */
export function manualWords(
  discount: StoredManualDiscount,
  items: readonly { productId: string; name: string }[],
): string {
  const what =
    discount.productId === null
      ? 'the sale'
      : (items.find((item) => item.productId === discount.productId)?.name ?? 'a line');
  const size = discount.percent !== null ? `${discount.percent}%` : formatMoney(discount.amountCents ?? 0);
  const approved = discount.approvedBy === null ? '' : ` · approved by ${discount.approvedBy}`;
  return `${discount.reason}: ${size} off ${what}${approved}`;
}
