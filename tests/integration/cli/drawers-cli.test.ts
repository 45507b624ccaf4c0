// `servicepay drawers` as a manager runs it on the store's machine, on the engine under test: the
// demo store's register front-1 opens a drawer, sells for cash, pays out with a manager's PIN and
// drops to the safe through the service; the command prints its X report (as the API answers it with
// --json, laid out as printed, as CSV), then the Z report of its close, and the list of drawers.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DrawerReport, ShiftView } from '../../../shared/contracts/cash.js';
import { formatMoney } from '../../../shared/money.js';
import { cashSale, drawer, loginAt, reportOf, shiftOf } from '../cash/support/drawer-fixtures.js';
import { paymentService, type PaymentHarness } from '../payments/support/payment-fixtures.js';
import { runServicepay } from '../../support/cli-in-process.js';
import { freshDatabase } from '../../support/test-database.js';

const database = await freshDatabase();
// 9:00 AM in Sacramento (PST) on a Monday.
const clock = { now: new Date('2026-11-23T17:00:00.000Z') };
let service: PaymentHarness;
let front1: string;

const servicepay = (...args: string[]) => runServicepay([...args, ...database.args]);
const STORE = ['--dispensary', 'demo'];
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;

async function json<T>(...args: string[]): Promise<T> {
  const run = await servicepay('--json', ...args);
  expect(run.status, run.stderr || run.stdout).toBe(0);
  return JSON.parse(run.stdout) as T;
}

/** A refused run: exit status 1, its one line of words. */
async function refused(...args: string[]): Promise<string> {
  const run = await servicepay(...args);
  expect(run.status, run.stdout).toBe(1);
  expect(run.stdout).toBe('');
  return run.stderr.trim();
}

/** A line of the printed report: the label, the amount at the right edge of 48 columns. */
const row = (label: string, cents: number) => {
  const amount = formatMoney(cents);
  return `${label}${' '.repeat(48 - label.length - amount.length)}${amount}`;
};

beforeAll(async () => {
  service = await paymentService({ ...database.config, now: () => clock.now, tokenTtlSeconds: 7 * 86_400 });
  front1 = await loginAt(service.app, 'cashier', 'cashier-demo-1', 'front-1');
}, 60_000);
afterAll(async () => {
  await service?.close();
  await database.drop();
});

