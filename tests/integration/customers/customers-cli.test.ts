// `servicepay customers` as an operator runs it, on the engine under test.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runServicepay } from '../../support/cli-in-process.js';
import { freshDatabase } from '../../support/test-database.js';

const database = await freshDatabase();

const servicepay = (args: string[]) => runServicepay([...args, ...database.args]);

const MARIA = [
  '--first-name',
  'Maria',
  '--last-name',
  'Garcia',
  '--born',
  '1990-01-15',
  '--id-number',
  'D1234567',
  '--id-issuer',
  'CA',
  '--id-expiry',
  '2099-01-15',
];

beforeAll(async () => {
  const org = JSON.parse((await servicepay(['--json', 'orgs', 'add', 'Mesa Verde Cannabis Co.'])).stdout) as {
    id: string;
  };
  const store = ['dispensaries', 'add', 'mesa', '--org', org.id, '--name', 'Mesa Verde'];
  const address = ['--timezone', 'America/Los_Angeles', '--street', '1 Main St', '--city', 'Sacramento'];
  const added = await servicepay([...store, ...address, '--state', 'CA', '--zip', '95814']);
  expect(added.status, added.stderr).toBe(0);
}, 60_000);
afterAll(() => database.drop());

describe('servicepay customers', { timeout: 60_000 }, () => {
  it('adds a customer, finds them, shows them with their ID check, and refuses in words naming the option', async () => {
    const added = await servicepay([
      '--json',
      'customers',
      'add',
      '--dispensary',
      'mesa',
      ...MARIA,
      '--phone',
      '916-555-0134',
    ]);
    expect(added.status, added.stderr).toBe(0);
    const customer = JSON.parse(added.stdout) as { id: string; phone: string; createdBy: string };
    // Added by the operator, in the audit trail's words (the back office's "Added by …").
    expect(customer).toMatchObject({ phone: '9165550134', createdBy: 'Operator (servicepay command)' });

    const again = await servicepay(['customers', 'add', '--dispensary', 'mesa', ...MARIA]);
    expect(again.status).toBe(1);
    expect(again.stderr).toBe(
      'servicepay: --id-number is on file already: Maria Garcia, born January 15, 1990, has CA ID D1234567\n',
    );
    // Another ID with her phone: most likely her again, named by first name and initial only.
    const mario = ['--first-name', 'Mario', '--last-name', 'Garcia', '--born', '1991-02-16', '--id-number', 'D7654000'];
    const samePhone = await servicepay([
      ...['customers', 'add', '--dispensary', 'mesa', ...mario],
      ...['--id-issuer', 'CA', '--id-expiry', '2099-01-15', '--phone', '+1 916 555 0134'],
    ]);
    expect(samePhone.status).toBe(1);
    expect(samePhone.stderr).toBe(
      'servicepay: --phone is on file already: Maria G. has (916) 555-0134 — open their profile instead, or use ' +
        'another number\n',
    );
    const badPhone = await servicepay(['customers', 'add', '--dispensary', 'mesa', ...MARIA, '--phone', '555']);
    expect(badPhone.stderr).toBe(
      'servicepay: --phone must have 10 digits (area code and number), not 3; write an international number with +\n',
    );
    const medical = await servicepay(['customers', 'add', '--dispensary', 'mesa', ...MARIA, '--type', 'medical']);
    expect(medical.stderr).toBe(
      "servicepay: --recommendation is required for a medical customer: the recommendation's number and expiry\n",
    );

    const found = await servicepay(['customers', 'find', 'garcia, m', '--dispensary', 'mesa']);
    expect(found.status, found.stderr).toBe(0);
    expect(found.stdout).toContain(
      `${customer.id}  Maria Garcia  1990-01-15  adult-use  driver's licence CA D1234567  9165550134`,
    );
    expect((await servicepay(['customers', 'find', '916555', '--dispensary', 'mesa'])).stdout).toContain(customer.id);
    expect((await servicepay(['customers', 'find', 'nobody', '--dispensary', 'mesa'])).stdout.trim()).toBe('(none)');
    const limit = await servicepay(['customers', 'find', '--dispensary', 'mesa', '--limit', '80']);
    expect(limit.stderr).toBe('servicepay: --limit must be from 1 to 50, not 80\n');

    // Said for people in a sentence naming who was added, and where, with the id the commands take.
    const ana = ['--first-name', 'Ana', '--last-name', 'Silva', '--born', '1970-03-02', '--id-number', 'D7654321'];
    const issued = ['--id-issuer', 'CA', '--id-expiry', '2099-03-02'];
    const told = await servicepay(['customers', 'add', '--dispensary', 'mesa', ...ana, ...issued]);
    expect(told.status, told.stderr).toBe(0);
    const [, anaId] = /^Added customer Ana Silva \(id ([0-9a-f-]{36})\) to Mesa Verde\.\n$/.exec(told.stdout) ?? [];
    expect(anaId, told.stdout).toBeDefined();
    expect((await servicepay(['customers', 'find', 'silva', '--dispensary', 'mesa'])).stdout).toContain(anaId);

    const shown = await servicepay(['customers', 'show', customer.id, '--dispensary', 'mesa']);
    expect(shown.stdout).toContain(`Maria Garcia (customer ${customer.id})\nBorn 1990-01-15; adult-use\n`);
    expect(shown.stdout).toMatch(/ID check on \d{4}-\d{2}-\d{2} \(California\): verified, \d+ years old\n$/);
    const missing = await servicepay(['customers', 'show', 'nobody', '--dispensary', 'mesa']);
    expect(missing.stderr).toBe('servicepay: this store has no customer nobody\n');
  });
});
