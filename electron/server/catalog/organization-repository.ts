import { randomUUID } from 'node:crypto';
import { invalidInput, ServicePayError } from '../../../shared/errors.js';
import type { Db } from '../db/database.js';
import { isUniqueViolation } from './sqlite-errors.js';

/** An organization (an MSO entity): the owner of dispensaries, users, API clients and partners. */
export interface Organization {
  id: string;
  name: string;
  createdAt: string;
}

interface OrganizationRow {
  id: string;
  name: string;
  created_at: string;
}

const toOrganization = (row: OrganizationRow): Organization => ({
  id: row.id,
  name: row.name,
  createdAt: row.created_at,
});

/** Organizations: created by the CLI or the demo loader, read by everything that checks ownership. */
export class OrganizationRepository {
  private readonly insertStmt;
  private readonly findStmt;
  private readonly listStmt;

  constructor(db: Db) {
    this.insertStmt = db.prepare<[string, string, string]>(
      'INSERT INTO organizations (id, name, created_at) VALUES (?, ?, ?)',
    );
    this.findStmt = db.prepare<[string], OrganizationRow>(
      'SELECT id, name, created_at FROM organizations WHERE id = ?',
    );
    this.listStmt = db.prepare<[], OrganizationRow>('SELECT id, name, created_at FROM organizations ORDER BY name, id');
  }

  /** Creates an organization; `id` is generated unless given (the demo uses a fixed one). */
  create(name: string, now: Date, id: string = randomUUID()): Organization {
    const trimmed = name.trim();
    if (trimmed.length === 0 || trimmed.length > 200) throw invalidInput('name', 'must be 1 to 200 characters');
    const organization = { id, name: trimmed, createdAt: now.toISOString() };
    try {
      this.insertStmt.run(organization.id, organization.name, organization.createdAt);
    } catch (error) {
      if (isUniqueViolation(error)) throw new ServicePayError('CONFLICT', `organization ${id} already exists`);
      throw error;
    }
    return organization;
  }

  find(id: string): Organization | undefined {
    const row = this.findStmt.get(id);
    return row && toOrganization(row);
  }

  list(): Organization[] {
    return this.listStmt.all().map(toOrganization);
  }
}
