// `servicepay printers` as an operator runs it: child processes on the engine under test, and a
// test printer on 127.0.0.1 for the test page.
import { execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeEscPos } from '../../support/escpos-decoder.js';
import { TestPrinter } from '../../support/test-printer.js';
import { SERVICEPAY_BIN } from '../../support/service-process.js';
import { freshDatabase } from '../../support/test-database.js';

const database = await freshDatabase();
let printer: TestPrinter;

/** Runs the command and waits for it. */
function servicepay(args: string[]) {
  const result = spawnSync(process.execPath, [SERVICEPAY_BIN, ...args, ...database.args], { encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** Runs the command without blocking this process, where the test printer answers meanwhile. */
async function servicepayAsync(args: string[]) {
  const run = promisify(execFile)(process.execPath, [SERVICEPAY_BIN, ...args, ...database.args], {
    encoding: 'utf8',
  });
  try {
    return { status: 0, ...(await run) };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { status: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

beforeAll(async () => {
  printer = await new TestPrinter().start();
  const org = JSON.parse(servicepay(['--json', 'orgs', 'add', 'Mesa Verde Cannabis Co.']).stdout) as { id: string };
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
  const address = ['--street', '1 Main St', '--city', 'Denver', '--state', 'CO', '--zip', '80202'];
  expect(servicepay([...store, ...address]).status).toBe(0);
}, 60_000);
afterAll(async () => {
  await printer.stop();
  await database.drop();
});

describe('servicepay printers', { timeout: 60_000 }, () => {
  it('sets, lists and removes a register’s printer, refusing bad input with the option’s name', () => {
    const set = servicepay(['printers', 'set', 'front-1', 'tcp://10.0.0.8', '--dispensary', 'mesa', '--paper', '58']);
    expect(set.stdout.trim()).toBe(
      'Printer set. front-1: tcp://10.0.0.8:9100, 58 mm paper, does not open the cash drawer.',
    );
    const bad = servicepay(['printers', 'set', 'front-1', 'tcp://10.0.0.8', '--dispensary', 'mesa', '--paper', '76']);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toBe('servicepay: --paper must be 80 or 58 (millimetres of paper), not 76\n');
    const path = servicepay(['printers', 'set', 'front-2', 'lp0', '--dispensary', 'mesa']);
    expect(path.stderr).toContain('is neither tcp://host[:port] nor a device path');
    const listed = servicepay(['printers', 'list', '--dispensary', 'mesa']);
    expect(listed.stdout).toContain('front-1   tcp://10.0.0.8:9100  58 mm  no');
    expect(servicepay(['printers', 'remove', 'front-1', '--dispensary', 'mesa']).status).toBe(0);
    expect(servicepay(['printers', 'list', '--dispensary', 'mesa']).stdout.trim()).toBe('(none)');
  });

  it('prints a test page, and says why when the printer is off', async () => {
    servicepay(['printers', 'set', 'front-1', printer.address, '--dispensary', 'mesa']);
    const printed = await servicepayAsync(['printers', 'test', 'front-1', '--dispensary', 'mesa']);
    expect(printed.stdout.trim()).toBe("Test page sent to front-1's printer.");
    const page = decodeEscPos(printer.jobs.at(-1)!);
    expect(page.lines.map((line) => line.trim())).toEqual(expect.arrayContaining(['Mesa Verde', 'Printer test']));
    expect(page.cuts).toBe(1);
    await printer.setMode('refuse');
    const off = await servicepayAsync(['printers', 'test', 'front-1', '--dispensary', 'mesa']);
    expect(off.status).toBe(1);
    expect(off.stdout.trim()).toBe(
      `Not printed: The printer at 127.0.0.1:${printer.port} refused the connection (is it on, and is that its address?).`,
    );
    await printer.setMode('ok');
  });
});