describe('servicepay drawers', { timeout: 60_000 }, () => {
  let x: DrawerReport;

  it('says when no drawer was ever opened, and refuses reports of it in words', async () => {
    const listed = await servicepay('drawers', 'list', ...STORE);
    expect(listed.status, listed.stderr).toBe(0);
    expect(listed.stdout).toContain('Drawers of Green Valley Dispensary (times in PST)');
    expect(listed.stdout).toContain('No drawer is open.');
    expect(listed.stdout).toContain('No shift has closed.');
    expect(await refused('drawers', 'x-report', ...STORE, '--terminal', 'front-1')).toBe(
      'servicepay: register front-1 has never opened a drawer at Green Valley Dispensary; none of its registers has yet',
    );
    expect(await refused('drawers', 'x-report', '--dispensary', 'nowhere', '--terminal', 'front-1')).toBe(
      'servicepay: no dispensary has the short name nowhere',
    );
  });

  it("prints an open drawer's X report as the API answers it, laid out as printed, and as CSV", async () => {
    shiftOf(await drawer(service, front1, 'front-1', 'open', { amount: 20000 }));
    clock.now = new Date('2026-11-23T18:00:00.000Z');
    await cashSale(service, front1, 0, 1000);
    clock.now = new Date('2026-11-23T19:30:00.000Z');
    const paidOut = await drawer(service, front1, 'front-1', 'movements', {
      kind: 'paid_out',
      amount: 1250,
      reason: 'Window cleaner',
      approval: { username: 'manager', pin: '2580' },
    });
    expect(paidOut.statusCode, paidOut.body).toBe(201);
    x = reportOf(await drawer(service, front1, 'front-1', 'x-report'));

    const report = await json<DrawerReport>('drawers', 'x-report', ...STORE, '--terminal', 'front-1');
    expect({ ...report, generatedAt: x.generatedAt }).toEqual(x);

    const text = await servicepay('drawers', 'x-report', ...STORE, '--terminal', 'front-1');
    expect(text.status, text.stderr).toBe(0);
    const lines = text.stdout.split('\n');
    // As printed on 80 mm paper: 48 columns, a line too long for them wrapped.
    expect(lines.slice(0, 5)).toEqual([
      '            Green Valley Dispensary',
      '                    X report',
      '                Register front-1',
      'Opened Nov 23, 2026, 9:00 AM PST by Casey',
      'Cashier',
    ]);
    expect(lines[5]).toMatch(/^Printed \w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M P[SD]T$/);
    expect(lines).toContain('Sales by method');
    expect(lines).toContain(row('Cash (1)', x.sales!.byMethod[0]!.amount));
    expect(lines).toContain(row('Float', 20000));
    // The cash customers handed over, change included: not the cash sales (the sales above say those).
    expect(lines).toContain(row('Cash handed over', x.flows!.cashTendered));
    expect(lines).toContain(row('Paid out', -1250));
    expect(lines).toContain(row('Expected in drawer', x.shift.expected!));
    expect(lines).toContain('Nov 23, 2026, 11:30 AM PST, Casey Cashier,');
    expect(text.stdout).toContain('approved by Morgan Manager: Window cleaner');
    expect(lines.slice(-3)).toEqual([
      'The drawer is still open: this X report changes',
      'with every sale until the close.',
      '',
    ]);
    // People and the store by name: no id of a shift, a person or a store.
    expect(text.stdout).not.toMatch(UUID);
    expect(Math.max(...lines.map((line) => line.length))).toBeLessThanOrEqual(48);

    const csv = await servicepay('drawers', 'x-report', ...STORE, '--terminal', 'front-1', '--csv');
    expect(csv.status, csv.stderr).toBe(0);
    const rows = csv.stdout.split('\r\n');
    expect(rows[0]).toBe('Section,Item,Count,Amount,Who,When,Note');
    expect(rows[2]).toBe('Shift,Opened,,,Casey Cashier,"Nov 23, 2026, 9:00 AM PST",');
    expect(rows).toContain('Cash,Paid out,,-12.50,,,');
    expect(rows).toContain(
      'Movement,Paid out,,12.50,"Casey Cashier, approved by Morgan Manager","Nov 23, 2026, 11:30 AM PST",Window cleaner',
    );
  });

  it('refuses a Z report of a shift still open, and asks which report', async () => {
    expect(await refused('drawers', 'z-report', ...STORE, '--terminal', 'front-1', '--last')).toBe(
      'servicepay: register front-1 has closed no shift yet: its first shift is still open, and has an X report ' +
        'until its drawer is closed',
    );
    expect(await refused('drawers', 'z-report', ...STORE, '--shift', x.shift.id)).toBe(
      'servicepay: the shift at register front-1 is still open: it has a Z report once its drawer is closed, ' +
        'an X report until then',
    );
    expect(await refused('drawers', 'z-report', ...STORE)).toBe(
      'servicepay: --terminal or --shift is required: --terminal <register> with --last or --z <number>',
    );
    expect(await refused('drawers', 'z-report', ...STORE, '--terminal', 'front-1')).toBe(
      'servicepay: --terminal needs --last (its newest Z report) or --z <number> (servicepay drawers list)',
    );
  });

  it('prints the Z report of the close as the close answered it, by register, Z number or shift', async () => {
    clock.now = new Date('2026-11-24T05:00:00.000Z');
    const z = reportOf(await drawer(service, front1, 'front-1', 'close', { amount: x.shift.expected! - 500 }));
    const byRegister = ['drawers', 'z-report', ...STORE, '--terminal', 'front-1'];
    expect(await json<DrawerReport>(...byRegister, '--last')).toEqual(z);
    expect(await json<DrawerReport>(...byRegister, '--z', '1')).toEqual(z);
    expect(await json<DrawerReport>('drawers', 'z-report', ...STORE, '--shift', z.shift.id)).toEqual(z);

    // Read two days after the close, at 7:42 AM: "Closed" is the close, "Printed" is now, as on paper.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-25T15:42:00.000Z'));
    const text = await servicepay(...byRegister, '--last').finally(() => vi.useRealTimers());
    expect(text.status, text.stderr).toBe(0);
    const lines = text.stdout.split('\n');
    expect(lines.slice(1, 8)).toEqual([
      '                   Z report 1',
      '                Register front-1',
      'Opened Nov 23, 2026, 9:00 AM PST by Casey',
      'Cashier',
      'Closed Nov 23, 2026, 9:00 PM PST by Casey',
      'Cashier',
      'Printed Nov 25, 2026, 7:42 AM PST',
    ]);
    expect(lines).toContain(row('Counted', x.shift.expected! - 500));
    expect(lines.some((line) => /^Over\/short +\$5\.00 short$/.test(line))).toBe(true);
    expect(text.stdout).not.toContain('still open');

    const csv = await servicepay(...byRegister, '--z', '1', '--csv');
    expect(csv.stdout.split('\r\n')).toContain('Cash,Over/short,,-5.00,,,$5.00 short');
  });

  it('refuses what names no report, in words', async () => {
    expect(await refused('drawers', 'x-report', ...STORE, '--terminal', 'front-1')).toBe(
      'servicepay: register front-1 has no open drawer: its last shift closed Nov 23, 2026, 9:00 PM PST ' +
        '(Z report 1: servicepay drawers z-report --dispensary demo --terminal front-1 --last)',
    );
    expect(await refused('drawers', 'z-report', ...STORE, '--terminal', 'front-1', '--z', '2')).toBe(
      'servicepay: register front-1 has no Z report 2: its last is 1',
    );
    expect(await refused('drawers', 'z-report', ...STORE, '--terminal', 'front-9', '--last')).toBe(
      'servicepay: register front-9 has never opened a drawer at Green Valley Dispensary; its registers with ' +
        'drawers: front-1',
    );
    expect(await refused('drawers', 'z-report', ...STORE, '--shift', 'no-such-shift')).toBe(
      'servicepay: Green Valley Dispensary has no shift no-such-shift',
    );
    expect(await refused('drawers', 'x-report', ...STORE, '--terminal', 'bo-office')).toBe(
      'servicepay: --terminal names bo-office, a back-office machine: it has no cash drawer',
    );
    expect(await refused('drawers', 'z-report', ...STORE, '--terminal', 'front-1', '--z', 'one')).toBe(
      'servicepay: --z must be a Z number: 1, 2, 3…',
    );
    expect(await refused('drawers', 'z-report', ...STORE, '--terminal', 'front-1', '--z', '1', '--last')).toBe(
      'servicepay: --z and --last name two reports: give one',
    );
    const asJson = await servicepay('--json', 'drawers', 'z-report', ...STORE, '--terminal', 'front-1', '--z', '2');
    expect(asJson.status).toBe(1);
    expect(JSON.parse(asJson.stdout)).toMatchObject({ resultCode: 'FAIL', resultReason: 'NOT_FOUND' });
  });

  it('lists open drawers with the cash they should hold and closed shifts with over/short, by name', async () => {
    clock.now = new Date('2026-11-24T17:00:00.000Z');
    shiftOf(await drawer(service, front1, 'front-1', 'open', { amount: 15000 }));
    const shifts = await json<ShiftView[]>('drawers', 'list', ...STORE);
    expect(shifts.map((shift) => [shift.status, shift.zNumber, shift.expected])).toEqual([
      ['open', null, 15000],
      ['closed', 1, x.shift.expected],
    ]);
    const listed = await servicepay('drawers', 'list', ...STORE);
    expect(listed.status, listed.stderr).toBe(0);
    const lines = listed.stdout.split('\n');
    const open = lines.indexOf('Open drawers');
    expect(lines[open + 1]).toMatch(/^register +opened +opened by +float +should hold$/);
    expect(lines[open + 3]).toMatch(
      /^front-1 +(Nov 24|Today|Yesterday), 9:00 AM +Casey Cashier +\$150\.00 +\$150\.00$/,
    );
    const closed = lines.indexOf('Closed shifts, newest first');
    expect(lines[closed + 3]).toMatch(
      /^front-1 +1 +.*9:00 AM +Casey Cashier +.*9:00 PM +Casey Cashier .*\$5\.00 short$/,
    );
    expect(listed.stdout).toContain('X report: servicepay drawers x-report --dispensary demo --terminal <register>');
    expect(listed.stdout).not.toMatch(UUID);

    const onlyClosed = await json<ShiftView[]>('drawers', 'list', ...STORE, '--status', 'closed');
    expect(onlyClosed.map((shift) => shift.zNumber)).toEqual([1]);
    expect(await json<ShiftView[]>('drawers', 'list', ...STORE, '--day', '2026-11-22')).toEqual([]);
    expect(await refused('drawers', 'list', ...STORE, '--day', '2026-02-30')).toBe(
      'servicepay: --day must be a real date (YYYY-MM-DD)',
    );
    expect(await refused('drawers', 'list', ...STORE, '--status', 'shut')).toBe(
      'servicepay: --status must be open or closed',
    );
  });

  it('reads the newest Z report with --last, an older one by its number', async () => {
    clock.now = new Date('2026-11-25T01:00:00.000Z');
    const z2 = reportOf(await drawer(service, front1, 'front-1', 'close', { amount: 15000 }));
    const byRegister = ['drawers', 'z-report', ...STORE, '--terminal', 'front-1'];
    expect(await json<DrawerReport>(...byRegister, '--last')).toEqual(z2);
    expect((await json<DrawerReport>(...byRegister, '--z', '1')).shift.id).toBe(x.shift.id);
    expect(await refused(...byRegister, '--shift', z2.shift.id.replace(/./, 'x'))).toMatch(/has no shift/);
    expect(await refused('drawers', 'z-report', ...STORE, '--terminal', 'front-2', '--shift', z2.shift.id)).toBe(
      'servicepay: --shift is a shift of register front-1, not of front-2',
    );
  });
});
