import type { AuditAction } from '../../../shared/contracts/audit.js';
import type { AuditActor } from '../core/audit-actor.js';
import type { AuditEntry } from '../core/audit-repository.js';
import type { Dispensary } from '../dispensaries/dispensary.js';

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
