import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClientView, ImportReport, StaffView } from '../../../shared/contracts/setup-people.js';
import { login } from '../support/demo-service.js';
import { addStore, ok, refused, setupHarness, type SetupHarness } from './support/setup-fixtures.js';

let h: SetupHarness;

beforeAll(async () => {
  h = await setupHarness();
  await addStore(h.app, 'mesa');
  await h.call(h.tokens.manager, 'POST', '/tax-classes', {
    code: 'cannabis',
    name: 'Cannabis',
    rates: [{ name: 'Excise', percent: '10' }],
  });
});
afterAll(() => h.close());

const staff = (response: Parameters<typeof ok>[0]) => ok<{ staff: StaffView }>(response).staff;
const signIn = (username: string, password: string) =>
  h.request({
    method: 'POST',
    url: '/auth-v2/login',
    headers: { 'x-application': 'servicepay-demo', 'content-type': 'text/plain' },
    payload: Buffer.from(JSON.stringify({ username, password })).toString('base64'),
  });

describe('staff logins (users:manage)', () => {
  it('refuses managers: staff is for administrators', async () => {
    refused(
      await h.call(h.tokens.manager, 'GET', '/staff'),
      403,
      /manager role does not have the users:manage permission/,
    );
  });

  it('adds a cashier to the store, sets a new password, disables and enables the login', async () => {
    const added = staff(
      await h.call(h.tokens.admin, 'POST', '/staff', {
        username: 'Sam',
        displayName: 'Sam Rivera',
        role: 'cashier',
        password: 'sam-cashier-1',
        employeeRef: 'E-12',
      }),
    );
    expect(added).toMatchObject({ username: 'sam', dispensaryShortName: 'mesa', role: 'cashier', employeeRef: 'E-12' });
    const listed = ok<{ staff: StaffView[] }>(await h.call(h.tokens.admin, 'GET', '/staff')).staff;
    // The store's own staff and the organization's (who work at every store).
    expect(listed.map((member) => [member.username, member.dispensaryShortName])).toEqual([
      ['admin', null],
      ['cashier', null],
      ['display', null],
      ['manager', null],
      ['sam', 'mesa'],
    ]);
    expect(JSON.stringify(listed)).not.toMatch(/passwordHash|scrypt/);
    const login = await signIn('sam', 'sam-cashier-1');
    expect(login.json().user.dispensaryId).not.toBeNull();
    staff(await h.call(h.tokens.admin, 'POST', '/staff/sam/password', { password: 'sam-cashier-2' }));
    expect((await signIn('sam', 'sam-cashier-1')).statusCode).toBe(401);
    const token = (await signIn('sam', 'sam-cashier-2')).json<{ token: string }>().token;
    expect(staff(await h.call(h.tokens.admin, 'POST', '/staff/sam/disable')).disabled).toBe(true);
    const catalog = await h.request({
      method: 'GET',
      url: '/v2.0/dispensary/mesa/catalog',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(catalog.statusCode).toBe(401);
    expect(staff(await h.call(h.tokens.admin, 'POST', '/staff/sam/enable')).disabled).toBe(false);
    expect((await signIn('sam', 'sam-cashier-2')).statusCode).toBe(200);
  });

  it.each([
    [{ username: 'x', role: 'cashier', password: 'long-enough' }, /username/],
    [{ username: 'sam', role: 'cashier', password: 'long-enough' }, /user sam already exists/],
    [{ username: 'tom', role: 'king', password: 'long-enough' }, /role/],
    [{ username: 'tom', role: 'cashier', password: 'short' }, /password/],
  ])('refuses the login %j, saying why', async (body, detail) => {
    const answer = await h.call(h.tokens.admin, 'POST', '/staff', body);
    expect([400, 409]).toContain(answer.statusCode);
    expect(answer.json().resultDetail).toMatch(detail);
  });

  it('never lets an administrator disable their own login', async () => {
    refused(await h.call(h.tokens.admin, 'POST', '/staff/admin/disable'), 400, /is your own login/);
  });

  it("keeps a store's own administrator to that store's staff", async () => {
    staff(
      await h.call(h.tokens.admin, 'POST', '/staff', {
        username: 'mesa-admin',
        role: 'admin',
        password: 'mesa-admin-1',
      }),
    );
    const local = await login(h.app, 'mesa-admin', 'mesa-admin-1');
    const seen = ok<{ staff: StaffView[] }>(await h.call(local, 'GET', '/staff')).staff.map(
      (member) => member.username,
    );
    expect(seen).toEqual(['mesa-admin', 'sam']);
    refused(
      await h.call(local, 'POST', '/staff', {
        username: 'roamer',
        role: 'cashier',
        password: 'roamer-pass',
        allStores: true,
      }),
      403,
      /only an organization-wide login may do it/,
    );
    refused(
      await h.call(local, 'POST', '/staff/cashier/disable'),
      403,
      /user cashier is not one of the staff you manage/,
    );
    refused(await h.call(local, 'POST', '/staff/nobody/disable'), 404, /^no user nobody works at Store mesa$/);
    refused(
      await h.call(local, 'POST', '/staff/cashier/password', { password: 'taken-over' }, 'demo'),
      403,
      /not permitted/,
    );
    expect(
      staff(await h.call(local, 'POST', '/staff', { username: 'kim', role: 'cashier', password: 'kim-cashier-1' }))
        .dispensaryShortName,
    ).toBe('mesa');
  });
});

describe('API clients', () => {
  it('issues a client of the store whose secret is shown once and works for that store only', async () => {
    const issued = ok<{ client: ApiClientView; clientSecret: string }>(
      await h.call(h.tokens.manager, 'POST', '/api-clients', { name: 'Mesa web shop' }),
    );
    expect(issued.client).toMatchObject({ name: 'Mesa web shop', dispensaryShortName: 'mesa', disabled: false });
    const listed = ok<{ clients: ApiClientView[] }>(await h.call(h.tokens.manager, 'GET', '/api-clients')).clients;
    expect(listed.map((client) => client.name)).toContain('Mesa web shop');
    expect(JSON.stringify(listed)).not.toContain(issued.clientSecret);
    const credentials = { client_id: issued.client.clientId, client_secret: issued.clientSecret };
    const tickets = (shortName: string) =>
      h.request({
        method: 'GET',
        url: `/v2.0/dispensary/${shortName}/ecommerce/tickets`,
        headers: { ...credentials, authorization: `Bearer ${h.tokens.manager}` },
      });
    expect((await tickets('mesa')).statusCode).toBe(200);
    expect((await tickets('demo')).statusCode).toBe(403);
    ok(await h.call(h.tokens.manager, 'POST', `/api-clients/${issued.client.clientId}/disable`));
    expect((await tickets('mesa')).statusCode).toBe(401);
  });

  it('makes organization-wide clients for organization-wide managers only', async () => {
    const wide = ok<{ client: ApiClientView }>(
      await h.call(h.tokens.manager, 'POST', '/api-clients', { name: 'Chain app', allStores: true }),
    );
    expect(wide.client.dispensaryShortName).toBeNull();
    refused(await h.call(h.tokens.manager, 'POST', '/api-clients', { name: '  ' }), 400, /name is required/);
    refused(await h.call(h.tokens.manager, 'POST', '/api-clients/spc_nobody/disable'), 404, /no API client spc_nobody/);
    refused(await h.call(h.tokens.cashier, 'POST', '/api-clients', { name: 'Mine' }), 403, /store:manage/);
  });
});

describe('catalog import', () => {
  it('reports every refused row and imports nothing, then imports a good file (the same rules as the CLI)', async () => {
    const header = 'sku,type,name,weight,unitType,price,taxClass,quantityOnHand';
    const bad = ok<ImportReport>(
      await h.call(h.tokens.manager, 'POST', '/catalog/import', {
        fileName: 'products.csv',
        text: `${header}\nA-1,FLOWER,One,1,g,-1,cannabis,1\nA-2,FLOWER,Two,1,g,2.00,candy,1\n`,
      }),
    );
    expect(bad).toMatchObject({ resultCode: 'SUCCESS', imported: false, rows: 2, errorCount: 2 });
    expect(bad.errors.map((error) => [error.line, error.field])).toEqual([
      [2, 'price'],
      [3, 'taxClass'],
    ]);
    expect(bad.errors[1]!.message).toContain('(known: cannabis)');
    const json = ok<ImportReport>(
      await h.call(h.tokens.manager, 'POST', '/catalog/import', {
        fileName: 'products.json',
        text: JSON.stringify([
          {
            sku: 'A-1',
            type: 'FLOWER',
            name: 'One',
            weight: 1,
            unitType: 'g',
            price: 5,
            taxClass: 'cannabis',
            quantityOnHand: 3,
          },
        ]),
      }),
    );
    expect(json).toMatchObject({ imported: true, created: 1, updated: 0 });
    refused(
      await h.call(h.tokens.manager, 'POST', '/catalog/import', { fileName: 'products.xlsx', text: 'x' }),
      400,
      /format must be csv or json/,
    );
  });

  it('imports cannabis that cannot be sold yet, and says which and why, by line (issue 34)', async () => {
    const header = 'sku,type,name,weight,unitType,price,taxClass,quantityOnHand,packageLabel,cannabisWeight';
    const text =
      `${header}\nW-1,FLOWER,Untagged Jar,3.5,g,30.00,cannabis,5,,3.5\n` +
      'W-2,FLOWER,Unweighed Jar,3.5,g,30.00,cannabis,5,1A4060300003B01000000901,\n' +
      'W-3,FLOWER,Ready Jar,3.5,g,30.00,cannabis,5,1A4060300003B01000000902,3.5\n';
    // Enforcing no state's rules, the store sells all three: nothing to say.
    const free = ok<ImportReport>(
      await h.call(h.tokens.manager, 'POST', '/catalog/import', { fileName: 'a.csv', text }),
    );
    expect(free).toMatchObject({ imported: true, created: 3, errorCount: 0, warningCount: 0, warnings: [] });
    // New products keep nothing: the report names no column.
    expect(free.kept).toEqual([]);
    // Enforcing Colorado's (the store is in Denver), it will refuse two: the import says which and why.
    ok(await h.call(h.tokens.manager, 'PUT', '/store', { complianceProfile: 'us-co' }));
    const report = ok<ImportReport>(
      await h
        .call(h.tokens.manager, 'POST', '/catalog/import', { fileName: 'untagged.csv', text })
        .finally(() => h.call(h.tokens.manager, 'PUT', '/store', { complianceProfile: null })),
    );
    expect(report).toMatchObject({ imported: true, updated: 3, errorCount: 0, errors: [], warningCount: 2 });
    // What the file leaves out, the products it updates keep, and the report says which columns.
    expect(report.kept).toEqual([
      'subtype',
      'brand',
      'size',
      'barcodes',
      'deli',
      'discountPercent',
      'discountDescription',
      'thc',
      'tags',
    ]);
    expect(report.warnings).toEqual([
      {
        line: 2,
        field: 'packageLabel',
        message: 'is empty: a cannabis product is sold only with its package tag (the state’s seed-to-sale label)',
      },
      {
        line: 3,
        field: 'cannabisWeight',
        message: 'is empty: Colorado counts flower toward the purchase limits by cannabis weight, so a sale needs it',
      },
    ]);
  });

  it('names the missing tax classes of a store that has none, and where to add them', async () => {
    await addStore(h.app, 'bare');
    const report = ok<ImportReport>(
      await h.call(
        h.tokens.manager,
        'POST',
        '/catalog/import',
        {
          fileName: 'p.csv',
          text: 'sku,type,name,weight,unitType,price,taxClass,quantityOnHand\nB-1,FLOWER,B,1,g,1,cannabis,1\n',
        },
        'bare',
      ),
    );
    expect(report.errors[0]!.message).toMatch(/it has none yet: add them first with `servicepay taxes add`/);
  });
});
