import { describe, expect, it } from 'vitest';
import type { AuditEvent } from '../../../shared/contracts/audit.js';
import { auditWhere, auditWho, auditWhy } from '../../../shared/audit-words.js';

const event = (over: Partial<AuditEvent> = {}): AuditEvent => ({
  id: 'e1',
  at: '2026-12-03T21:03:00.000Z',
  action: 'payment_voided',
  actor: { kind: 'staff', name: 'manager', displayName: 'Morgan Manager', role: 'manager' },
  terminalId: null,
  orderId: null,
  orderNumber: null,
  paymentId: null,
  amount: null,
  reason: '',
  details: '',
  ...over,
});

describe('an audit event in words', () => {
  it('names a register by its id, a back office’s browser as the back office, and none as a dash', () => {
    expect(auditWhere(event({ terminalId: 'front-1' }))).toBe('front-1');
    expect(auditWhere(event({ terminalId: 'bo-c5c8c86f' }))).toBe('Back office');
    expect(auditWhere(event({ terminalId: 'bo-office01' }))).toBe('Back office');
    expect(auditWhere(event())).toBe('—');
  });

  it('names staff by their name and role, never their username', () => {
    expect(auditWho(event())).toBe('Morgan Manager (Manager)');
  });

  it('tells what the service did on its own from what the operator did at the servicepay command', () => {
    expect(auditWho(event({ actor: { kind: 'system', name: 'ServicePay', displayName: null, role: null } }))).toBe(
      'ServicePay (automatic)',
    );
    expect(auditWho(event({ actor: { kind: 'system', name: 'Command line', displayName: null, role: null } }))).toBe(
      'Operator (servicepay command)',
    );
    // Customers added by the command before it named the operator so.
    const older = { kind: 'system', name: 'servicepay (command line)', displayName: null, role: null } as const;
    expect(auditWho(event({ actor: older }))).toBe('Operator (servicepay command)');
  });

  it('says why as the person wrote it, then what the service noted (a refund by items’ lines)', () => {
    const items = 'Items back: 1 × Blue Dream 3.5g ($43.14); put back in stock';
    expect(auditWhy(event({ reason: 'Wrong papers', details: items }))).toBe(`Wrong papers. ${items}`);
    expect(auditWhy(event({ reason: 'Customer returned one.', details: items }))).toBe(
      `Customer returned one. ${items}`,
    );
    expect(auditWhy(event({ details: items }))).toBe(items);
    expect(auditWhy(event({ reason: 'Wrong card' }))).toBe('Wrong card');
    expect(auditWhy(event())).toBe('No reason given');
  });
});
