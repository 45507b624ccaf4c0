import type { AuditAction } from '../../../shared/contracts/audit.js';
import type { AuditActor } from '../core/audit-actor.js';
import type { AuditEntry } from '../core/audit-repository.js';
import type { Dispensary } from '../dispensaries/dispensary.js';
import { manualWords, rewardByHand } from './manual-discounts.js';
import type { FullOrder } from './order-records.js';

/** An audit trail's entry about an order of `dispensary`: what was done to it, for how much, and why. */
export function orderAuditEntry(
  action: AuditAction,
  who: AuditActor,
  dispensary: Dispensary,
  order: { id: string; orderNumber: string },
  at: Date,
  amount: number,
  reason: string,
): AuditEntry {
  return {
    action,
    actor: who,
    organizationId: dispensary.organizationId,
    dispensaryId: dispensary.id,
    at,
    orderId: order.id,
    orderNumber: order.orderNumber,
    amount,
    reason,
  };
}

/**
 * What the trail keeps of a new ticket: reward dollars and manual discounts are amounts a person
 * types that lower what an order costs (reward dollars drawn on the customer's points where the
 * store runs a loyalty programme: README "Loyalty"), so every ticket created with them is recorded,
 * each manual discount with its reason and who approved it, and reward dollars typed by hand with
 * who approved them (`approver`, where the store's policy asked: manual-discounts.ts rewardByHand).
 */
export function saleAuditEntries(
  full: FullOrder,
  who: AuditActor,
  dispensary: Dispensary,
  at: Date,
  approver: string | null = null,
): AuditEntry[] {
  const { order } = full;
  const entries = order.manualDiscounts.map((discount) =>
    orderAuditEntry(
      'manual_discount',
      who,
      dispensary,
      order,
      at,
      discount.discountCents,
      manualWords(discount, full.items),
    ),
  );
  const { payByPoints } = order.totals;
  if (payByPoints !== 0) {
    const approved = approver === null ? '' : ` · approved by ${approver}`;
    const reason = dispensary.loyalty.enabled
      ? "Paid with the customer's reward dollars"
      : rewardByHand(dispensary, order.source === 'register')
        ? `Typed at the register (the store runs no loyalty programme)${approved}`
        : 'Sent with the online order (the store runs no loyalty programme)';
    entries.unshift(orderAuditEntry('reward_dollars', who, dispensary, order, at, -payByPoints, reason));
  }
  return entries;
}
