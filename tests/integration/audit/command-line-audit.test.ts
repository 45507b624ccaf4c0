import { describe, expect, it } from 'vitest';
import type { AuditDay, AuditEvent } from '../../../shared/contracts/audit.js';
import { auditWhat, auditWho } from '../../../shared/audit-words.js';
import { demoCli } from '../support/demo-cli.js';

// What the operator changes at the `servicepay` command is in the audit trail as theirs,
// "Operator (servicepay command)", never the service's own ("ServicePay (automatic)"): a customer
// added, the loyalty programme and the state profile changed.
const { servicepay, json, demo } = await demoCli();

const trail = async () => (await json<AuditDay>('audit', 'list', ...demo)).events;
const said = (event: AuditEvent) => `${auditWhat(event)}: ${event.reason}`;

describe('the audit trail of the servicepay command', { timeout: 60_000 }, () => {
  it('credits a customer added to the operator', async () => {
    await json(
      ...['customers', 'add', ...demo, '--first-name', 'Maria', '--last-name', 'Garcia', '--born', '1990-01-15'],
      ...['--id-number', 'D7654321', '--id-issuer', 'CA', '--id-expiry', '2030-01-15'],
    );
    const added = (await trail()).filter((event) => event.action === 'customer_added').at(-1)!;
    expect(said(added)).toBe('Customer added: Maria Garcia, adult-use');
    expect(auditWho(added)).toBe('Operator (servicepay command)');
  });

  it('records `loyalty set` and a change of the state profile in words, by the operator', async () => {
    const set = await servicepay('loyalty', 'set', ...demo, '--on', '--points-per-dollar', '1', '--tier', 'none');
    expect(set.status, set.stderr).toBe(0);
    const before = (await trail()).length;
    const again = await servicepay(
      ...['loyalty', 'set', ...demo, '--points-per-dollar', '2'],
      ...['--tier', 'Silver:500', '--tier', 'Gold:1000:25'],
    );
    expect(again.status, again.stderr).toBe(0);
    expect((await servicepay('dispensaries', 'set', 'demo', '--compliance', 'none')).status).toBe(0);
    const profile = await servicepay('dispensaries', 'set', 'demo', '--compliance', 'us-ca');
    expect(profile.status, profile.stderr).toBe(0);
    const events = (await trail()).slice(before);
    const changes = events.filter(
      (event) => event.action !== 'state_profile_changed' || event.reason.startsWith('none'),
    );
    expect(changes.map(said)).toEqual([
      'Loyalty programme changed: points per dollar 1 → 2; tiers none → Silver 500, Gold 1,000 +25%',
      'State profile changed: none → California (us-ca)',
    ]);
    expect(changes.map(auditWho)).toEqual(['Operator (servicepay command)', 'Operator (servicepay command)']);
    // The day in words names them too.
    const text = await servicepay('audit', 'list', ...demo);
    expect(text.stdout).toContain('State profile changed');
    expect(text.stdout).toContain('Loyalty programme changed');
  });

  it('refuses a day that is not one, naming --date', async () => {
    const refused = await servicepay('audit', 'list', ...demo, '--date', '2026-02-30');
    expect([refused.status, refused.stderr]).toEqual([1, 'servicepay: --date must be a real date (YYYY-MM-DD)\n']);
  });
});
