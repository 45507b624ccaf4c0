// `servicepay printers` as an operator runs it: the program on the engine under test, and a
// test printer on 127.0.0.1 for the test page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeEscPos } from '../../support/escpos-decoder.js';
import { TestPrinter } from '../../support/test-printer.js';
import { runServicepay } from '../../support/cli-in-process.js';
import { freshDatabase } from '../../support/test-database.js';

const database = await freshDatabase();
let printer: TestPrinter;

/** Runs the command (in this process, which goes on answering as the test printer meanwhile). */
const servicepay = (args: string[]) => runServicepay([...args, ...database.args]);

beforeAll(async () => {
  printer = await new TestPrinter().start();
  const org = JSON.parse((await servicepay(['--json', 'orgs', 'add', 'Mesa Verde Cannabis Co.'])).stdout) as {
    id: string;
  };
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
  expect((await servicepay([...store, ...address])).status).toBe(0);
}, 60_000);
afterAll(async () => {
  await printer.stop();
  await database.drop();
});

const HOW =
  "(a register becomes one of the store's once someone signs in at it, or once it is attached to the store server)";

describe('servicepay printers', { timeout: 60_000 }, () => {
  it('refuses a register the store does not have, naming what was typed and the store’s registers, saving nothing', async () => {
    // A new store has front-1, the register `npm start` and the desktop app open unless told another.
    const typo = await servicepay(['printers', 'set', 'fornt-1', 'tcp://10.0.0.8', '--dispensary', 'mesa']);
    expect(typo.status).toBe(1);
    expect(typo.stderr).toBe(
      `servicepay: the register "fornt-1" is not one of Mesa Verde's registers: its only register is front-1 ${HOW}\n`,
    );
    for (const name of ['front-1', 'front-2', 'back-1']) {
      expect((await servicepay(['registers', 'enroll', name, '--dispensary', 'mesa'])).status).toBe(0);
    }
    const another = await servicepay(['printers', 'set', 'front-9', '/dev/usb/lp0', '--dispensary', 'mesa']);
    expect(another.status).toBe(1);
    expect(another.stderr).toContain(
      '"front-9" is not one of Mesa Verde\'s registers: its registers are back-1, front-1 and front-2',
    );
    expect((await servicepay(['printers', 'list', '--dispensary', 'mesa'])).stdout.trim()).toBe('(none)');
  });

  it('sets, lists and removes a register’s printer, refusing bad input with the option’s name', async () => {
    const set = await servicepay([
      'printers',
      'set',
      'front-1',
      'tcp://10.0.0.8',
      '--dispensary',
      'mesa',
      '--paper',
      '58',
    ]);
    expect(set.stdout.trim()).toBe(
      'Printer set. front-1: tcp://10.0.0.8:9100, 58 mm paper, does not open the cash drawer.',
    );
    const bad = await servicepay([
      'printers',
      'set',
      'front-1',
      'tcp://10.0.0.8',
      '--dispensary',
      'mesa',
      '--paper',
      '76',
    ]);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toBe('servicepay: --paper must be 80 or 58 (millimetres of paper), not 76\n');
    const path = await servicepay(['printers', 'set', 'front-2', 'lp0', '--dispensary', 'mesa']);
    expect(path.stderr).toContain('is neither tcp://host[:port] nor a device path');
    const listed = await servicepay(['printers', 'list', '--dispensary', 'mesa']);
    expect(listed.stdout).toContain('front-1   tcp://10.0.0.8:9100  58 mm  no');
    expect((await servicepay(['printers', 'remove', 'front-1', '--dispensary', 'mesa'])).status).toBe(0);
    expect((await servicepay(['printers', 'list', '--dispensary', 'mesa'])).stdout.trim()).toBe('(none)');
  });

  it('prints a test page, and says why when the printer is off', async () => {
    await servicepay(['printers', 'set', 'front-1', printer.address, '--dispensary', 'mesa']);
    const printed = await servicepay(['printers', 'test', 'front-1', '--dispensary', 'mesa']);
    expect(printed.stdout.trim()).toBe("Test page sent to front-1's printer.");
    const page = decodeEscPos(printer.jobs.at(-1)!);
    expect(page.lines.map((line) => line.trim())).toEqual(expect.arrayContaining(['Mesa Verde', 'Printer test']));
    expect(page.cuts).toBe(1);
    await printer.setMode('refuse');
    const off = await servicepay(['printers', 'test', 'front-1', '--dispensary', 'mesa']);
    expect(off.status).toBe(1);
    expect(off.stdout.trim()).toBe(
      `Not printed: The printer at 127.0.0.1:${printer.port} refused the connection (is it on, and is that its address?).`,
    );
    await printer.setMode('ok');
  });
});
