import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoService, login, setupRequest, type DemoService } from '../support/demo-service.js';
import { blockedBy } from '../support/row-locks.js';
import { freshDatabase, type TestDatabase } from '../../support/test-database.js';

// The product form gives a package its state tag with the organization's row held, as receiving
// and the catalog import do: a product saved while another writer is giving a package the same tag
// waits for it, then sees that package and is refused; never two packages with one tag.
const PURPLE_PUNCH_TAG = '1A4060300003D12000000002';
let database: TestDatabase;
let service: DemoService;
let admin: pg.Client;
let manager: string;

beforeAll(async () => {
  database = await freshDatabase();
  service = await demoService(database.config);
  manager = await login(service.app, 'manager', 'manager-demo-1');
  admin = new pg.Client({ connectionString: database.config.database });
  await admin.connect();
});
afterAll(async () => {
  await admin?.end();
  await service?.close();
  await database?.drop();
});

describe("the product form's tag check (postgres)", () => {
  it("waits for another writer holding the organization's row, then refuses the tag it gave", async () => {
    const tag = '1A4060300003E00000000701';
    const holder = new pg.Client({ connectionString: database.config.database });
    await holder.connect();
    try {
      // Another writer (a delivery, an import): the organization held, Purple Punch's package given the tag.
      await holder.query('BEGIN');
      await holder.query(
        "SELECT 1 FROM organizations WHERE id = (SELECT organization_id FROM dispensaries WHERE short_name = 'demo') FOR NO KEY UPDATE",
      );
      await holder.query('UPDATE packages SET label = $1 WHERE label = $2', [tag, PURPLE_PUNCH_TAG]);
      const saving = setupRequest(service, manager, 'PATCH', '/products/FLW-003', { packageLabel: tag.toLowerCase() });
      await blockedBy(admin, holder);
      await holder.query('COMMIT');
      const answer = await saving;
      expect(answer.statusCode, answer.body).toBe(409);
      expect(answer.json().resultDetail).toBe(
        `packageLabel ${tag.toLowerCase()} is already on a package of Purple Punch (FLW-002); each package has its own state tag`,
      );
    } finally {
      await holder.end();
    }
  });
});
