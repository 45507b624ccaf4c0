import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoService, type DemoService } from '../support/demo-service.js';
import { blockedBy } from '../support/row-locks.js';
import { freshDatabase, type TestDatabase } from '../../support/test-database.js';

// A phone has no constraint (a store may hold customers who shared one from before the rule), so a
// customer is added with the store's row held: one added meanwhile on another instance with the
// same phone is waited for, then seen, and the second one refused (README "Customers").
let database: TestDatabase;
let service: DemoService;
let admin: pg.Client;

beforeAll(async () => {
  database = await freshDatabase();
  service = await demoService(database.config);
  admin = new pg.Client({ connectionString: database.config.database });
  await admin.connect();
});
afterAll(async () => {
  await admin?.end();
  await service?.close();
  await database?.drop();
});

const ADD_WHILE_HELD = `
  INSERT INTO customers (id, organization_id, dispensary_id, first_name, last_name, first_key, last_key,
    date_of_birth, id_type, id_number, id_jurisdiction, id_expiry, customer_type, phone, created_at,
    updated_at, created_by_name)
  SELECT 'held-customer', organization_id, id, 'Rosa', 'Diaz', 'rosa', 'diaz', '1980-02-02', 'drivers_licence',
    'H7000001', 'CA', '2099-02-02', 'adult_use', '9165550155', '2026-01-01T00:00:00.000Z',
    '2026-01-01T00:00:00.000Z', 'Another instance'
  FROM dispensaries WHERE short_name = 'demo'`;

describe('one customer per phone across instances (postgres)', () => {
  it("waits for another writer holding the store's row, then refuses the phone it gave", async () => {
    const holder = new pg.Client({ connectionString: database.config.database });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query("SELECT 1 FROM dispensaries WHERE short_name = 'demo' FOR NO KEY UPDATE");
      await holder.query(ADD_WHILE_HELD);
      const adding = service.request({
        method: 'POST',
        url: '/v2.0/dispensary/demo/customers',
        headers: service.headers,
        payload: {
          firstName: 'Rosalind',
          lastName: 'Diaz',
          dateOfBirth: '1981-03-03',
          idType: 'drivers_licence',
          idNumber: 'H7000002',
          idJurisdiction: 'CA',
          idExpiry: '2099-03-03',
          customerType: 'adult_use',
          phone: '(916) 555-0155',
        },
      });
      await blockedBy(admin, holder);
      await holder.query('COMMIT');
      const answer = await adding;
      expect(answer.statusCode, answer.body).toBe(409);
      expect(answer.json()).toMatchObject({
        resultDetail:
          'phone is on file already: Rosa D. has (916) 555-0155 — open their profile instead, or use another number',
        details: { customerId: 'held-customer' },
      });
    } finally {
      await holder.end();
    }
  });
});
