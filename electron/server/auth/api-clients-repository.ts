import { invalidInput, ServicePayError } from '../../../shared/errors.js';
import type { Db } from '../db/database.js';
import { randomSecret, sha256 } from './secrets.js';

/** An API client as listed (never with its secret). */
export interface ApiClientRecord {
  clientId: string;
  organizationId: string;
  name: string;
  secretHash: string;
  disabled: boolean;
  createdAt: string;
}

/** A newly issued client: the only time its secret exists in plain text. */
export interface IssuedClient {
  clientId: string;
  clientSecret: string;
  organizationId: string;
  name: string;
}

type Row = Omit<ApiClientRecord, 'disabled'> & { disabled: number };
const COLUMNS = `client_id AS clientId, organization_id AS organizationId, name, secret_hash AS secretHash, disabled,
  created_at AS createdAt`;

/** API clients (`client_id` / `client_secret`); secrets are stored as SHA-256 only. */
export class ApiClientsRepository {
  private readonly statements;

  constructor(db: Db) {
    this.statements = {
      find: db.prepare<[string], Row>(`SELECT ${COLUMNS} FROM api_clients WHERE client_id = ?`),
      all: db.prepare<[], Row>(`SELECT ${COLUMNS} FROM api_clients ORDER BY created_at, client_id`),
      insert: db.prepare(`INSERT INTO api_clients (client_id, organization_id, name, secret_hash, created_at)
        VALUES (@clientId, @organizationId, @name, @secretHash, @createdAt)`),
      orgExists: db.prepare<[string]>('SELECT 1 FROM organizations WHERE id = ?'),
      disable: db.prepare<[string]>('UPDATE api_clients SET disabled = 1 WHERE client_id = ?'),
      disableNamed: db.prepare<[string, string]>(
        'UPDATE api_clients SET disabled = 1 WHERE organization_id = ? AND name = ? AND disabled = 0',
      ),
    };
  }

  find(clientId: string): ApiClientRecord | undefined {
    const row = this.statements.find.get(clientId);
    return row && { ...row, disabled: row.disabled === 1 };
  }

  list(): ApiClientRecord[] {
    return this.statements.all.all().map((row) => ({ ...row, disabled: row.disabled === 1 }));
  }

  /** Issues a client; `fixed` credentials are for the documented demo client only. */
  issue(
    input: { organizationId: string; name: string },
    now: Date,
    fixed?: { clientId: string; clientSecret: string },
  ): IssuedClient {
    const name = input.name.trim();
    if (!name) throw invalidInput('name', 'is required');
    if (!this.statements.orgExists.get(input.organizationId)) {
      throw invalidInput('organizationId', `does not name an organization: ${input.organizationId}`);
    }
    const clientId = fixed?.clientId ?? randomSecret('spc_', 12);
    const clientSecret = fixed?.clientSecret ?? randomSecret('sps_');
    if (this.find(clientId)) throw new ServicePayError('CONFLICT', `client ${clientId} already exists`);
    this.statements.insert.run({
      clientId,
      organizationId: input.organizationId,
      name,
      secretHash: sha256(clientSecret),
      createdAt: now.toISOString(),
    });
    return { clientId, clientSecret, organizationId: input.organizationId, name };
  }

  /**
   * Issues a client named `name` and disables the organization's earlier clients of that name: a
   * terminal enrolled again gets new credentials and the old ones stop working. Run in a write.
   */
  replaceNamed(input: { organizationId: string; name: string }, now: Date): IssuedClient {
    this.statements.disableNamed.run(input.organizationId, input.name);
    return this.issue(input, now);
  }

  disable(clientId: string): void {
    if (this.statements.disable.run(clientId).changes !== 1)
      throw new ServicePayError('NOT_FOUND', `no API client ${clientId}`);
  }
}
