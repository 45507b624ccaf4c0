import { OPERATOR_ACTOR, type AuditActor } from '../core/audit-actor.js';
import type { Dispensary } from '../dispensaries/dispensary.js';

/** Who adds or changes a customer: a staff user, or the operator at the command (no user id). */
export interface CustomerActor {
  id: string | null;
  name: string;
  /** As the audit trail names them. */
  audit: AuditActor;
  /** May set a recommendation's own amount above the state's limit: a manager or admin (`store:manage`), the operator. */
  manager: boolean;
}

/** The operator at the `servicepay` command, as the audit trail names them. */
export const COMMAND_LINE: CustomerActor = {
  id: null,
  // Kept as `operator` (as adjustments keep them); answered as "Added by" in the trail's words (customer-view.ts).
  name: 'operator',
  // The operator's name in the trail ("Operator (servicepay command)"), never the service's own.
  audit: OPERATOR_ACTOR,
  manager: true,
};

/** The store a customer belongs to: its id, organization and clock. */
export type CustomerStore = Pick<Dispensary, 'id' | 'organizationId' | 'timezone' | 'complianceProfile'>;
