// The registers attached to a store server, through the set-up API a manager's back office calls:
// on SQLite and on PostgreSQL (the vitest projects `sqlite` and `postgres`).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditDay } from '../../../shared/contracts/audit.js';
import type { EnrolledRegister, RegisterView } from '../../../shared/contracts/registers.js';
import type { StaffView } from '../../../shared/contracts/setup-people.js';
import { ok, refused, setupHarness, type SetupHarness } from '../setup/support/setup-fixtures.js';

let h: SetupHarness;
let managerName: string;

beforeAll(async () => {
  h = await setupHarness();
  const { staff } = ok<{ staff: StaffView[] }>(await h.call(h.tokens.admin, 'GET', '/staff', undefined, 'demo'));
  managerName = staff.find((member) => member.username === 'manager')!.displayName;
});
afterAll(() => h.close());

const enroll = (name: string, token = h.tokens.manager) => h.call(token, 'POST', '/registers', { name }, 'demo');
const list = async () =>
  ok<{ registers: RegisterView[] }>(await h.call(h.tokens.manager, 'GET', '/registers', undefined, 'demo')).registers;
const revoke = (registerId: string, token = h.tokens.manager) =>
  h.call(token, 'POST', `/registers/${encodeURIComponent(registerId)}/revoke`, undefined, 'demo');

describe('attaching registers to a store', () => {
  let front1: EnrolledRegister;

  it('enrolls front-1 with its own secret, shown in that answer only', async () => {
    front1 = ok<EnrolledRegister>(await enroll('front-1'));
    expect(front1.secret).toMatch(/^spr_.{20,}$/);
    expect(front1.dispensary).toMatchObject({ shortName: 'demo' });
    expect(front1.register).toMatchObject({ name: 'front-1', lastSeenAt: null, revokedAt: null });
    expect(Date.parse(front1.register.enrolledAt)).not.toBeNaN();
    const listed = await h.call(h.tokens.manager, 'GET', '/registers', undefined, 'demo');
    expect(listed.body).not.toContain(front1.secret);
    expect(listed.body).not.toMatch(/secret/i);
    expect(listed.json<{ registers: RegisterView[] }>().registers).toEqual([front1.register]);
  });

  it('lists the store’s registers by name, each with who enrolled it by their display name', async () => {
    ok(await enroll('office-2'));
    ok(await enroll('back-1'));
    const registers = await list();
    expect(registers.map((register) => register.name)).toEqual(['back-1', 'front-1', 'office-2']);
    // A display name, not the username.
    expect(managerName).not.toBe('manager');
    expect(registers.map((register) => register.enrolledBy)).toEqual([managerName, managerName, managerName]);
  });

  it('revokes a register once; again is a conflict in words; an unknown one is not found', async () => {
    const revoked = ok<{ register: RegisterView }>(await revoke(front1.register.registerId)).register;
    expect(revoked).toMatchObject({ registerId: front1.register.registerId, name: 'front-1' });
    expect(Date.parse(revoked.revokedAt ?? '')).not.toBeNaN();
    expect((await list()).find((register) => register.name === 'front-1')?.revokedAt).toBe(revoked.revokedAt);
    refused(await revoke(front1.register.registerId), 409, /^register front-1 is already revoked$/);
    refused(
      await revoke('0190aaaa-0000-7000-8000-000000000000'),
      404,
      /^no register 0190aaaa-0000-7000-8000-000000000000 at Green Valley Dispensary$/,
    );
  });

  it('enrolls front-1 again: the same register id, new credentials, no longer revoked', async () => {
    const again = ok<EnrolledRegister>(await enroll('front-1'));
    expect(again.register.registerId).toBe(front1.register.registerId);
    expect(again.register.revokedAt).toBeNull();
    expect(again.secret).toMatch(/^spr_/);
    expect(again.secret).not.toBe(front1.secret);
    expect((await list()).filter((register) => register.name === 'front-1')).toEqual([again.register]);
  });

  it('refuses a name that is not a register name, saying why', async () => {
    for (const name of ['front 1', '-front', '', 'x'.repeat(41), 'front/1']) {
      refused(
        await enroll(name),
        400,
        /^name must be a register name: a letter or digit, then letters, digits, - or _ \(at most 40\)$/,
      );
    }
    refused(await h.call(h.tokens.manager, 'POST', '/registers', {}, 'demo'), 400, /^name is required$/);
    const registers = await list();
    expect(registers.map((register) => register.name)).toEqual(['back-1', 'front-1', 'office-2']);
  });

  it('refuses a cashier: attaching and revoking registers is a manager’s', async () => {
    const why = /^the cashier role does not have the store:manage permission$/;
    refused(await enroll('front-9', h.tokens.cashier), 403, why);
    refused(await h.call(h.tokens.cashier, 'GET', '/registers', undefined, 'demo'), 403, why);
    const [first] = await list();
    refused(await revoke(first!.registerId, h.tokens.cashier), 403, why);
    expect((await list()).map((register) => register.revokedAt)).toEqual([null, null, null]);
  });

  it('keeps every enrolment and revocation in the audit trail, by whom and which register', async () => {
    const response = await h.request({
      method: 'GET',
      url: '/v2.0/audit?dispensaryShortName=demo',
      headers: { authorization: `Bearer ${h.tokens.manager}` },
    });
    const { events } = ok<AuditDay>(response);
    const registers = events.filter((event) => event.action.startsWith('register_'));
    expect(registers.map((event) => [event.action, event.reason, event.actor.name])).toEqual([
      ['register_enrolled', 'Register front-1', 'manager'],
      ['register_enrolled', 'Register office-2', 'manager'],
      ['register_enrolled', 'Register back-1', 'manager'],
      ['register_revoked', 'Register front-1', 'manager'],
      ['register_enrolled', 'Register front-1', 'manager'],
    ]);
  });
});
