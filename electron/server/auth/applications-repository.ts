import { invalidInput, ServicePayError } from '../../../shared/errors.js';
import type { Db } from '../db/database.js';

/** An application allowed to log staff in (`x-application`). */
export interface ApplicationRecord {
  name: string;
  disabled: boolean;
  createdAt: string;
}

type Row = Omit<ApplicationRecord, 'disabled'> & { disabled: number };
const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{1,63}$/;

/** Registered applications (the values `x-application` may take). */
export class ApplicationsRepository {
  private readonly statements;

  constructor(db: Db) {
    this.statements = {
      find: db.prepare<[string], Row>(
        'SELECT name, disabled, created_at AS createdAt FROM applications WHERE name = ?',
      ),
      all: db.prepare<[], Row>('SELECT name, disabled, created_at AS createdAt FROM applications ORDER BY name'),
      insert: db.prepare<[string, string]>('INSERT INTO applications (name, created_at) VALUES (?, ?)'),
      disable: db.prepare<[string]>('UPDATE applications SET disabled = 1 WHERE name = ?'),
    };
  }

  find(name: string): ApplicationRecord | undefined {
    const row = this.statements.find.get(name);
    return row && { ...row, disabled: row.disabled === 1 };
  }

  list(): ApplicationRecord[] {
    return this.statements.all.all().map((row) => ({ ...row, disabled: row.disabled === 1 }));
  }

  add(name: string, now: Date): ApplicationRecord {
    if (!NAME.test(name)) throw invalidInput('name', 'must be 2-64 letters, digits, ".", "_" or "-"');
    if (this.find(name)) throw new ServicePayError('CONFLICT', `application ${name} already exists`, { field: 'name' });
    this.statements.insert.run(name, now.toISOString());
    return this.find(name)!;
  }

  disable(name: string): void {
    if (this.statements.disable.run(name).changes !== 1)
      throw new ServicePayError('NOT_FOUND', `no application ${name}`);
  }
}
