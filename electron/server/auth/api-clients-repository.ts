import { CLIENT_NAME_MAX } from '../../../shared/contracts/setup-people.js';
import { invalidInput, ServicePayError } from '../../../shared/errors.js';
import type { DataLayer } from '../db/data-layer.js';
import type { Builder, Queryable } from '../db/query.js';
import { OrganizationRepository } from '../dispensaries/organization-repository.js';
import { randomSecret, sha256 } from './secrets.js';

/** A register's API client is named `terminal <its id>` (terminal-client-routes.ts). */
export const TERMINAL_CLIENT_PREFIX = 'terminal ';

/** An API client as listed (never with its secret). */
export interface ApiClientRecord {
  clientId: string;
  organizationId: string;
  /** The one store the client may act for; null for an organization-wide client. */
  dispensaryId: string | null;
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
  dispensaryId: string | null;
  name: string;
}

/** Who a new client belongs to. */
export interface NewApiClient {
  organizationId: string;
  name: string;
  /** Limits the client to one store of the organization. */
  dispensaryId?: string | null;
}

const selectClients = (k: Builder) =>
  k
    .selectFrom('api_clients')
    .select([
      'client_id as clientId',
      'organization_id as organizationId',
      'dispensary_id as dispensaryId',
      'name',
      'secret_hash as secretHash',
      'disabled',
      'created_at as createdAt',
    ]);

type Row = Awaited<ReturnType<ReturnType<typeof selectClients>['executeTakeFirstOrThrow']>>;
const toRecord = (row: Row): ApiClientRecord => ({ ...row, disabled: row.disabled === 1 });

/** API clients (`client_id` / `client_secret`); secrets are stored as SHA-256 only. */
export class ApiClientsRepository {
  private readonly q;
  private readonly organizations: OrganizationRepository;

  constructor(db: DataLayer) {
    this.organizations = new OrganizationRepository(db);
    this.q = {
      find: db.prepare((k, p: { clientId: string }) => selectClients(k).where('client_id', '=', p.clientId)),
      all: db.prepare((k) => selectClients(k).orderBy('created_at').orderBy('client_id')),
      ofOrganization: db.prepare((k, p: { organizationId: string }) =>
        selectClients(k).where('organization_id', '=', p.organizationId).orderBy('created_at').orderBy('client_id'),
      ),
      // The clients a register's POS was issued when it signed in (terminal-client-routes.ts).
      terminalClients: db.prepare((k, p: { organizationId: string; dispensaryId: string }) =>
        k
          .selectFrom('api_clients')
          .select('name')
          .distinct()
          .where('organization_id', '=', p.organizationId)
          .where('name', 'like', `${TERMINAL_CLIENT_PREFIX}%`)
          .where((e) => e.or([e('dispensary_id', '=', p.dispensaryId), e('dispensary_id', 'is', null)])),
      ),
      insert: db.prepare((k, p: Omit<ApiClientRecord, 'disabled'>) =>
        k.insertInto('api_clients').values({
          client_id: p.clientId,
          organization_id: p.organizationId,
          dispensary_id: p.dispensaryId,
          name: p.name,
          secret_hash: p.secretHash,
          created_at: p.createdAt,
        }),
      ),
      disable: db.prepare((k, p: { clientId: string }) =>
        k.updateTable('api_clients').set({ disabled: 1 }).where('client_id', '=', p.clientId),
      ),
      disableNamed: db.prepare((k, p: { organizationId: string; name: string }) =>
        k
          .updateTable('api_clients')
          .set({ disabled: 1 })
          .where('organization_id', '=', p.organizationId)
          .where('name', '=', p.name)
          .where('disabled', '=', 0),
      ),
    };
  }

  async find(q: Queryable, clientId: string): Promise<ApiClientRecord | undefined> {
    const row = await q.first(this.q.find, { clientId });
    return row && toRecord(row);
  }

  /** Every client, or one organization's, oldest first. */
  async list(q: Queryable, organizationId?: string): Promise<ApiClientRecord[]> {
    const rows = organizationId ? await q.all(this.q.ofOrganization, { organizationId }) : await q.all(this.q.all);
    return rows.map(toRecord);
  }

  /** The registers whose POS signed in for store `dispensaryId` (or its whole organization) and was issued a client. */
  async terminalsWithClients(q: Queryable, organizationId: string, dispensaryId: string): Promise<string[]> {
    const rows = await q.all(this.q.terminalClients, { organizationId, dispensaryId });
    return rows.map((row) => row.name.slice(TERMINAL_CLIENT_PREFIX.length));
  }

  /** Issues a client; `fixed` credentials are for the documented demo client only. */
  async issue(
    tx: Queryable,
    input: NewApiClient,
    now: Date,
    fixed?: { clientId: string; clientSecret: string },
  ): Promise<IssuedClient> {
    const name = input.name.trim();
    if (!name) throw invalidInput('name', 'is required');
    if (name.length > CLIENT_NAME_MAX) throw invalidInput('name', `must be at most ${CLIENT_NAME_MAX} characters`);
    const dispensaryId = input.dispensaryId ?? null;
    await this.organizations.checkOwner(tx, input.organizationId, dispensaryId);
    const clientId = fixed?.clientId ?? randomSecret('spc_', 12);
    const clientSecret = fixed?.clientSecret ?? randomSecret('sps_');
    if (await this.find(tx, clientId)) throw new ServicePayError('CONFLICT', `client ${clientId} already exists`);
    await tx.run(this.q.insert, {
      clientId,
      organizationId: input.organizationId,
      dispensaryId,
      name,
      secretHash: sha256(clientSecret),
      createdAt: now.toISOString(),
    });
    return { clientId, clientSecret, organizationId: input.organizationId, dispensaryId, name };
  }

  /**
   * Issues a client named `name` and disables the organization's earlier clients of that name: a
   * terminal enrolled again gets new credentials and the old ones stop working. Run in a write.
   */
  async replaceNamed(tx: Queryable, input: NewApiClient, now: Date): Promise<IssuedClient> {
    await tx.run(this.q.disableNamed, { organizationId: input.organizationId, name: input.name });
    return this.issue(tx, input, now);
  }

  async disable(tx: Queryable, clientId: string): Promise<void> {
    if ((await tx.run(this.q.disable, { clientId })) !== 1) {
      throw new ServicePayError('NOT_FOUND', `no API client ${clientId}`);
    }
  }
}
