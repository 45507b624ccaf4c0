import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Customer, NewCustomer } from '../../../shared/contracts/customers.js';
import { aamvaPayload, samplePerson } from '../../support/aamva-samples.js';
import { wedgeBurst } from '../../support/aamva-wedge.js';
import { demoService, login, type DemoService } from '../support/demo-service.js';
import { CALIFORNIA } from '../../support/state-profiles.js';

// The store's customers over real HTTP on the engine under test. The clock starts at noon on
// June 15, 2026 in the store's zone (America/Los_Angeles) and moves a second per reading, so
// "newest first" has an order.
let service: DemoService;
let clock = Date.parse('2026-06-15T19:00:00Z');
const URL = '/v2.0/dispensary/demo/customers';

const send = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, headers = service.headers) =>
  service.request({ method, url, headers, ...(payload ? { payload } : {}) });

/** An adult-use customer; override any field. */
const adult = (overrides: Partial<NewCustomer> = {}): NewCustomer => ({
  firstName: 'Maria',
  middleName: 'Elena',
  lastName: 'Garcia',
  dateOfBirth: '1990-01-15',
  idType: 'drivers_licence',
  idNumber: 'D1234567',
  idJurisdiction: 'CA',
  idExpiry: '2030-01-15',
  customerType: 'adult_use',
  phone: '(916) 555-0134',
  // One customer per email at a store (one-person.test.ts): only the first Maria has hers.
  email: null,
  ...overrides,
});

async function create(overrides: Partial<NewCustomer> = {}): Promise<Customer> {
  const answer = await send('POST', URL, adult(overrides));
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json<{ customer: Customer }>().customer;
}

