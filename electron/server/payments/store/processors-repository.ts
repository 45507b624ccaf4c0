import { randomUUID } from 'node:crypto';
import { invalidInput, ServicePayError } from '../../../../shared/errors.js';
import { isUniqueViolation } from '../../catalog/sqlite-errors.js';
import type { Db } from '../../db/database.js';
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

interface Row {
  id: string;
  organizationId: string;
  name: string;
  kind: ProcessorKind;
  settings: string;
  isDefault: number;
  createdAt: string;
}

const COLUMNS = `id, organization_id AS organizationId, name, kind, settings, is_default AS isDefault, created_at AS createdAt`;
const NAME = /^[a-z0-9]+(-[a-z0-9]+)*$/;

const toRecord = (row: Row): ProcessorRecord => ({
  ...row,
  settings: JSON.parse(row.settings) as ProcessorSettings,
  isDefault: row.isDefault === 1,
});

/** Processors of each entity, and which one is its default. */
export class ProcessorsRepository {
  private readonly statements;

  constructor(private readonly db: Db) {
    this.statements = {
      insert:
        db.prepare(`INSERT INTO payment_processors (id, organization_id, name, kind, settings, is_default, created_at)
        VALUES (@id, @organizationId, @name, @kind, @settings, @isDefault, @createdAt)`),
      byName: db.prepare<[string, string], Row>(
        `SELECT ${COLUMNS} FROM payment_processors WHERE organization_id = ? AND name = ?`,
      ),
      byId: db.prepare<[string], Row>(`SELECT ${COLUMNS} FROM payment_processors WHERE id = ?`),
      ofOrganization: db.prepare<[string], Row>(
        `SELECT ${COLUMNS} FROM payment_processors WHERE organization_id = ? ORDER BY is_default DESC, name`,
      ),
      all: db.prepare<[], Row>(
        `SELECT ${COLUMNS} FROM payment_processors ORDER BY organization_id, is_default DESC, name`,
      ),
      organizationExists: db.prepare<[string]>('SELECT 1 FROM organizations WHERE id = ?'),
      clearDefault: db.prepare<[string]>('UPDATE payment_processors SET is_default = 0 WHERE organization_id = ?'),
      setDefault: db.prepare<[string]>('UPDATE payment_processors SET is_default = 1 WHERE id = ?'),
    };
  }

  /** Adds a processor after checking its name, kind and settings. */
  add(input: NewProcessor, now: Date): ProcessorRecord {
    if (!NAME.test(input.name) || input.name.length > 40) {
      throw invalidInput('name', 'must be 1 to 40 lower-case letters, digits and single dashes (kebab case)');
    }
    if (!(PROCESSOR_KINDS as readonly string[]).includes(input.kind)) {
      throw invalidInput('kind', `must be one of ${PROCESSOR_KINDS.join(', ')}`);
    }
    const kind = input.kind as ProcessorKind;
    const settings = checkProcessorSettings(kind, input.settings ?? {});
    return this.db.transaction(() => {
      if (!this.statements.organizationExists.get(input.organizationId)) {
        throw invalidInput('organizationId', `does not name an organization: ${input.organizationId}`);
      }
      const isDefault = input.isDefault === true || this.list(input.organizationId).length === 0;
      if (isDefault) this.statements.clearDefault.run(input.organizationId);
      const id = input.id ?? randomUUID();
      try {
        this.statements.insert.run({
          id,
          organizationId: input.organizationId,
          name: input.name,
          kind,
          settings: JSON.stringify(settings),
          isDefault: isDefault ? 1 : 0,
          createdAt: now.toISOString(),
        });
      } catch (error) {
        if (isUniqueViolation(error)) {
          throw new ServicePayError('CONFLICT', `the entity already has a processor named ${input.name}`, {
            field: 'name',
          });
        }
        throw error;
      }
      return this.findById(id)!;
    })();
  }

  findByName(organizationId: string, name: string): ProcessorRecord | undefined {
    const row = this.statements.byName.get(organizationId, name);
    return row && toRecord(row);
  }

  findById(id: string): ProcessorRecord | undefined {
    const row = this.statements.byId.get(id);
    return row && toRecord(row);
  }

  /** The entity's processors, default first; every entity's when `organizationId` is omitted. */
  list(organizationId?: string): ProcessorRecord[] {
    const rows = organizationId ? this.statements.ofOrganization.all(organizationId) : this.statements.all.all();
    return rows.map(toRecord);
  }

  /** The processor named `name` must exist; NOT_FOUND names the entity's processors otherwise. */
  require(organizationId: string, name: string, field = 'processorName'): ProcessorRecord {
    const found = this.findByName(organizationId, name);
    if (found) return found;
    const names = this.list(organizationId).map((processor) => processor.name);
    throw invalidInput(field, `does not name a processor of this entity (${names.join(', ') || 'none configured'})`);
  }

  /** Makes `name` the entity's default processor. */
  setDefault(organizationId: string, name: string): ProcessorRecord {
    return this.db.transaction(() => {
      const processor = this.require(organizationId, name, 'name');
      this.statements.clearDefault.run(organizationId);
      this.statements.setDefault.run(processor.id);
      return { ...processor, isDefault: true };
    })();
  }
}
