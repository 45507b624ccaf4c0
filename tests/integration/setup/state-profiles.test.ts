// State profiles as data (issue 34, item 3): an operator's folder of JSON files loaded at start with
// the shipped ones, chosen through the set-up API and the CLI, and enforced by its own numbers; a
// file that is not a valid profile is refused in words by `servicepay profiles check` and stops the
// start. The service, the CLI and `serve` on the engine under test.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StateProfile } from '../../../shared/compliance/index.js';
import type { Customer, StoreRules } from '../../../shared/contracts/customers.js';
import type { StateProfilesAnswer } from '../../../shared/contracts/setup.js';
import { SERVE_BIN } from '../../support/service-process.js';
import { runServicepay } from '../../support/cli-in-process.js';
import { scratchFolder } from '../../support/scratch-folder.js';
import { COLORADO } from '../../support/state-profiles.js';
import { freshDatabase } from '../../support/test-database.js';
import { products, setStock } from '../support/catalog-fixtures.js';
import { DEMO_CLIENT, demoService, login, testApp, type DemoService } from '../support/demo-service.js';

/** Nevada as an operator might write it: Colorado's file, renamed, with 7 g of flower a day for adult use. */
const NEVADA: StateProfile = structuredClone(COLORADO);
Object.assign(NEVADA, { id: 'us-nv', stateCode: 'NV', stateName: 'Nevada' });
NEVADA.customerTypes.adult_use.period = 'day';
NEVADA.customerTypes.adult_use.groups[0]!.limit = 7_000;

const database = await freshDatabase();
const folder = scratchFolder('profiles-');
writeFileSync(join(folder, 'us-nv.json'), JSON.stringify(NEVADA, null, 2));
const broken = scratchFolder('profiles-broken-');
const brokenFile = join(broken, 'us-nv.json');
const BROKEN = structuredClone(NEVADA);
BROKEN.customerTypes.adult_use.groups[0]!.limit = 7.5;
(BROKEN.customerTypes.adult_use as { minimumAge: unknown }).minimumAge = '21';
writeFileSync(brokenFile, JSON.stringify(BROKEN, null, 2));

let service: DemoService;
let manager: string;
/** A jar of 3.5 g of flower. */
let eighth: string;

const SETUP = '/v2.0/dispensary/demo/setup';
const CUSTOMERS = '/v2.0/dispensary/demo/customers';
const asManager = (method: 'GET' | 'PUT', url: string, payload?: object) =>
  service.request({ method, url, headers: { authorization: `Bearer ${manager}` }, ...(payload ? { payload } : {}) });
const sell = (app: DemoService['app'], headers: Record<string, string>, customerId: string, jars: number) =>
  app.inject({
    method: 'POST',
    url: '/v2.0/dispensary/demo/ecommerce/ticket',
    headers,
    payload: { type: 'PICKUP', items: [{ productId: eighth, quantity: jars }], customerId },
  });

const servicepay = (args: string[]) => runServicepay([...args, ...database.args]);

beforeAll(async () => {
  service = await demoService({ ...database.config, profilesDir: folder });
  manager = await login(service.app, 'manager', 'manager-demo-1');
  eighth = (await products(service.app, "p.type = 'FLOWER' AND p.deli = 0 AND p.cannabis_weight_mg = 3500"))[0]!.id;
  await setStock(service.app, eighth, 100_000);
}, 60_000);
afterAll(async () => {
  await service.close();
  await database.drop();
});

