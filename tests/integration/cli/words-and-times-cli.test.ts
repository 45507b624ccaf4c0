// What the CLI prints for people says words, never codes, and times in the store's zone, never raw ISO
// (README "The CLI"): cash movements as the registers ask for the PIN, processor and device kinds,
// payment methods, categories and flags in words; the day an organization, an application or a client
// was added in its stores' zone (the zone named when its stores have several, or it has none); a
// report's "as of" and a register's last refresh in the store's time. `--json` keeps the codes and ISO.
// On the engine under test (a register's link is SQLite's only: that case runs on a folder of its own).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDataLayer } from '../../../electron/server/db/open-data-layer.js';
import { DEMO } from '../../../electron/server/demo/load-demo.js';
import { ServerLinkRepository } from '../../../electron/server/registers/server-link-repository.js';
import { runServicepay } from '../../support/cli-in-process.js';
import { migratedFolder } from '../../support/sqlite-template.js';
import { demoCli } from '../support/demo-cli.js';

const { servicepay, json, demo } = await demoCli();
const keys = mkdtempSync(join(tmpdir(), 'servicepay-words-keys-'));
afterAll(() => rmSync(keys, { recursive: true, force: true }));

const ORG = 'Green Valley Holdings';
const STORE = 'Green Valley Dispensary';
const ID = '[0-9a-f-]{36}';
const ISO_TIME = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** A run that must succeed, answering what it printed for people. */
async function said(...args: string[]): Promise<string> {
  const run = await servicepay(...args);
  expect(run.status, run.stderr || run.stdout).toBe(0);
  return run.stdout;
}

