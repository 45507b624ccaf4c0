// What the CLI says of a store, a person and a product names them in words (README "Command line"):
// "Green Valley Dispensary", not its short name `demo`; "Sam Rivera (sam)" and "Cashier", not a code.
// Short names and ids people type next stay beside the names; `--json` keeps the API's fields.
// On the engine under test.
import { describe, expect, it } from 'vitest';
import { DEMO } from '../../../electron/server/demo/load-demo.js';
import { runServicepay } from '../../support/cli-in-process.js';
import { demoCli } from '../support/demo-cli.js';

const { database, servicepay, json, demo } = await demoCli();
const STORE = 'Green Valley Dispensary';

/** A run that must succeed, answering what it printed for people. */
async function said(...args: string[]): Promise<string> {
  const run = await servicepay(...args);
  expect(run.status, run.stderr || run.stdout).toBe(0);
  return run.stdout;
}

describe('the store by its name in the text of the CLI', { timeout: 60_000 }, () => {
  it('dispensaries list and set: the store and its organization by name, short name and ids beside them', async () => {
    const listed = await said('dispensaries', 'list');
    expect(listed).toMatch(/^name\s+short name\s+time zone\s+city\s+state\s+organization\s+organization id\s+id$/m);
    expect(listed).toMatch(
      new RegExp(
        `^${STORE}\\s+demo\\s+America/Los_Angeles\\s+Sacramento\\s+CA\\s+Green Valley Holdings\\s+` +
          `${DEMO.organizationId}\\s+${DEMO.dispensaryId}$`,
        'm',
      ),
    );
    expect(await said('dispensaries', 'set', 'demo', '--prep-minutes', '15')).toMatch(
      new RegExp(`^Changed ${STORE}\\.\\n`),
    );
  });

  it('locations: added to the store by name, renamed from the old name to the new, the primary one said', async () => {
    const added = await json<{ id: string }>('locations', 'add', 'Drive-up window', ...demo);
    expect(await said('locations', 'add', 'Back door', ...demo)).toMatch(
      new RegExp(`^Added location Back door \\(id [0-9a-f-]{36}\\) to ${STORE}\\.$`, 'm'),
    );
    expect(await said('locations', 'rename', added.id, 'Curbside', ...demo)).toBe(
      'Location Drive-up window is now Curbside.\n',
    );
    const listed = await said('locations', 'list', ...demo);
    expect(listed).toMatch(/^Sales floor\s+yes\s+[0-9a-f-]{36}$/m);
    expect(listed).toMatch(new RegExp(`^Curbside\\s+${added.id}$`, 'm'));
  });

  it('users: the person by name with their username, the role in words, the store by name', async () => {
    const args = [
      'users',
      'add',
      'sam',
      '--role',
      'cashier',
      ...demo,
      '--display-name',
      'Sam Rivera',
      '--password-stdin',
    ];
    const added = await runServicepay([...args, ...database.args], 'sam-cashier-01');
    expect([added.status, added.stdout]).toEqual([0, `Added user Sam Rivera (sam): Cashier at ${STORE}.\n`]);
    const listed = await said('users', 'list', ...demo);
    expect(listed).toMatch(/^username\s+name\s+role\s+employee ref\s+store\s+disabled$/m);
    expect(listed).toMatch(new RegExp(`^sam\\s+Sam Rivera\\s+Cashier\\s+${STORE}$`, 'm'));
    expect(listed).toMatch(/^admin\s+Alex Admin\s+Administrator\s+E0001\s+\(every store\)$/m);
    expect(await said('users', 'disable', 'sam')).toBe('User Sam Rivera (sam) disabled.\n');
    expect(await said('users', 'list', ...demo)).toMatch(
      new RegExp(`^sam\\s+Sam Rivera\\s+Cashier\\s+${STORE}\\s+yes$`, 'm'),
    );
  });

  it('clients: issued for the store by name, listed and disabled by name with the id beside it', async () => {
    const issued = await said('clients', 'add', 'Web shop', ...demo);
    expect(issued).toMatch(new RegExp(`^Issued client Web shop for ${STORE}\\.\\nclient_id: +spc_`));
    const { clientId } = JSON.parse((await servicepay('--json', 'clients', 'list', ...demo)).stdout).find(
      (client: { name: string }) => client.name === 'Web shop',
    ) as { clientId: string };
    expect(await said('clients', 'list', ...demo)).toMatch(
      new RegExp(`^Web shop\\s+${clientId}\\s+${STORE}\\s+\\S`, 'm'),
    );
    expect(await said('clients', 'disable', clientId)).toBe(`Client Web shop (${clientId}) disabled.\n`);
    expect(await said('clients', 'list', ...demo)).toMatch(
      new RegExp(`^Web shop\\s+${clientId}\\s+${STORE}\\s+yes\\s`, 'm'),
    );
  });

  it('webhooks: an endpoint for the store by name, listed by name', async () => {
    const added = await said(
      ...['webhooks', 'add', 'http://127.0.0.1:4000/hooks', '--events', 'all', ...demo, '--allow-local'],
    );
    expect(added).toMatch(
      new RegExp(`^Added webhook endpoint \\S+ → http://127\\.0\\.0\\.1:4000/hooks \\(${STORE}\\)$`, 'm'),
    );
    expect(await said('webhooks', 'list', ...demo)).toMatch(
      new RegExp(`http://127\\.0\\.0\\.1:4000/hooks\\s+all\\s+${STORE}\\s+enabled$`, 'm'),
    );
  });

  it('catalog: imported into the store by name; listed with categories and columns in words', async () => {
    const listed = await said('catalog', 'list', ...demo, '--search', 'FLW-001');
    expect(listed).toMatch(/^sku\s+name\s+brand\s+category\s+price\s+sale price\s+available\s+product id$/m);
    expect(listed).toMatch(/^FLW-001\s+Blue Dream\s+.+\s+Flower\s+\d+\.\d\d\s+\d+\.\d\d\s+\d/m);
  });

  it('loyalty: the programme and a refused customer name the store', async () => {
    expect(await said('loyalty', 'set', ...demo, '--on')).toMatch(
      new RegExp(`^The loyalty programme of ${STORE}:\\nLoyalty: `),
    );
    const refused = await servicepay('loyalty', 'show', 'nobody', ...demo);
    expect([refused.status, refused.stderr]).toEqual([
      1,
      `servicepay: No customer "nobody" at ${STORE}: give their customer id, or the number on their ID\n`,
    ]);
  });
});
