import { ServicePayError } from '../../../shared/errors.js';
import type { Principal } from '../auth/principal.js';
import { drawerActor } from '../cash/drawer-access.js';
import type { PrintingPerson } from './print-service.js';

/**
 * Who may print on register `terminalId`'s printer (and open its drawer): staff signed in at that
 * register, or a manager (`store:manage`) from anywhere. A pole display never prints.
 */
export function printingPerson(principal: Principal, terminalId: string, displayName: string): PrintingPerson {
  const manager = principal.permissions.has('store:manage');
  if (principal.permissions.has('display:pole') && !manager) {
    throw new ServicePayError('FORBIDDEN', 'a pole display may not print or open the cash drawer');
  }
  if (!manager && principal.terminalId !== terminalId) {
    const at =
      principal.terminalId === null ? 'not signed in at a register' : `signed in at register ${principal.terminalId}`;
    throw new ServicePayError('FORBIDDEN', `you are ${at}: only a manager may print at register ${terminalId}`);
  }
  // Shifts and reports name people as the store knows them ("Casey Cashier"), as the drawer routes do.
  return { displayName, drawer: { ...drawerActor(principal, terminalId), name: displayName } };
}
