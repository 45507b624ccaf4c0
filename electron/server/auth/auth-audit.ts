import type { Principal } from '../core/principal.js';
import type { UserRecord } from './users-repository.js';
import { auditActor, type AuditActor } from '../core/audit-actor.js';
import type { AuditEntry } from '../core/audit-repository.js';

/** A staff user as the audit trail names them, at `terminalId`. */
export function userActor(user: UserRecord, terminalId: string | null): AuditActor {
  return { kind: 'staff', id: user.id, name: user.username, role: user.role, terminalId };
}

/** Someone who typed a username nobody has (the text is not kept: it is sometimes a password). */
export function unknownActor(terminalId: string | null): AuditActor {
  return { kind: 'unknown', id: null, name: '', role: null, terminalId };
}

/** A refused sign-in: the user's organization and store, or none for a username nobody has. */
export function signInRefused(
  user: UserRecord | undefined,
  terminalId: string | null,
  reason: string,
  at: Date,
): AuditEntry {
  return {
    action: 'sign_in_failed',
    actor: user ? userActor(user, terminalId) : unknownActor(terminalId),
    organizationId: user?.organizationId ?? null,
    dispensaryId: user?.dispensaryId ?? null,
    at,
    reason,
  };
}

/**
 * An unlock of `register`'s locked session, refused or done by a manager. It happened at that
 * register, so it is the register's organization and store that keep it; a manager of another
 * organization is not named there.
 */
export function unlockEvent(
  action: 'unlock_failed' | 'manager_unlock',
  register: Principal,
  by: UserRecord | undefined,
  reason: string,
  at: Date,
): AuditEntry {
  const ownOrganization = by && by.organizationId === register.organizationId;
  const actor =
    by?.id === register.subjectId
      ? auditActor(register)
      : ownOrganization
        ? userActor(by, register.terminalId)
        : unknownActor(register.terminalId);
  return {
    action,
    actor,
    organizationId: register.organizationId,
    dispensaryId: register.dispensaryId,
    at,
    reason,
  };
}

/** "cashier's register", for a reason sentence. */
export function registerOf(register: Principal): string {
  return `${register.name}'s register`;
}