/** "Dec 4, 2026": the day of `at` in `timeZone`, as people read it. */
const dayIn = (at: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone, month: 'short', day: 'numeric', year: 'numeric' }).format(new Date(at));

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('the CLI says words, not codes', { timeout: 60_000 }, () => {
  it("says the cash movements a manager's PIN guards as the registers ask for it", async () => {
    const set = await said('dispensaries', 'set', 'demo', '--manager-approval', 'paid_out,no_sale');
    expect(set).toContain(
      "Cash: the cashier sees the expected cash at the close; a cashier needs a manager's PIN to record a " +
        'paid-out or open the drawer with no sale.',
    );
    expect(set).not.toMatch(/paid_out|no_sale/);
    expect(await said('dispensaries', 'set', 'demo', '--manager-approval', 'paid_in,safe_drop,no_sale')).toContain(
      "a cashier needs a manager's PIN to record a paid-in, drop cash to the safe or open the drawer with no sale.",
    );
    expect(await said('dispensaries', 'set', 'demo', '--manager-approval', 'none')).toContain(
      "Cash: the cashier sees the expected cash at the close; a cashier needs no manager's PIN for a cash movement.",
    );
    const kept = await json<{ cash: { managerApproval: string[] } }>(
      'dispensaries',
      'set',
      'demo',
      '--manager-approval',
      'paid_out',
    );
    expect(kept.cash.managerApproval).toEqual(['paid_out']);
  });

  it('lists processors by kind in words with the default said, and adds one saying its kind', async () => {
    const listed = await said('processors', 'list');
    expect(listed).toMatch(/^name\s+kind\s+default\s+organization\s+organization id\s+id$/m);
    expect(listed).toMatch(
      new RegExp(`^sandbox\\s+Sandbox \\(test payments\\)\\s+yes\\s+${ORG}\\s+${DEMO.organizationId}\\s+${ID}$`, 'm'),
    );
    expect(listed).toMatch(new RegExp(`^paynet\\s+Paynet gateway\\s+${ORG}\\s+${DEMO.organizationId}\\s+${ID}$`, 'm'));
    expect(listed).not.toMatch(/\b(true|false)\b/);
    expect(await said('processors', 'add', 'test-pay', '--org', DEMO.organizationId)).toBe(
      'Added processor test-pay: Sandbox (test payments).\n',
    );
    const processors = await json<{ name: string; kind: string; isDefault: boolean }[]>('processors', 'list');
    expect(processors.find((processor) => processor.name === 'sandbox')).toMatchObject({
      kind: 'sandbox',
      isDefault: true,
    });
  });

  it('says payment methods in words, and whether each is taken, by store name', async () => {
    expect(await said('methods', 'disable', 'ACH', ...demo, '--processor', 'sandbox')).toBe(
      'Bank transfer (ACH) disabled at Sales floor (demo) through sandbox.\n',
    );
    const listed = await said('methods', 'list', ...demo);
    expect(listed).toMatch(/^store\s+location\s+processor\s+method\s+enabled\s+location id$/m);
    expect(listed).toMatch(
      new RegExp(`^${STORE}\\s+Sales floor\\s+sandbox\\s+Bank transfer \\(ACH\\)\\s+no\\s+${ID}$`, 'm'),
    );
    expect(listed).toMatch(new RegExp(`^${STORE}\\s+Sales floor\\s+sandbox\\s+Credit card\\s+yes\\s+${ID}$`, 'm'));
    expect(listed).not.toMatch(/\b(true|false|ACH +yes)\b/);
    const switches = await json<{ method: string; enabled: boolean }[]>('methods', 'list', ...demo);
    expect(switches).toContainEqual(expect.objectContaining({ method: 'ACH', enabled: false }));
  });

  it('says what each device configuration is', async () => {
    const listed = await said('devices', 'list');
    expect(listed).toMatch(/^name\s+kind\s+processor\s+model\s+serial number\s+disabled\s+id$/m);
    expect(listed).toMatch(new RegExp(`^Front counter\\s+PIN pad\\s+sandbox\\s+.+\\s+SIM-\\S+\\s+${ID}$`, 'm'));
    expect(listed).toMatch(/^Card not present\s+Card not present\s+sandbox\s+/m);
    expect(listed).toMatch(/^Cash drawer\s+Cash drawer\s+sandbox\s+/m);
    expect(listed).not.toMatch(/pinpad|card_not_present|cash_drawer|\bfalse\b/);
  });

  it('says categories in words in the product list and a product', async () => {
    const listed = await said('products', 'list', ...demo, '--type', 'edible', '--limit', '3');
    const rows = listed.trimEnd().split('\n');
    expect(rows[0]).toMatch(/^sku\s+name\s+brand\s+category\s+price\s+available\s+stock$/);
    expect(rows.slice(2, 5).every((row) => /\sEdibles\s/.test(row))).toBe(true);
    expect(listed).not.toContain('EDIBLE');
    expect(await said('products', 'show', 'FLW-001', ...demo)).toMatch(
      /^category {5}Flower, Sativa \(limits: Flower\)$/m,
    );
  });

  it("says a count's categories in words", async () => {
    const started = await said(
      'inventory',
      'count',
      'start',
      ...demo,
      '--name',
      'Flower and rolls',
      '--category',
      'flower',
      '--category',
      'pre-rolls',
    );
    expect(started).toMatch(
      /^Count 1 "Flower and rolls" \(Flower and Pre-rolls\), open: started by Operator \(servicepay command\) on /,
    );
    expect(await said('inventory', 'count', 'list', ...demo)).toMatch(
      /^1\s+Flower and rolls\s+Flower and Pre-rolls\s+open\s+[A-Z][a-z]{2} \d{1,2}, \d{4}, /m,
    );
    expect((await said('inventory', 'count', 'cancel', '1', ...demo)).length).toBeGreaterThan(0);
  });

  it('says an archived deal is archived, not paused', async () => {
    await said(
      'deals',
      'add',
      ...demo,
      '--name',
      'Old edibles',
      '--kind',
      'percent',
      '--percent',
      '20',
      '--categories',
      'EDIBLE',
    );
    await said('deals', 'archive', 'Old edibles', ...demo);
    expect(await said('deals', 'list', ...demo, '--status', 'archived')).toMatch(
      new RegExp(`^Old edibles\\s+.+\\s+archived\\s+${ID}$`, 'm'),
    );
  });

  it('lists partners by organization name with their cert id, disabled as yes', async () => {
    expect((await runServicepay(['jwt', 'keygen', '--out', keys])).status).toBe(0);
    const partner = await json<{ certId: string }>(
      'partners',
      'add',
      'Acme Delivery',
      '--org',
      DEMO.organizationId,
      '--public-key',
      join(keys, 'public.pem'),
    );
    await said('partners', 'disable', partner.certId);
    const listed = await said('partners', 'list');
    expect(listed).toMatch(/^name\s+cert id\s+organization\s+organization id\s+algorithm\s+disabled$/m);
    expect(listed).toMatch(
      new RegExp(`^Acme Delivery\\s+${partner.certId}\\s+${ORG}\\s+${DEMO.organizationId}\\s+ES256\\s+yes$`, 'm'),
    );
  });
});

