import { invalidInput, ServicePayError } from '../../../shared/errors.js';
import type { DataLayer } from '../db/data-layer.js';
import type { Builder, Queryable } from '../db/query.js';

/** An application allowed to log staff in (`x-application`). */
export interface ApplicationRecord {
  name: string;
  disabled: boolean;
  createdAt: string;
}

const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{1,63}$/;
const selectApplications = (k: Builder) =>
  k.selectFrom('applications').select(['name', 'disabled', 'created_at as createdAt']);

/** Registered applications (the values `x-application` may take). */
export class ApplicationsRepository {
  private readonly q;

  constructor(db: DataLayer) {
    this.q = {
      find: db.prepare((k, p: { name: string }) => selectApplications(k).where('name', '=', p.name)),
      all: db.prepare((k) => selectApplications(k).orderBy('name')),
      insert: db.prepare((k, p: { name: string; at: string }) =>
        k.insertInto('applications').values({ name: p.name, created_at: p.at }),
      ),
      disable: db.prepare((k, p: { name: string }) =>
        k.updateTable('applications').set({ disabled: 1 }).where('name', '=', p.name),
      ),
    };
  }

  async find(q: Queryable, name: string): Promise<ApplicationRecord | undefined> {
    const row = await q.first(this.q.find, { name });
    return row && { ...row, disabled: row.disabled === 1 };
  }

  async list(q: Queryable): Promise<ApplicationRecord[]> {
    return (await q.all(this.q.all)).map((row) => ({ ...row, disabled: row.disabled === 1 }));
  }

  async add(tx: Queryable, name: string, now: Date): Promise<ApplicationRecord> {
    if (!NAME.test(name)) throw invalidInput('name', 'must be 2-64 letters, digits, ".", "_" or "-"');
    if (await this.find(tx, name)) {
      throw new ServicePayError('CONFLICT', `application ${name} already exists`, { field: 'name' });
    }
    await tx.run(this.q.insert, { name, at: now.toISOString() });
    return (await this.find(tx, name))!;
  }

  async disable(tx: Queryable, name: string): Promise<void> {
    if ((await tx.run(this.q.disable, { name })) !== 1)
      throw new ServicePayError('NOT_FOUND', `no application ${name}`);
  }
}