const found = async (q: string) => {
  const answer = await send('GET', `${URL}?q=${encodeURIComponent(q)}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<{ customers: Customer[] }>().customers.map((customer) => customer.lastName);
};

beforeAll(async () => {
  service = await demoService({ now: () => new Date((clock += 1000)) });
}, 60_000);
afterAll(() => service.close());

describe('customers', () => {
  it('adds a customer with their ID, keeping the phone as digits and the ID number in upper case', async () => {
    const customer = await create({ idNumber: 'd123-4567', phone: '+1 (916) 555-0134', email: 'maria@example.com' });
    expect(customer).toMatchObject({
      firstName: 'Maria',
      lastName: 'Garcia',
      idNumber: 'D1234567',
      idJurisdiction: 'CA',
      phone: '9165550134',
      medical: null,
      createdBy: 'Casey Cashier',
    });
    const read = await send('GET', `${URL}/${customer.id}`);
    expect(read.json().customer).toEqual(customer);
  });

  it('refuses a second customer with the same ID, naming the one on file as staff know them, their id as data only', async () => {
    const [maria] = (await send('GET', `${URL}?q=D1234567`)).json<{ customers: Customer[] }>().customers;
    const again = await send('POST', URL, adult({ firstName: 'Mary', idNumber: 'D 123 4567' }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      resultCode: 'FAIL',
      resultReason: 'CONFLICT',
      resultDetail: 'idNumber is on file already: Maria Garcia, born January 15, 1990, has CA ID D1234567',
      details: { customerId: maria!.id },
    });
    // The state typed by name is the same issuer: the same person, not a second customer.
    const byName = await send(
      'POST',
      URL,
      adult({ firstName: 'Mary', idNumber: 'D1234567', idJurisdiction: 'California' }),
    );
    expect(byName.statusCode).toBe(409);
    // …and three letters are no state: refused in words, not kept as a second issuer "CAL".
    const cal = await send('POST', URL, adult({ firstName: 'Mary', idNumber: 'D1234567', idJurisdiction: 'CAL' }));
    expect(cal.statusCode).toBe(400);
    expect(cal.json<{ resultDetail: string }>().resultDetail).toBe(
      'idJurisdiction must be the state or province that issued the driver\'s licence, not "CAL": type its two ' +
        'letters, such as CA, or its name',
    );
    // The same number from another state is another ID.
    await create({ firstName: 'Marco', lastName: 'Rossi', idJurisdiction: 'nv', phone: null });
  });

  it('refuses bad fields in words', async () => {
    const refusals: [Partial<NewCustomer>, string][] = [
      [{ firstName: '  ' }, 'firstName must have 1 to 100 characters'],
      [{ lastName: 'x'.repeat(101) }, 'lastName must have 1 to 100 characters'],
      [{ firstName: '1234' }, 'firstName must have a letter'],
      [{ lastName: '42-7' }, 'lastName must have a letter'],
      [{ dateOfBirth: '1990-02-30' }, 'dateOfBirth must be a real date as YYYY-MM-DD, not "1990-02-30"'],
      [{ dateOfBirth: '2026-06-15' }, 'dateOfBirth must be in the past, not 2026-06-15'],
      [{ idExpiry: 'soon' }, 'idExpiry must be a real date as YYYY-MM-DD, not "soon"'],
      [
        { phone: '916-555' },
        'phone must have 10 digits (area code and number), not 6; write an international number with +',
      ],
      [{ phone: 'call me' }, 'phone may hold only digits, spaces, dashes, dots, parentheses and a leading +'],
      [{ email: 'maria@' }, 'email must look like name@example.com, not "maria@"'],
      [
        { idJurisdiction: 'xx' },
        'idJurisdiction must be the state or province that issued the driver\'s licence, not "xx": type its two ' +
          'letters, such as CA, or its name',
      ],
      [
        { idType: 'state_id', idJurisdiction: 'USA' },
        'idJurisdiction must be the state or province that issued the state ID, not "USA": type its two letters, ' +
          'such as CA, or its name',
      ],
      [
        { idType: 'passport', idJurisdiction: 'CA' },
        'idJurisdiction must be the country that issued the passport, not "CA": type its three letters, such as ' +
          'USA or MEX, or its name',
      ],
      [{ idExpiry: '' }, 'idExpiry must be filled in'],
      [
        { customerType: 'medical' },
        "medical is required for a medical customer: the recommendation's number and expiry",
      ],
      [
        { customerType: 'medical', medical: { number: 'R-1', expires: '2027-01-01', limits: { flower: 1 } } },
        'medical.limits.flower is not a medical limit of California (medicinal_cannabis, immature_plants)',
      ],
    ];
    for (const [fields, detail] of refusals) {
      const answer = await send('POST', URL, adult({ idNumber: 'X9999999', ...fields }));
      expect(answer.json(), JSON.stringify(fields)).toEqual({
        resultCode: 'FAIL',
        resultReason: 'INVALID_INPUT',
        resultDetail: detail,
      });
      expect(answer.statusCode).toBe(400);
    }
  });

  it('finds customers by last or first name prefix, "last, first", phone digits and ID number, newest first', async () => {
    await create({ firstName: 'Seán', lastName: "O'Brien", idNumber: 'B7654321', phone: '916.555.0199' });
    await create({ firstName: 'Garrett', lastName: 'Lee', idNumber: 'L1111111', phone: null });
    expect(await found('gar')).toEqual(['Lee', 'Garcia']);
    expect(await found('GARCÍA')).toEqual(['Garcia']);
    expect(await found('obri')).toEqual(["O'Brien"]);
    expect(await found("o'brien, se")).toEqual(["O'Brien"]);
    expect(await found('sean obrien')).toEqual(["O'Brien"]);
    expect(await found('garcia, z')).toEqual([]);
    expect(await found('(916) 555-01')).toEqual(["O'Brien", 'Garcia']);
    expect(await found('+1 916 555 0199')).toEqual(["O'Brien"]);
    expect(await found('b765')).toEqual(["O'Brien"]);
    expect(await found('D1234567')).toEqual(['Rossi', 'Garcia']);
    const everyone = await found('');
    expect(everyone).toEqual(['Lee', "O'Brien", 'Rossi', 'Garcia']);
  });

  it('pages the search, small pages only', async () => {
    const first = await send('GET', `${URL}?limit=3`);
    const { customers, nextCursor } = first.json<{ customers: Customer[]; nextCursor: string }>();
    expect(customers.map((customer) => customer.lastName)).toEqual(['Lee', "O'Brien", 'Rossi']);
    const next = await send('GET', `${URL}?limit=3&before=${nextCursor}`);
    expect(next.json()).toMatchObject({ customers: [{ lastName: 'Garcia' }], nextCursor: null });
    // The cursor pages the list it came with: another search's would skip or repeat customers.
    const other = await send('GET', `${URL}?q=gar&limit=3&before=${nextCursor}`);
    expect(other.statusCode).toBe(400);
    expect(other.json().resultDetail).toBe(
      'before belongs to a list with other filters: start again from the first page',
    );
    // The same search written otherwise (spaces around it) is the same list.
    const same = await send('GET', `${URL}?q=%20&limit=3&before=${nextCursor}`);
    expect(same.json()).toMatchObject({ customers: [{ lastName: 'Garcia' }], nextCursor: null });
    const big = await send('GET', `${URL}?limit=51`);
    expect(big.statusCode).toBe(400);
    expect(big.json().resultDetail).toBe('limit in the query must be a whole number from 1 to 50, not 51');
    const nothing = await send('GET', `${URL}?q=${encodeURIComponent('!!')}`);
    expect(nothing.json().resultDetail).toBe(
      'q must hold a name, a phone number or an ID number to search for, not "!!"',
    );
  });

  it('changes the fields a patch names, by the same rules', async () => {
    const customer = await create({ firstName: 'Ana', lastName: 'Silva', idNumber: 'S2222222', phone: null });
    // A manager: a recommendation's own amount above the state's limit is theirs to set (medical-limits.test.ts).
    const asManager = { authorization: `Bearer ${await login(service.app, 'manager', 'manager-demo-1')}` };
    const changed = await send(
      'PATCH',
      `${URL}/${customer.id}`,
      {
        lastName: 'Silva Costa',
        phone: '916 555 0100',
        customerType: 'medical',
        medical: { number: 'CA-MMIC-001', expires: '2027-03-01', limits: { medicinal_cannabis: 300_000 } },
      },
      asManager,
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().customer).toMatchObject({
      firstName: 'Ana',
      lastName: 'Silva Costa',
      phone: '9165550100',
      customerType: 'medical',
      medical: { number: 'CA-MMIC-001', expires: '2027-03-01', limits: { medicinal_cannabis: 300_000 } },
      createdAt: customer.createdAt,
    });
    expect(await found('silvacos')).toEqual(['Silva Costa']);
    const cleared = await send('PATCH', `${URL}/${customer.id}`, {
      phone: null,
      customerType: 'adult_use',
      medical: null,
    });
    expect(cleared.json().customer).toMatchObject({ phone: null, medical: null });
    const taken = await send('PATCH', `${URL}/${customer.id}`, { idNumber: 'L1111111' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().resultDetail).toMatch(
      /^idNumber is on file already: Garrett Lee, born .*, has CA ID L1111111$/,
    );
    const bad = await send('PATCH', `${URL}/${customer.id}`, { dateOfBirth: '2030-01-01' });
    expect(bad.json().resultDetail).toBe('dateOfBirth must be in the past, not 2030-01-01');
    const digits = await send('PATCH', `${URL}/${customer.id}`, { firstName: '2024' });
    expect(digits.json().resultDetail).toBe('firstName must have a letter');
    const missing = await send('PATCH', `${URL}/no-such-customer`, { notes: 'hello' });
    expect(missing.statusCode).toBe(404);
    // The manager's audit trail names who added and changed the customer, and whom, not their ID.
    const manager = await login(service.app, 'manager', 'manager-demo-1');
    const trail = await send('GET', '/v2.0/audit?dispensaryShortName=demo', undefined, {
      authorization: `Bearer ${manager}`,
    });
    const events = trail
      .json<{ events: { action: string; reason: string; actor: { name: string } }[] }>()
      .events.filter((event) => event.reason.startsWith('Ana Silva'));
    expect(events.map(({ action, reason }) => ({ action, reason }))).toEqual([
      { action: 'customer_added', reason: 'Ana Silva, adult-use' },
      { action: 'customer_changed', reason: 'Ana Silva Costa, medical' },
      { action: 'customer_changed', reason: 'Ana Silva Costa, adult-use' },
    ]);
  });

  it('reads a scanned licence: a new customer, then the customer on file', async () => {
    const person = samplePerson({
      firstName: 'JORDAN',
      lastName: 'PARK',
      idNumber: 'P5550001',
      dateOfBirth: '1985-04-02',
    });
    const scanned = wedgeBurst(aamvaPayload(person), 'enter-keys');
    const fresh = await send('POST', `${URL}/from-id`, { scanned });
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(fresh.json()).toMatchObject({
      parsed: {
        firstName: 'JORDAN',
        lastName: 'PARK',
        dateOfBirth: '1985-04-02',
        idNumber: 'P5550001',
        jurisdiction: 'CA',
      },
      existing: null,
    });
    const { parsed } = fresh.json();
    const customer = await create({
      firstName: parsed.firstName,
      middleName: parsed.middleName,
      lastName: parsed.lastName,
      dateOfBirth: parsed.dateOfBirth,
      idType: parsed.documentType,
      idNumber: parsed.idNumber,
      idJurisdiction: parsed.jurisdiction,
      idExpiry: parsed.expiry,
      phone: null,
    });
    const again = await send('POST', `${URL}/from-id`, { scanned: aamvaPayload(person, { version: 8 }) });
    expect(again.json().existing).toEqual(customer);
  });

  it('refuses a mangled barcode with the reason in words', async () => {
    const answer = await send('POST', `${URL}/from-id`, { scanned: 'hello, I am not a licence' });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({
      resultCode: 'FAIL',
      resultReason: 'INVALID_INPUT',
      resultDetail: "This barcode is not a driver's licence or state ID.",
    });
  });

  it("checks a customer's ID for a sale on the store's today", async () => {
    const check = async (customer: Customer) =>
      (await send('GET', `${URL}/${customer.id}/verification`)).json<Record<string, unknown>>();
    const ok = await create({ idNumber: 'V0000001', phone: null });
    expect(await check(ok)).toEqual({
      resultCode: 'SUCCESS',
      resultReason: null,
      verification: { verified: true, age: 36 },
      today: '2026-06-15',
      // The whole state profile the check followed, as the service loaded it (the back office reads its groups).
      profile: CALIFORNIA,
    });
    const young = await create({ idNumber: 'V0000002', dateOfBirth: '2005-11-26', phone: null });
    expect((await check(young)).verification).toEqual({
      verified: false,
      problem: 'under_age',
      reason: 'The customer is 20: adult-use sales need 21 (the customer turns 21 on November 26, 2026).',
      age: 20,
    });
    const expired = await create({ idNumber: 'V0000003', idExpiry: '2026-06-14', phone: null });
    expect((await check(expired)).verification).toMatchObject({
      verified: false,
      problem: 'id_expired',
      reason: 'This ID expired on June 14, 2026.',
    });
    const lastDay = await create({ idNumber: 'V0000004', idExpiry: '2026-06-15', phone: null });
    expect((await check(lastDay)).verification).toMatchObject({ verified: true });
    const patient = await create({
      idNumber: 'V0000005',
      dateOfBirth: '2006-01-01',
      customerType: 'medical',
      medical: { number: 'REC-1', expires: '2027-01-01' },
      phone: null,
    });
    expect((await check(patient)).verification).toEqual({ verified: true, age: 20 });
  });

  it('checks the ID of a person not on file before adding them, storing nothing', async () => {
    const checkNew = async (overrides: Partial<NewCustomer>) => {
      const answer = await send('POST', `${URL}/check`, adult({ lastName: 'Newcomer', phone: null, ...overrides }));
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json<Record<string, unknown>>();
    };
    expect(await checkNew({ idNumber: 'N0000001' })).toEqual({
      resultCode: 'SUCCESS',
      resultReason: null,
      verification: { verified: true, age: 36 },
      today: '2026-06-15',
      profile: CALIFORNIA,
    });
    expect((await checkNew({ idNumber: 'N0000002', dateOfBirth: '2005-11-26' })).verification).toEqual({
      verified: false,
      problem: 'under_age',
      reason: 'The customer is 20: adult-use sales need 21 (the customer turns 21 on November 26, 2026).',
      age: 20,
    });
    expect((await checkNew({ idNumber: 'N0000003', idExpiry: '2026-06-14' })).verification).toMatchObject({
      verified: false,
      reason: 'This ID expired on June 14, 2026.',
    });
    const patient = { customerType: 'medical' as const, medical: { number: 'REC-2', expires: '2027-01-01' } };
    expect((await checkNew({ idNumber: 'N0000004', dateOfBirth: '2006-01-01', ...patient })).verification).toEqual({
      verified: true,
      age: 20,
    });
    // Its fields by the rules of adding one, refused in words.
    const bad = await send('POST', `${URL}/check`, adult({ idNumber: 'N0000005', idExpiry: '2026-02-30' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().resultDetail).toBe('idExpiry must be a real date as YYYY-MM-DD, not "2026-02-30"');
    // Nothing was stored, refused or not.
    expect(await found('Newcomer')).toEqual([]);
  });

  it('adds one customer when several registers add the same ID at once', async () => {
    const answers = await Promise.all(
      ['Ivy', 'Ivan', 'Iris', 'Ines', 'Ida'].map((firstName) =>
        send('POST', URL, adult({ firstName, lastName: 'Race', idNumber: 'R5555555', phone: null })),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409]);
    const winner = answers.find((answer) => answer.statusCode === 201)!.json<{ customer: Customer }>().customer;
    for (const answer of answers.filter((candidate) => candidate.statusCode === 409)) {
      expect(answer.json().resultDetail).toContain(
        `: ${winner.firstName} Race, born January 15, 1990, has CA ID R5555555`,
      );
    }
    const patched = await send('PATCH', `${URL}/${winner.id}`, { idNumber: 'R5555556' });
    expect(patched.statusCode, patched.body).toBe(200);
  });

  it('keeps customers from the pole display, and from staff who do not sell', async () => {
    const display = await login(service.app, 'display', 'display-demo-1');
    const answer = await send('GET', URL, undefined, { ...service.headers, authorization: `Bearer ${display}` });
    expect(answer.statusCode).toBe(403);
    expect(answer.json().resultDetail).toBe('the display role does not have the customer:read permission');
  });
});
