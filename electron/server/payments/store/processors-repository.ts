import { randomUUID } from 'node:crypto';
import { invalidInput, ServicePayError } from '../../../../shared/errors.js';
import type { DataLayer } from '../../db/data-layer.js';
import type { Builder, Queryable } from '../../db/query.js';
import {
  checkProcessorSettings,
  PROCESSOR_KINDS,
  type ProcessorKind,
  type ProcessorSettings,
} from './processor-settings.js';

/** A processor configured for an entity (organization). */
export interface ProcessorRecord {
  id: string;
  organizationId: string;
  /** Unique per entity; what `processorName` of a payment event selects. */
  name: string;
  kind: ProcessorKind;
  settings: ProcessorSettings;
  isDefault: boolean;
  createdAt: string;
}

/** What `add` needs; the first processor of an entity becomes its default. */
export interface NewProcessor {
  id?: string;
  organizationId: string;
  name: string;
  kind: string;
  settings?: Record<string, unknown>;
  isDefault?: boolean;
}

const NAME = /^[a-z0-9]+(-[a-z0-9]+)*$/;

const selectProcessors = (k: Builder) =>
  k
    .selectFrom('payment_processors')
    .select([
      'id',
      'organization_id as organizationId',
      'name',
      'kind',
      'settings',
      'is_default as isDefault',
      'created_at as createdAt',
    ]);

type Row = Awaited<ReturnType<ReturnType<typeof selectProcessors>['executeTakeFirstOrThrow']>>;

const toRecord = (row: Row): ProcessorRecord => ({
  ...row,
  kind: row.kind as ProcessorKind,
  settings: JSON.parse(row.settings) as ProcessorSettings,
  isDefault: row.isDefault === 1,
});

/** Processors of each entity, and which one is its default. */
export class ProcessorsRepository {
  private readonly q;

  constructor(private readonly db: DataLayer) {
    this.q = {
      insert: db.prepare(
        (
          k,
          p: {
            id: string;
            organizationId: string;
            name: string;
            kind: string;
            settings: string;
            isDefault: number;
            createdAt: string;
          },
        ) =>
          k.insertInto('payment_processors').values({
            id: p.id,
            organization_id: p.organizationId,
            name: p.name,
            kind: p.kind,
            settings: p.settings,
            is_default: p.isDefault,
            created_at: p.createdAt,
          }),
      ),
      byName: db.prepare((k, p: { organizationId: string; name: string }) =>
        selectProcessors(k).where('organization_id', '=', p.organizationId).where('name', '=', p.name),
      ),
      byId: db.prepare((k, p: { id: string }) => selectProcessors(k).where('id', '=', p.id)),
      ofOrganization: db.prepare((k, p: { organizationId: string }) =>
        selectProcessors(k)
          .where('organization_id', '=', p.organizationId)
          .orderBy('is_default', 'desc')
          .orderBy('name'),
      ),
      all: db.prepare((k) =>
        selectProcessors(k).orderBy('organization_id').orderBy('is_default', 'desc').orderBy('name'),
      ),
      // Locks the organization's row: two processors added at once never both become the default.
      lockOrganization: db.prepare((k, p: { id: string }) =>
        db.dialect.forNoKeyUpdate(k.selectFrom('organizations').select('id').where('id', '=', p.id)),
      ),
      clearDefault: db.prepare((k, p: { organizationId: string }) =>
        k.updateTable('payment_processors').set({ is_default: 0 }).where('organization_id', '=', p.organizationId),
      ),
      setDefault: db.prepare((k, p: { id: string }) =>
        k.updateTable('payment_processors').set({ is_default: 1 }).where('id', '=', p.id),
      ),
    };
  }

  /** Adds a processor after checking its name, kind and settings, in the caller's write. */
  async add(tx: Queryable, input: NewProcessor, now: Date): Promise<ProcessorRecord> {
    if (!NAME.test(input.name) || input.name.length > 40) {
      throw invalidInput('name', 'must be 1 to 40 lower-case letters, digits and single dashes (kebab case)');
    }
    if (!(PROCESSOR_KINDS as readonly string[]).includes(input.kind)) {
      throw invalidInput('kind', `must be one of ${PROCESSOR_KINDS.join(', ')}`);
    }
    const kind = input.kind as ProcessorKind;
    const settings = checkProcessorSettings(kind, input.settings ?? {});
    if (!(await tx.first(this.q.lockOrganization, { id: input.organizationId }))) {
      throw invalidInput('organizationId', `does not name an organization: ${input.organizationId}`);
    }
    const isDefault = input.isDefault === true || (await this.list(tx, input.organizationId)).length === 0;
    if (isDefault) await tx.run(this.q.clearDefault, { organizationId: input.organizationId });
    const id = input.id ?? randomUUID();
    try {
      await tx.run(this.q.insert, {
        id,
        organizationId: input.organizationId,
        name: input.name,
        kind,
        settings: JSON.stringify(settings),
        isDefault: isDefault ? 1 : 0,
        createdAt: now.toISOString(),
      });
    } catch (error) {
      if (this.db.dialect.isUniqueViolation(error)) {
        throw new ServicePayError('CONFLICT', `the entity already has a processor named ${input.name}`, {
          field: 'name',
        });
      }
      throw error;
    }
    return (await this.findById(tx, id))!;
  }

  async findByName(q: Queryable, organizationId: string, name: string): Promise<ProcessorRecord | undefined> {
    const row = await q.first(this.q.byName, { organizationId, name });
    return row && toRecord(row);
  }

  async findById(q: Queryable, id: string): Promise<ProcessorRecord | undefined> {
    const row = await q.first(this.q.byId, { id });
    return row && toRecord(row);
  }

  /** The entity's processors, default first; every entity's when `organizationId` is omitted. */
  async list(q: Queryable, organizationId?: string): Promise<ProcessorRecord[]> {
    const rows = organizationId ? await q.all(this.q.ofOrganization, { organizationId }) : await q.all(this.q.all);
    return rows.map(toRecord);
  }

  /** The processor named `name` must exist; NOT_FOUND names the entity's processors otherwise. */
  async require(q: Queryable, organizationId: string, name: string, field = 'processorName'): Promise<ProcessorRecord> {
    const found = await this.findByName(q, organizationId, name);
    if (found) return found;
    const names = (await this.list(q, organizationId)).map((processor) => processor.name);
    throw invalidInput(field, `does not name a processor of this entity (${names.join(', ') || 'none configured'})`);
  }

  /** Makes `name` the entity's default processor, in the caller's write. */
  async setDefault(tx: Queryable, organizationId: string, name: string): Promise<ProcessorRecord> {
    await tx.first(this.q.lockOrganization, { id: organizationId });
    const processor = await this.require(tx, organizationId, name, 'name');
    await tx.run(this.q.clearDefault, { organizationId });
    await tx.run(this.q.setDefault, { id: processor.id });
    return { ...processor, isDefault: true };
  }
}