describe("the CLI says the day a thing was added in its stores' zone, never raw ISO", { timeout: 60_000 }, () => {
  it("lists an organization's day in its stores' zone, and names UTC for one with no store", async () => {
    const empty = await json<{ id: string; createdAt: string }>('orgs', 'add', 'Not Yet Open Co.');
    const orgs = await json<{ id: string; createdAt: string }[]>('orgs', 'list');
    const demoOrg = orgs.find((org) => org.id === DEMO.organizationId)!;
    expect(demoOrg.createdAt).toMatch(ISO_TIME);
    const listed = await said('orgs', 'list');
    expect(listed).toMatch(/^name\s+created\s+id$/m);
    const demoDay = escaped(dayIn(demoOrg.createdAt, 'America/Los_Angeles'));
    expect(listed).toMatch(new RegExp(`^${ORG}\\s+${demoDay}\\s+${DEMO.organizationId}$`, 'm'));
    const emptyDay = escaped(`${dayIn(empty.createdAt, 'UTC')} (UTC)`);
    expect(listed).toMatch(new RegExp(`^Not Yet Open Co\\.\\s+${emptyDay}\\s+${empty.id}$`, 'm'));
    expect(listed).not.toMatch(ISO_TIME);
  });

  it("lists applications and clients by the day they were added, in the stores' zone", async () => {
    await said('apps', 'add', 'kiosk-app');
    await said('apps', 'disable', 'kiosk-app');
    const apps = await json<{ name: string; createdAt: string }[]>('apps', 'list');
    const kiosk = apps.find((app) => app.name === 'kiosk-app')!;
    const listed = await said('apps', 'list');
    expect(listed).toMatch(/^name\s+added\s+disabled$/m);
    const day = escaped(dayIn(kiosk.createdAt, 'America/Los_Angeles'));
    expect(listed).toMatch(new RegExp(`^kiosk-app\\s+${day}\\s+yes$`, 'm'));
    expect(listed).not.toMatch(ISO_TIME);
    expect(listed).not.toMatch(/\b(true|false)\b/);
    const [client] = await json<{ createdAt: string }[]>('clients', 'list');
    expect(await said('clients', 'list')).toMatch(
      new RegExp(
        `^Demo storefront\\s+spc_demo\\s+\\(every store\\)\\s+${escaped(dayIn(client!.createdAt, 'America/Los_Angeles'))}$`,
        'm',
      ),
    );
  });

  it('names UTC for an organization whose stores are in two zones, and for applications of every store', async () => {
    const org = await json<{ id: string; createdAt: string }>('orgs', 'add', 'Coast to Coast Co.');
    const address = ['--street', '1 Main St', '--state', 'NY', '--zip', '10001'];
    for (const [short, zone, city] of [
      ['west', 'America/Los_Angeles', 'Fresno'],
      ['east', 'America/New_York', 'New York'],
    ] as const) {
      const added = await servicepay(
        ...['dispensaries', 'add', short, '--org', org.id, '--name', `${city} store`, '--timezone', zone],
        ...['--city', city, ...address],
      );
      expect(added.status, added.stderr).toBe(0);
    }
    const orgDay = escaped(`${dayIn(org.createdAt, 'UTC')} (UTC)`);
    expect(await said('orgs', 'list')).toMatch(new RegExp(`^Coast to Coast Co\\.\\s+${orgDay}\\s+${org.id}$`, 'm'));
    // Applications serve every store: now in two zones, their day is UTC's, named.
    const kiosk = (await json<{ name: string; createdAt: string }[]>('apps', 'list')).find(
      (a) => a.name === 'kiosk-app',
    )!;
    expect(await said('apps', 'list')).toMatch(
      new RegExp(`^kiosk-app\\s+${escaped(`${dayIn(kiosk.createdAt, 'UTC')} (UTC)`)}\\s+yes$`, 'm'),
    );
  });

  it("says when a report was made in the store's time", async () => {
    const report = await json<{ asOf: string }>('reports', 'summary', ...demo, '--to', '2026-11-02');
    expect(report.asOf).toMatch(ISO_TIME);
    const heading = (await said('reports', 'summary', ...demo, '--to', '2026-11-02')).split('\n')[0]!;
    expect(heading).toMatch(
      /^Green Valley Dispensary \(demo\), 2026-11-02, America\/Los_Angeles; as of [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M P[SD]T$/,
    );
  });
});

describe("a register's link says its last refresh in the store's time", { timeout: 60_000 }, () => {
  it('names the day, time and zone of the store, not an ISO time', async () => {
    const dir = await migratedFolder('servicepay-link-words-');
    try {
      expect((await runServicepay(['demo', 'load', '--data', dir])).status).toBe(0);
      const db = await openDataLayer({ dataDir: dir });
      try {
        await db.write(async (tx) => {
          const links = new ServerLinkRepository(db);
          await links.attach(tx, {
            registerId: 'reg-words-1',
            serverUrl: 'https://store.example.com',
            secret: 'not-shown',
            dispensaryId: DEMO.dispensaryId,
            name: 'front-9',
            attachedAt: '2026-07-04T17:00:00.000Z',
            queueId: 'reg-words-1',
          });
          await links.refreshed(tx, new Date('2026-07-04T18:05:00.000Z'));
        });
      } finally {
        await db.close();
      }
      const link = await runServicepay(['link', '--data', dir]);
      expect(link.status, link.stderr).toBe(0);
      expect(link.stdout).toContain('Its replica was last refreshed on Jul 4, 2026, 11:05 AM PDT.');
      expect(link.stdout).not.toMatch(ISO_TIME);
      const asJson = JSON.parse((await runServicepay(['--json', 'link', '--data', dir])).stdout);
      expect(asJson.link.refreshedAt).toBe('2026-07-04T18:05:00.000Z');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
