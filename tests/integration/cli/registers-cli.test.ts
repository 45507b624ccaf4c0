// `servicepay registers` as an operator runs it on a store server, on the engine
// under test, enrolling, listing and revoking the registers of a store in Denver, and the report of
// the sales they forwarded that were not applied exactly as made.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EnrolledRegister, ForwardExceptionView, RegisterView } from '../../../shared/contracts/registers.js';
import { openDataLayer } from '../../../electron/server/db/open-data-layer.js';
import { RegistersRepository } from '../../../electron/server/registers/registers-repository.js';
import { runServicepay } from '../../support/cli-in-process.js';
import { seedForwardExceptions } from '../../support/forward-exceptions.js';
import { freshDatabase } from '../../support/test-database.js';

const database = await freshDatabase();

const servicepay = (args: string[]) => runServicepay([...args, ...database.args]);

const json = async <T>(args: string[]): Promise<T> => {
  const result = await servicepay(['--json', ...args]);
  expect(result.status, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as T;
};

const STORE = ['--dispensary', 'mesa'];

beforeAll(async () => {
  const org = await json<{ id: string }>(['orgs', 'add', 'Mesa Verde Cannabis Co.']);
  const address = ['--street', '1 Main St', '--city', 'Denver', '--state', 'CO', '--zip', '80202'];
  const store = [
    'dispensaries',
    'add',
    'mesa',
    '--org',
    org.id,
    '--name',
    'Mesa Verde',
    '--timezone',
    'America/Denver',
  ];
  expect((await servicepay([...store, ...address])).status).toBe(0);
}, 60_000);
afterAll(() => database.drop());

describe('servicepay registers', { timeout: 60_000 }, () => {
  let front1: EnrolledRegister;

  it('says when a store has none', async () => {
    expect((await servicepay(['registers', 'list', ...STORE])).stdout.trim()).toBe('(none)');
    expect((await servicepay(['registers', 'exceptions', ...STORE])).stdout.trim()).toBe(
      'No exceptions: every forwarded sale was applied as it was made.',
    );
    expect(await json<ForwardExceptionView[]>(['registers', 'exceptions', ...STORE])).toEqual([]);
  });

  it('enrolls a register and prints its id and secret once, saying so', async () => {
    const enrolled = await servicepay(['registers', 'enroll', 'front-1', ...STORE]);
    expect(enrolled.status, enrolled.stderr).toBe(0);
    const lines = enrolled.stdout.trim().split('\n');
    expect(lines[0]).toBe('Register front-1 is attached to Mesa Verde.');
    expect(lines[1]).toMatch(/^ {2}register id: [0-9a-f-]{36}$/);
    expect(lines[2]).toMatch(/^ {2}secret: {6}spr_\S{20,}$/);
    expect(lines[3]).toContain('The secret is shown only now');
    front1 = await json<EnrolledRegister>(['registers', 'enroll', 'front-2', ...STORE]);
    expect(front1.secret).toMatch(/^spr_/);
    // The list never shows a secret, in either form.
    const listed = (await servicepay(['--json', 'registers', 'list', ...STORE])).stdout;
    expect(listed).not.toMatch(/spr_|secret/i);
    expect(JSON.parse(listed).map((register: RegisterView) => register.name)).toEqual(['front-1', 'front-2']);
  });

  it('lists them with their status in words and the store’s time, and who enrolled them', async () => {
    // front-1 asked the server for something at five past this hour.
    const db = await openDataLayer({ ...database.config, poolSize: 1, listen: false });
    const registers = new RegistersRepository(db);
    const seen = new Date();
    seen.setUTCMinutes(5, 0, 0);
    const [first] = await json<RegisterView[]>(['registers', 'list', ...STORE]);
    await db.write((tx) => registers.markSeen(tx, first!.registerId, seen));
    await db.close();
    const time = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Denver', hour: 'numeric', minute: '2-digit' })
      .format(seen)
      .replace(/\s/g, ' ');
    const lines = (await servicepay(['registers', 'list', ...STORE])).stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^name +status +enrolled by$/);
    expect(lines[2]).toMatch(
      new RegExp(`^front-1 +attached, last seen (Today|Yesterday), ${time} M[SD]T +Command line$`),
    );
    expect(lines[3]).toMatch(/^front-2 +attached, never seen +Command line$/);
  });

  it('revokes a register by its name; again, or an unknown name, is refused saying why', async () => {
    const revoked = await servicepay(['registers', 'revoke', 'front-2', ...STORE]);
    expect(revoked.stdout.trim()).toBe(
      'Register front-2 at Mesa Verde is revoked: it stops syncing with the server and must be enrolled again to sync.',
    );
    expect((await servicepay(['registers', 'list', ...STORE])).stdout).toMatch(
      /front-2 +revoked Today, \d{1,2}:\d{2} [AP]M M[SD]T/,
    );
    const again = await servicepay(['registers', 'revoke', 'front-2', ...STORE]);
    expect(again.status).toBe(1);
    expect(again.stderr).toBe('servicepay: register front-2 is already revoked\n');
    const unknown = await servicepay(['registers', 'revoke', 'back-9', ...STORE]);
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toBe(
      'servicepay: no register named back-9 is attached to Mesa Verde; its registers are front-1, front-2\n',
    );
    const refusal = JSON.parse((await servicepay(['--json', 'registers', 'revoke', 'back-9', ...STORE])).stdout);
    expect(refusal).toMatchObject({ resultCode: 'FAIL', resultReason: 'NOT_FOUND' });
  });

  it('lists the exceptions of forwarded sales newest first, in words and the store’s time', async () => {
    // Two in March (MST) and one in July (MDT), of a register still attached and of one revoked since.
    await seedForwardExceptions(database.config, [
      {
        store: 'mesa',
        register: 'front-1',
        kind: 'negative_stock',
        detail:
          'front-1 sold 2 more of Gummies (package 1A4000000000022000000123) than the server had (its stock is now 0): count the package',
        packageId: 'package-1',
        at: new Date('2025-03-04T17:05:00Z'),
      },
      {
        store: 'mesa',
        register: 'front-2',
        kind: 'number_taken',
        detail: 'order 12 of front-2 is order 57 here: another order of the store has its number',
        orderId: 'order-1',
        at: new Date('2025-03-04T18:30:00Z'),
      },
      {
        store: 'mesa',
        register: 'front-1',
        kind: 'not_applied',
        detail: 'rows of orders are not deleted by registers',
        at: new Date('2025-07-01T16:00:00Z'),
      },
    ]);
    const lines = (await servicepay(['registers', 'exceptions', ...STORE])).stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^when +register +what +detail$/);
    expect(lines[2]).toMatch(
      /^Jul 1, 2025, 10:00 AM MDT +front-1 +Change refused +Rows of orders are not deleted by registers\.$/,
    );
    expect(lines[3]).toMatch(
      /^Mar 4, 2025, 11:30 AM MST +front-2 +Order renumbered +Order 12 of front-2 is order 57 here: another order of the store has its number\.$/,
    );
    expect(lines[4]).toMatch(
      /^Mar 4, 2025, 10:05 AM MST +front-1 +Stock below zero +front-1 sold 2 more of Gummies \(package 1A4000000000022000000123\) than/,
    );
    // What it means for the manager follows the table; no code of a kind is shown.
    expect(lines.slice(5).join(' ')).toContain("tell the customer their order's new number");
    expect(lines.join('\n')).not.toMatch(/negative_stock|number_taken|not_applied/);

    // --json (after the command too) answers the service's views, newest first, for scripts.
    const result = await servicepay(['registers', 'exceptions', ...STORE, '--json']);
    expect(result.status, result.stderr).toBe(0);
    const listed = JSON.parse(result.stdout) as ForwardExceptionView[];
    expect(listed.map((e) => [e.kind, e.registerName, e.at])).toEqual([
      ['not_applied', 'front-1', '2025-07-01T16:00:00.000Z'],
      ['number_taken', 'front-2', '2025-03-04T18:30:00.000Z'],
      ['negative_stock', 'front-1', '2025-03-04T17:05:00.000Z'],
    ]);
    expect(listed[1]).toMatchObject({ orderId: 'order-1', packageId: null, seq: 2 });
    expect(listed[2]).toMatchObject({ orderId: null, packageId: 'package-1', seq: 1 });
    const nowhere = await servicepay(['registers', 'exceptions', '--dispensary', 'nowhere']);
    expect(nowhere.status).toBe(1);
    expect(nowhere.stderr).toBe('servicepay: no dispensary has the short name nowhere\n');
  });

  it('refuses a bad register name or an unknown store, saying why', async () => {
    const bad = await servicepay(['registers', 'enroll', 'front 1', ...STORE]);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toBe(
      'servicepay: the name must be a register name: a letter or digit, then letters, digits, - or _ (at most 40)\n',
    );
    const nowhere = await servicepay(['registers', 'list', '--dispensary', 'nowhere']);
    expect(nowhere.stderr).toBe('servicepay: no dispensary has the short name nowhere\n');
  });
});