describe("an operator's state profile", () => {
  it('is listed whole with the shipped ones, for the back office to offer', async () => {
    const answer = await asManager('GET', `${SETUP}/state-profiles`);
    expect(answer.statusCode, answer.body).toBe(200);
    const { profiles } = answer.json<StateProfilesAnswer>();
    expect(profiles.map(({ profile, source }) => [profile.id, profile.stateName, source])).toEqual([
      ['us-ca', 'California', 'shipped'],
      ['us-co', 'Colorado', 'shipped'],
      ['us-nv', 'Nevada', 'operator'],
    ]);
    expect(profiles[2]!.profile).toEqual(NEVADA);
  });

  it('may be enforced by a store; an id no profile has is refused in words', async () => {
    const unknown = await asManager('PUT', `${SETUP}/store`, { complianceProfile: 'us-xx' });
    expect(unknown.statusCode, unknown.body).toBe(400);
    expect(unknown.json()).toMatchObject({
      resultReason: 'INVALID_INPUT',
      resultDetail:
        'complianceProfile must be the id of a loaded state profile (us-ca (California), us-co (Colorado), ' +
        'us-nv (Nevada)), not "us-xx"',
    });
    const set = await asManager('PUT', `${SETUP}/store`, { complianceProfile: 'US-NV' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().store.complianceProfile).toBe('us-nv');
    const rules = await service.request({ method: 'GET', url: `${CUSTOMERS}/rules`, headers: service.headers });
    expect(rules.json<StoreRules>().profile).toEqual(NEVADA);
  });

  it('is enforced at ticket creation by its own numbers', async () => {
    const added = await service.request({
      method: 'POST',
      url: CUSTOMERS,
      headers: service.headers,
      payload: {
        firstName: 'Nia',
        lastName: 'Reyes',
        dateOfBirth: '1990-01-15',
        idType: 'drivers_licence',
        idNumber: 'N7000001',
        idJurisdiction: 'NV',
        idExpiry: '2030-01-15',
        customerType: 'adult_use',
      },
    });
    expect(added.statusCode, added.body).toBe(201);
    const customer = added.json<{ customer: Customer }>().customer;
    const first = await sell(service.app, service.headers, customer.id, 2);
    expect(first.statusCode, first.body).toBe(201);
    const second = await sell(service.app, service.headers, customer.id, 1);
    expect(second.statusCode, second.body).toBe(409);
    expect(second.json()).toMatchObject({
      resultReason: 'PURCHASE_LIMIT',
      resultDetail: 'This would bring flower-equivalent cannabis to 10.5 g of the 7 g daily limit: none left today.',
    });

    // A service on the same database that did not load Nevada's rules refuses to sell rather than sell without them.
    const other = await testApp({ ...database.config });
    try {
      const token = await login(other, 'cashier', 'cashier-demo-1');
      const refused = await sell(other, { ...DEMO_CLIENT, authorization: `Bearer ${token}` }, customer.id, 1);
      expect(refused.statusCode, refused.body).toBe(503);
      expect(refused.json().resultDetail).toBe(
        'this store enforces the state profile "us-nv", which this service has not loaded: start it with the folder ' +
          'that holds us-nv.json (--profiles DIR, or SERVICEPAY_PROFILES_DIR)',
      );
    } finally {
      await other.close();
    }
  });
});

describe('state profiles at the command line', { timeout: 120_000 }, () => {
  it('profiles check says what is wrong with a file in words, with exit code 1, and what a good one is', async () => {
    const good = await servicepay(['profiles', 'check', join(folder, 'us-nv.json')]);
    expect(good.status, good.stderr).toBe(0);
    expect(good.stdout).toContain(`${join(folder, 'us-nv.json')} is a valid state profile: Nevada (us-nv), reviewed`);
    const bad = await servicepay(['profiles', 'check', brokenFile]);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toBe(
      `servicepay: ${brokenFile} is not a valid state profile:\n` +
        '  customerTypes.adult_use.minimumAge must be a whole number, not "21"\n' +
        '  customerTypes.adult_use.groups[0].limit must be a whole number, not 7.5\n',
    );
    const json = await servicepay(['--json', 'profiles', 'check', brokenFile]);
    expect(json.status).toBe(1);
    expect(JSON.parse(json.stdout)).toMatchObject({
      resultCode: 'FAIL',
      resultReason: 'INVALID_INPUT',
      problems: [
        { field: 'customerTypes.adult_use.minimumAge', problem: 'must be a whole number, not "21"' },
        { field: 'customerTypes.adult_use.groups[0].limit', problem: 'must be a whole number, not 7.5' },
      ],
    });
  });

  it('profiles list and show the loaded ones; dispensaries set takes any of them and refuses another in words', async () => {
    const listed = await servicepay(['--json', '--profiles', folder, 'profiles', 'list']);
    expect(listed.status, listed.stderr).toBe(0);
    expect(JSON.parse(listed.stdout).profiles).toEqual([
      { id: 'us-ca', state: 'California', reviewed: '2026-11-25', source: 'shipped' },
      { id: 'us-co', state: 'Colorado', reviewed: '2026-11-25', source: 'shipped' },
      { id: 'us-nv', state: 'Nevada', reviewed: '2026-11-25', source: join(folder, 'us-nv.json') },
    ]);
    const shown = await servicepay(['profiles', 'show', 'us-co']);
    expect(JSON.parse(shown.stdout)).toEqual(COLORADO);
    const set = await servicepay(['--profiles', folder, 'dispensaries', 'set', 'demo', '--compliance', 'none']);
    expect(set.status, set.stderr).toBe(0);
    expect(set.stdout).toContain('State rules enforced at ticket creation: none.');
    const refused = await servicepay(['dispensaries', 'set', 'demo', '--compliance', 'us-nv']);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toBe(
      'servicepay: --compliance must be the id of a loaded state profile (us-ca (California), us-co (Colorado)), ' +
        'not "us-nv"\n',
    );
  });

  it('the service does not start with a profile that is not valid, and says why', () => {
    const result = spawnSync(process.execPath, [SERVE_BIN, '--profiles', broken, '--port', '0', ...database.args], {
      encoding: 'utf8',
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toBe(
      `servicepay serve: ${brokenFile} is not a valid state profile: ` +
        'customerTypes.adult_use.minimumAge must be a whole number, not "21"; ' +
        'customerTypes.adult_use.groups[0].limit must be a whole number, not 7.5\n',
    );
  });
});
