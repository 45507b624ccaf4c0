import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Allowance, Customer, NewCustomer } from '../../../shared/contracts/customers.js';
import { demoService, login, type DemoService } from '../support/demo-service.js';

// A medical patient's own daily amounts (issue 34, item 2): a recommendation may set them where the
// state lets it, up to the state profile's most for a recommendation (California: 907.184 g of
// medicinal cannabis); above the state's own limit (226.796 g) only a manager may set them.
let service: DemoService;
let manager: Record<string, string>;

const URL = '/v2.0/dispensary/demo/customers';
const cashier = () => service.headers;
const send = (method: 'POST' | 'PATCH' | 'GET', url: string, headers: Record<string, string>, payload?: object) =>
  service.request({ method, url, headers, ...(payload ? { payload } : {}) });

const patient = (idNumber: string, limits?: Record<string, number>): NewCustomer => ({
  firstName: 'Rosa',
  lastName: 'Medina',
  dateOfBirth: '1980-05-02',
  idType: 'drivers_licence',
  idNumber,
  idJurisdiction: 'CA',
  idExpiry: '2031-05-02',
  customerType: 'medical',
  medical: { number: 'CA-MMIC-7001', expires: '2030-01-01', ...(limits ? { limits } : {}) },
});

async function added(idNumber: string): Promise<Customer> {
  const answer = await send('POST', URL, cashier(), patient(idNumber));
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json<{ customer: Customer }>().customer;
}

const ownLimit = (medicinal_cannabis: number) => ({
  medical: { number: 'CA-MMIC-7001', expires: '2030-01-01', limits: { medicinal_cannabis } },
});

async function leftToday(id: string): Promise<string> {
  const answer = await send('GET', `${URL}/${id}/allowance`, cashier());
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<Allowance>().groups.find((group) => group.group === 'medicinal_cannabis')!.summary;
}

beforeAll(async () => {
  service = await demoService();
  manager = { authorization: `Bearer ${await login(service.app, 'manager', 'manager-demo-1')}` };
}, 60_000);
afterAll(() => service.close());

describe("a recommendation's own daily amount", () => {
  it("above the state's most for a recommendation is refused in words, for anyone, added or changed", async () => {
    const adding = await send('POST', URL, cashier(), patient('M7000001', { medicinal_cannabis: 10_000_000 }));
    expect(adding.statusCode, adding.body).toBe(400);
    expect(adding.json()).toMatchObject({
      resultReason: 'INVALID_INPUT',
      resultDetail:
        "medical.limits.medicinal_cannabis must be at most 907.184 g, the most California's rules let a " +
        'recommendation set, not 10000 g',
    });
    const rosa = await added('M7000002');
    for (const headers of [cashier(), manager]) {
      const changing = await send('PATCH', `${URL}/${rosa.id}`, headers, ownLimit(10_000_000));
      expect(changing.statusCode, changing.body).toBe(400);
    }
    expect(await leftToday(rosa.id)).toBe('226.796 g of 226.796 g left today');
  });

  it("above the state's limit needs a manager: a cashier is refused in words, a manager sets it", async () => {
    const rosa = await added('M7000003');
    const byCashier = await send('PATCH', `${URL}/${rosa.id}`, cashier(), ownLimit(300_000));
    expect(byCashier.statusCode, byCashier.body).toBe(403);
    expect(byCashier.json()).toMatchObject({
      resultReason: 'FORBIDDEN',
      resultDetail:
        "medical.limits.medicinal_cannabis above California's 226.796 g a day needs a manager: ask one to set " +
        'it in the back office',
    });
    const adding = await send('POST', URL, cashier(), patient('M7000004', { medicinal_cannabis: 300_000 }));
    expect(adding.statusCode, adding.body).toBe(403);

    const byManager = await send('PATCH', `${URL}/${rosa.id}`, manager, ownLimit(300_000));
    expect(byManager.statusCode, byManager.body).toBe(200);
    expect(await leftToday(rosa.id)).toBe('300 g of 300 g left today');
    // What a manager set stays when a cashier changes something else, or sends it back unchanged.
    const phone = await send('PATCH', `${URL}/${rosa.id}`, cashier(), { phone: '916 555 0177' });
    expect(phone.statusCode, phone.body).toBe(200);
    const same = await send('PATCH', `${URL}/${rosa.id}`, cashier(), ownLimit(300_000));
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json<{ customer: Customer }>().customer.medical?.limits).toEqual({ medicinal_cannabis: 300_000 });
  });

  it("at or below the state's limit may be set by a cashier", async () => {
    const rosa = await added('M7000005');
    const lower = await send('PATCH', `${URL}/${rosa.id}`, cashier(), ownLimit(200_000));
    expect(lower.statusCode, lower.body).toBe(200);
    expect(await leftToday(rosa.id)).toBe('200 g of 200 g left today');
  });
});
