import { COMMAND_LINE_ACTOR, type AuditEvent } from './contracts/audit.js';
import { auditActionLabel, roleLabel } from './labels.js';
import { isBackOfficeTerminal } from './terminal-id.js';

/**
 * An audit event in words, for the back office and `servicepay audit list`: the same sentence
 * parts on both, never a code.
 */

/** The operator at the `servicepay` command, as people read who did something (the trail, a customer's "Added by"). */
export const OPERATOR_WORDS = 'Operator (servicepay command)';

/**
 * Who did something, kept as a username (`operator` for the command line): their display name when
 * they are a user, the operator's words for the command line, else the username as it was kept.
 */
export const personWords = (name: string | null, username: string): string =>
  name ?? (username === 'operator' ? OPERATOR_WORDS : username);

/** "Maria Lopez (Manager)", "Partner Acme", "Unknown username", "ServicePay (automatic)", "Operator (servicepay command)". */
export function auditWho(event: AuditEvent): string {
  const { actor } = event;
  if (actor.kind === 'unknown') return 'Unknown username';
  if (actor.kind === 'system') {
    // 'servicepay (command line)': customers added by the command before it named the operator so.
    const operator = actor.name === COMMAND_LINE_ACTOR || actor.name === 'servicepay (command line)';
    return operator ? OPERATOR_WORDS : 'ServicePay (automatic)';
  }
  const name = actor.displayName ?? actor.name;
  const role = actor.role ? ` (${roleLabel(actor.role)})` : '';
  return actor.kind === 'partner' ? `Partner ${name}` : `${name}${role}`;
}

/** "Payment voided". */
export function auditWhat(event: AuditEvent): string {
  return auditActionLabel(event.action);
}

/** The register ("front-1"), "Back office" for a back office's browser, or "—" when the request named none. */
export function auditWhere(event: AuditEvent): string {
  if (event.terminalId === null) return '—';
  return isBackOfficeTerminal(event.terminalId) ? 'Back office' : event.terminalId;
}

/**
 * Why, then what the service noted of it ("Wrong papers. Items back: 1 × …"), or "No reason given"
 * when there is neither.
 */
export function auditWhy(event: Pick<AuditEvent, 'reason' | 'details'>): string {
  const { reason, details } = event;
  if (reason === '' || details === '') return reason || details || 'No reason given';
  // "Customer returned one." ends its own sentence: no second full stop.
  return /[.!?]$/.test(reason) ? `${reason} ${details}` : `${reason}. ${details}`;
}
