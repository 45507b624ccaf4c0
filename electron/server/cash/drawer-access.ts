import { ServicePayError } from '../../../shared/errors.js';
import { isBackOfficeTerminal } from '../../../shared/terminal-id.js';
import type { Principal } from '../core/principal.js';
import type { UsersRepository } from '../auth/users-repository.js';
import { auditActor, type AuditActor } from '../core/audit-actor.js';
import type { Queryable } from '../db/query.js';

/** Who handles a drawer; `manager` sees the expected cash of a blind shift. */
export interface DrawerActor {
  id: string;
  name: string;
  manager: boolean;
  /** As the audit trail names them, at the drawer's register. */
  audit: AuditActor;
}

/** What a person does at a register's drawer, in the words its refusals use. */
const DOING = {
  drawer: { pole: 'handle the cash drawer', register: 'handle the drawer of' },
  printer: { pole: 'print or open the cash drawer', register: 'print at' },
} as const;

/**
 * Who may handle register `terminalId`'s drawer (or its printer, which opens it): a cashier signed
 * in at that register, or a manager (`store:manage`) from anywhere, who also sees the expected cash
 * of a blind shift. A pole display takes payments but never handles cash; a back-office machine has
 * no drawer.
 */
export function drawerActor(
  principal: Principal,
  terminalId: string,
  doing: keyof typeof DOING = 'drawer',
): DrawerActor {
  const words = DOING[doing];
  if (principal.permissions.has('display:pole') && !principal.permissions.has('store:manage')) {
    throw new ServicePayError('FORBIDDEN', `a pole display may not ${words.pole}`);
  }
  if (isBackOfficeTerminal(terminalId)) {
    throw new ServicePayError(
      'FORBIDDEN',
      `${terminalId} is a back-office machine, not a register: it has no cash drawer`,
    );
  }
  const manager = principal.permissions.has('store:manage');
  if (!manager && principal.terminalId !== terminalId) {
    const at =
      principal.terminalId === null ? 'not signed in at a register' : `signed in at register ${principal.terminalId}`;
    throw new ServicePayError(
      'FORBIDDEN',
      `you are ${at}: only a manager may ${words.register} register ${terminalId}`,
    );
  }
  return { id: principal.subjectId, name: principal.name, manager, audit: { ...auditActor(principal), terminalId } };
}

/**
 * The same, named as the store knows the person ("Casey Cashier", their display name) in shifts,
 * movements, reports and receipts, not by username.
 */
export async function namedDrawerActor(
  users: UsersRepository,
  q: Queryable,
  principal: Principal,
  terminalId: string,
  doing: keyof typeof DOING = 'drawer',
): Promise<DrawerActor> {
  const actor = drawerActor(principal, terminalId, doing);
  const user = await users.find(q, actor.name);
  return { ...actor, name: user?.displayName ?? actor.name };
}
