import { COMMAND_LINE_ACTOR, type AuditActorKind } from '../../../shared/contracts/audit.js';
import type { Role } from '../../../shared/permissions.js';
import type { Principal } from './principal.js';

/** Who an audit event names, and at which register. */
export interface AuditActor {
  kind: AuditActorKind;
  /** User id (staff), certId (partner); null for the service or a username nobody has. */
  id: string | null;
  /** Username or partner name. */
  name: string;
  role: Role | null;
  terminalId: string | null;
}

/** The signed-in principal as the audit trail names it. */
export function auditActor(principal: Principal): AuditActor {
  return {
    kind: principal.kind,
    id: principal.subjectId,
    name: principal.name,
    role: principal.role,
    terminalId: principal.terminalId,
  };
}

/** The service acting on its own (a payment voided by a restart's reconcile, say). */
export const SYSTEM_ACTOR: AuditActor = { kind: 'system', id: null, name: 'ServicePay', role: null, terminalId: null };

/** The operator at the `servicepay` command, as the audit trail names them. */
export const OPERATOR_ACTOR: AuditActor = {
  kind: 'system',
  id: null,
  name: COMMAND_LINE_ACTOR,
  role: null,
  terminalId: null,
};

/** Who did something, with the reason they gave: what a void, refund or cancel is recorded with. */
export interface AuditContext {
  actor: AuditActor;
  /** The sentence given, or '' when none was. */
  reason: string;
  /** What the service notes of the action beside the person's words ("Approved by Morgan Manager"). */
  details?: string;
  /**
   * Who approved the action, where it needs a manager: the manager whose PIN was given, or the
   * manager acting (they approve their own). The records it leaves (a restock's stock adjustment)
   * keep it as their approver; `details` only words it.
   */
  approvedBy?: AuditApprover;
}

/** An approver as the records keep them: their user id and name (as guarded inventory adjustments store it). */
export interface AuditApprover {
  id: string;
  name: string;
}
