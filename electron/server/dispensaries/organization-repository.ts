import { randomUUID } from 'node:crypto';
import { invalidInput, ServicePayError } from '../../../shared/errors.js';
import type { DataLayer } from '../db/data-layer.js';
import type { Queryable } from '../db/query.js';

/** An organization (an MSO entity): the owner of dispensaries, users, API clients and partners. */
export interface Organization {
  id: string;
  name: string;
  createdAt: string;
}

/** Organizations: created by the CLI or the demo loader, read by everything that checks ownership. */
export class OrganizationRepository {
  private readonly q;

  constructor(private readonly db: DataLayer) {
    const columns = ['id', 'name', 'created_at as createdAt'] as const;
    this.q = {
      insert: db.prepare((k, p: Organization) =>
        k.insertInto('organizations').values({ id: p.id, name: p.name, created_at: p.createdAt }),
      ),
      find: db.prepare((k, p: { id: string }) => k.selectFrom('organizations').select(columns).where('id', '=', p.id)),
      list: db.prepare((k) => k.selectFrom('organizations').select(columns).orderBy('name').orderBy('id')),
      exists: db.prepare((k, p: { id: string }) => k.selectFrom('organizations').select('id').where('id', '=', p.id)),
      organizationOf: db.prepare((k, p: { id: string }) =>
        k.selectFrom('dispensaries').select('organization_id as organizationId').where('id', '=', p.id),
      ),
    };
  }

  /** Creates an organization; `id` is generated unless given (the demo uses a fixed one). */
  async create(tx: Queryable, name: string, now: Date, id: string = randomUUID()): Promise<Organization> {
    const trimmed = name.trim();
    if (trimmed.length === 0 || trimmed.length > 200) throw invalidInput('name', 'must be 1 to 200 characters');
    const organization = { id, name: trimmed, createdAt: now.toISOString() };
    try {
      await tx.run(this.q.insert, organization);
    } catch (error) {
      if (this.db.dialect.isUniqueViolation(error)) {
        throw new ServicePayError('CONFLICT', `organization ${id} already exists`);
      }
      throw error;
    }
    return organization;
  }

  find(q: Queryable, id: string): Promise<Organization | undefined> {
    return q.first(this.q.find, { id });
  }

  list(q: Queryable): Promise<Organization[]> {
    return q.all(this.q.list);
  }

  /**
   * Checks whom a new login, API client or partner belongs to: organization `organizationId`, and
   * with `dispensaryId` one store of it. Refused naming the field that is wrong.
   */
  async checkOwner(q: Queryable, organizationId: string, dispensaryId: string | null = null): Promise<void> {
    if (!(await q.first(this.q.exists, { id: organizationId }))) {
      throw invalidInput('organizationId', `does not name an organization: ${organizationId}`);
    }
    if (
      dispensaryId !== null &&
      (await q.first(this.q.organizationOf, { id: dispensaryId }))?.organizationId !== organizationId
    ) {
      throw invalidInput('dispensaryId', 'does not name a dispensary of the organization');
    }
  }

  /**
   * Holds the organization's row until the write `tx` ends: what is one package's across its stores
   * (a state tag, a manifest) is given by one writer at a time (receiving, the catalog import).
   */
  async lock(tx: Queryable, id: string): Promise<void> {
    const { builder, dialect } = this.db;
    await tx.first(dialect.forNoKeyUpdate(builder.selectFrom('organizations').select('id').where('id', '=', id)));
  }
}
