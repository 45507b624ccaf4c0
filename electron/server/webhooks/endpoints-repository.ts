import type { WebhookEventType } from '../../../shared/contracts/webhooks.js';
import type { DataLayer } from '../db/data-layer.js';
import type { Builder, Queryable } from '../db/query.js';
import type { WebhookEndpointsTable } from '../db/schema.js';

/** A webhook endpoint as stored. */
export interface EndpointRecord {
  id: string;
  organizationId: string;
  /** Null: every store of the organization. */
  dispensaryId: string | null;
  url: string;
  description: string;
  events: WebhookEventType[];
  secret: string;
  allowLocal: boolean;
  disabled: boolean;
  disabledReason: 'manual' | 'failing' | null;
  disabledAt: string | null;
  createdAt: string;
}

const selectEndpoints = (k: Builder) =>
  k
    .selectFrom('webhook_endpoints')
    .select([
      'id',
      'organization_id as organizationId',
      'dispensary_id as dispensaryId',
      'url',
      'description',
      'events',
      'secret',
      'allow_local as allowLocal',
      'disabled',
      'disabled_reason as disabledReason',
      'disabled_at as disabledAt',
      'created_at as createdAt',
    ]);

type Row = Awaited<ReturnType<ReturnType<typeof selectEndpoints>['executeTakeFirstOrThrow']>>;

const toRecord = (row: Row): EndpointRecord => ({
  ...row,
  events: JSON.parse(row.events) as WebhookEventType[],
  allowLocal: row.allowLocal === 1,
  disabled: row.disabled === 1,
  disabledReason: row.disabledReason as EndpointRecord['disabledReason'],
});

/** Webhook endpoints of organizations and their stores. */
export class EndpointsRepository {
  private readonly q;

  constructor(db: DataLayer) {
    this.q = {
      find: db.prepare((k, p: { id: string }) => selectEndpoints(k).where('id', '=', p.id)),
      ofOrganization: db.prepare((k, p: { organizationId: string }) =>
        selectEndpoints(k).where('organization_id', '=', p.organizationId).orderBy('created_at').orderBy('id'),
      ),
      anyEnabled: db.prepare((k) => k.selectFrom('webhook_endpoints').select('id').where('disabled', '=', 0).limit(1)),
      all: db.prepare((k) => selectEndpoints(k).orderBy('created_at').orderBy('id')),
      insert: db.prepare((k, p: WebhookEndpointsTable) =>
        k.insertInto('webhook_endpoints').values({
          id: p.id,
          organization_id: p.organization_id,
          dispensary_id: p.dispensary_id,
          url: p.url,
          description: p.description,
          events: p.events,
          secret: p.secret,
          allow_local: p.allow_local,
          disabled: p.disabled,
          disabled_reason: p.disabled_reason,
          disabled_at: p.disabled_at,
          created_at: p.created_at,
        }),
      ),
      setDisabled: db.prepare((k, p: { id: string; disabled: number; reason: string | null; at: string | null }) =>
        k
          .updateTable('webhook_endpoints')
          .set({ disabled: p.disabled, disabled_reason: p.reason, disabled_at: p.at })
          .where('id', '=', p.id),
      ),
      disableIfEnabled: db.prepare((k, p: { id: string; reason: string; at: string }) =>
        k
          .updateTable('webhook_endpoints')
          .set({ disabled: 1, disabled_reason: p.reason, disabled_at: p.at })
          .where('id', '=', p.id)
          .where('disabled', '=', 0),
      ),
      setSecret: db.prepare((k, p: { id: string; secret: string }) =>
        k.updateTable('webhook_endpoints').set({ secret: p.secret }).where('id', '=', p.id),
      ),
    };
  }

  async find(q: Queryable, id: string): Promise<EndpointRecord | undefined> {
    const row = await q.first(this.q.find, { id });
    return row && toRecord(row);
  }

  async anyEnabled(q: Queryable): Promise<boolean> {
    return (await q.first(this.q.anyEnabled)) !== undefined;
  }

  /** The endpoints of one organization, or of every organization (the operator). */
  async list(q: Queryable, organizationId?: string): Promise<EndpointRecord[]> {
    const rows =
      organizationId === undefined ? await q.all(this.q.all) : await q.all(this.q.ofOrganization, { organizationId });
    return rows.map(toRecord);
  }

  async insert(tx: Queryable, endpoint: EndpointRecord): Promise<void> {
    await tx.run(this.q.insert, {
      id: endpoint.id,
      organization_id: endpoint.organizationId,
      dispensary_id: endpoint.dispensaryId,
      url: endpoint.url,
      description: endpoint.description,
      events: JSON.stringify(endpoint.events),
      secret: endpoint.secret,
      allow_local: endpoint.allowLocal ? 1 : 0,
      disabled: endpoint.disabled ? 1 : 0,
      disabled_reason: endpoint.disabledReason,
      disabled_at: endpoint.disabledAt,
      created_at: endpoint.createdAt,
    });
  }

  /** Enables it (null), or disables it saying why. */
  async setDisabled(tx: Queryable, id: string, disabled: { reason: 'manual'; at: string } | null): Promise<void> {
    await tx.run(this.q.setDisabled, {
      id,
      disabled: disabled ? 1 : 0,
      reason: disabled?.reason ?? null,
      at: disabled?.at ?? null,
    });
  }

  /** Disables an endpoint whose deliveries keep failing; false when it was disabled already. */
  async disableFailing(tx: Queryable, id: string, at: string): Promise<boolean> {
    return (await tx.run(this.q.disableIfEnabled, { id, reason: 'failing', at })) === 1;
  }

  async setSecret(tx: Queryable, id: string, secret: string): Promise<void> {
    await tx.run(this.q.setSecret, { id, secret });
  }
}
