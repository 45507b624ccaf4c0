import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Customer, NewCustomer } from '../../../shared/contracts/customers.js';
import { demoService, type DemoService } from '../support/demo-service.js';

// Who issued a customer's ID, over real HTTP on the engine under test (README "Customers"): kept by
// its code, a state's or a country's name taken for it, checked by the ID's type. One person is one
// customer: "California" is CA's ID, and "CAL" no issuer of a licence (customers-api.test.ts).
let service: DemoService;
const URL = '/v2.0/dispensary/demo/customers';

const send = (method: 'POST' | 'PATCH', url: string, payload: object) =>
  service.request({ method, url, headers: service.headers, payload });

async function create(fields: Partial<NewCustomer>): Promise<Customer> {
  const answer = await send('POST', URL, {
    lastName: 'Issuer',
    dateOfBirth: '1990-01-15',
    idType: 'drivers_licence',
    idExpiry: '2030-01-15',
    customerType: 'adult_use',
    ...fields,
  });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json<{ customer: Customer }>().customer;
}

beforeAll(async () => {
  service = await demoService();
}, 60_000);
afterAll(() => service.close());

describe("who issued a customer's ID", () => {
  it("is kept by its code, a state's or a country's name taken for it, by the ID's type", async () => {
    const licence = await create({ firstName: 'Nia', idNumber: 'NY100001', idJurisdiction: ' new york ' });
    expect(licence.idJurisdiction).toBe('NY');
    const passport = await create({
      firstName: 'Pia',
      idType: 'passport',
      idNumber: 'P1000001',
      idJurisdiction: 'Mexico',
    });
    expect(passport.idJurisdiction).toBe('MEX');
    const military = await create({
      firstName: 'Mia',
      idType: 'military_id',
      idNumber: 'M1000001',
      idJurisdiction: 'usa',
    });
    expect(military.idJurisdiction).toBe('USA');
  });

  it("checks a change of the ID's type against the issuer on file: a passport is no state's", async () => {
    const licence = await create({ firstName: 'Tia', idNumber: 'CA100002', idJurisdiction: 'CA' });
    const changed = await send('PATCH', `${URL}/${licence.id}`, { idType: 'passport' });
    expect(changed.statusCode).toBe(400);
    expect(changed.json<{ resultDetail: string }>().resultDetail).toBe(
      'idJurisdiction must be the country that issued the passport, not "CA": type its three letters, such as USA ' +
        'or MEX, or its name',
    );
    const both = await send('PATCH', `${URL}/${licence.id}`, { idType: 'passport', idJurisdiction: 'Canada' });
    expect(both.statusCode, both.body).toBe(200);
    expect(both.json<{ customer: Customer }>().customer).toMatchObject({ idType: 'passport', idJurisdiction: 'CAN' });
  });
});
