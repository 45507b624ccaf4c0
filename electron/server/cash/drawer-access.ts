import { ServicePayError } from '../../../shared/errors.js';
import { isBackOfficeTerminal } from '../../../shared/terminal-id.js';
import type { Principal } from '../auth/principal.js';
import { auditActor } from '../audit/audit-actor.js';
import type { DrawerActor } from './cash-drawers.js';

/**
 * Who may handle register `terminalId`'s drawer: a cashier signed in at that register, or a manager
 * (`store:manage`) from anywhere, who also sees the expected cash of a blind shift. A pole display
 * takes payments but never handles cash.
 */
export function drawerActor(principal: Principal, terminalId: string): DrawerActor {
  if (principal.permissions.has('display:pole') && !principal.permissions.has('store:manage')) {
    throw new ServicePayError('FORBIDDEN', 'a pole display may not handle the cash drawer');
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
      `you are ${at}: only a manager may handle the drawer of register ${terminalId}`,
    );
  }
  return { id: principal.subjectId, name: principal.name, manager, audit: { ...auditActor(principal), terminalId } };
}
