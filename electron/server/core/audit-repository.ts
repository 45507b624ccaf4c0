import type { AuditAction, AuditActorKind, AuditEvent } from '../../../shared/contracts/audit.js';
import type { Role } from '../../../shared/permissions.js';
import { insertRows } from '../db/batch-writes.js';
import type { DataLayer } from '../db/data-layer.js';
import { timeOrderedUuid } from '../db/ids.js';
import type { Builder, Queryable } from '../db/query.js';
import type { AuditActor } from './audit-actor.js';

/** One event to record, in the transaction of the action it records. */
export interface AuditEntry {
  action: AuditAction;
  actor: AuditActor;
  /** Null only for a sign-in with a username nobody has. */
  organizationId: string | null;
  /** The store; null for a login that is not limited to one. */
  dispensaryId: string | null;
  at: Date;
  orderId?: string | null;
  orderNumber?: string | null;
  paymentId?: string | null;
  amount?: number | null;
  /** Why, as the person wrote it (or the service's own sentence where nobody writes one). */
  reason?: string;
  /** What the action did, in the service's words, kept apart from the person's reason ("Items back: …"). */
  details?: string;
}

/** Which events a store's day shows: its own, and its organization's that name no store. */
export interface AuditDayFilter {
  organizationId: string;
  dispensaryId: string;
  /** ISO instants: from (inclusive) to (exclusive). */
  from: string;
  to: string;
  /** Also sign-ins with usernames nobody has (no organization): the CLI, which has the whole database. */
  withUnknownUsers?: boolean;
}

/** A day's events with the staff user's display name, oldest first. */
const selectDay = (k: Builder, p: AuditDayFilter) =>
  k
    .selectFrom('audit_events as a')
    .leftJoin('users as u', (join) => join.on('a.actor_kind', '=', 'staff').onRef('u.id', '=', 'a.actor_id'))
    .select([
      'a.id',
      'a.at',
      'a.action',
      'a.actor_kind as actorKind',
      'a.actor_name as actorName',
      'a.actor_role as actorRole',
      'u.display_name as displayName',
      'a.terminal_id as terminalId',
      'a.order_id as orderId',
      'a.order_number as orderNumber',
      'a.payment_id as paymentId',
      'a.amount_cents as amount',
      'a.reason',
      'a.details',
    ])
    .where('a.at', '>=', p.from)
    .where('a.at', '<', p.to)
    .orderBy('a.at')
    .orderBy('a.id');

/** An entry as the insert's parameters. */
function paramsOf(entry: AuditEntry) {
  const { actor } = entry;
  return {
    id: timeOrderedUuid(entry.at.getTime()),
    organizationId: entry.organizationId,
    dispensaryId: entry.dispensaryId,
    at: entry.at.toISOString(),
    action: entry.action,
    actorKind: actor.kind,
    actorId: actor.id,
    actorName: actor.name,
    actorRole: actor.role,
    terminalId: actor.terminalId,
    orderId: entry.orderId ?? null,
    orderNumber: entry.orderNumber ?? null,
    paymentId: entry.paymentId ?? null,
    amount: entry.amount ?? null,
    reason: entry.reason ?? '',
    details: entry.details ?? '',
  };
}

type AuditParams = ReturnType<typeof paramsOf>;

/** The insert's parameters as the table's columns (placeholders in the prepared insert, values in a batch). */
const columnsOf = (p: AuditParams) => ({
  id: p.id,
  organization_id: p.organizationId,
  dispensary_id: p.dispensaryId,
  at: p.at,
  action: p.action,
  actor_kind: p.actorKind,
  actor_id: p.actorId,
  actor_name: p.actorName,
  actor_role: p.actorRole,
  terminal_id: p.terminalId,
  order_id: p.orderId,
  order_number: p.orderNumber,
  payment_id: p.paymentId,
  amount_cents: p.amount,
  reason: p.reason,
  details: p.details,
});

/** The audit trail: one table, written by the actions themselves, read a day at a time. */
export class AuditRepository {
  private readonly q;

  constructor(private readonly db: DataLayer) {
    this.q = {
      insert: db.prepare((k, p: AuditParams) => k.insertInto('audit_events').values(columnsOf(p))),
      day: db.prepare((k, p: AuditDayFilter) =>
        selectDay(k, p).where((eb) =>
          eb.or([
            eb('a.dispensary_id', '=', p.dispensaryId),
            eb.and([eb('a.dispensary_id', 'is', null), eb('a.organization_id', '=', p.organizationId)]),
          ]),
        ),
      ),
      dayWithUnknown: db.prepare((k, p: AuditDayFilter) =>
        selectDay(k, p).where((eb) =>
          eb.or([
            eb('a.dispensary_id', '=', p.dispensaryId),
            eb.and([eb('a.dispensary_id', 'is', null), eb('a.organization_id', '=', p.organizationId)]),
            eb('a.organization_id', 'is', null),
          ]),
        ),
      ),
    };
  }

  /** Records `entry`; call it with the `tx` of the action, so both commit or neither does. */
  async record(tx: Queryable, entry: AuditEntry): Promise<void> {
    await tx.run(this.q.insert, paramsOf(entry));
  }

  /** Records the entries of one action on many things (a count's adjustments): a few statements. */
  async recordMany(tx: Queryable, entries: readonly AuditEntry[]): Promise<void> {
    if (entries.length === 1) return this.record(tx, entries[0]!);
    const rows = entries.map((entry) => columnsOf(paramsOf(entry)));
    await insertRows(this.db, tx, 'audit_events', rows);
  }

  /** A store's events between two instants, oldest first. */
  async day(q: Queryable, filter: AuditDayFilter): Promise<AuditEvent[]> {
    const rows = await q.all(filter.withUnknownUsers ? this.q.dayWithUnknown : this.q.day, filter);
    return rows.map((row) => ({
      id: row.id,
      at: row.at,
      action: row.action as AuditAction,
      actor: {
        kind: row.actorKind as AuditActorKind,
        name: row.actorName,
        displayName: row.displayName ?? null,
        role: (row.actorRole as Role | null) ?? null,
      },
      terminalId: row.terminalId,
      orderId: row.orderId,
      orderNumber: row.orderNumber,
      paymentId: row.paymentId,
      amount: row.amount === null ? null : Number(row.amount),
      reason: row.reason,
      details: row.details,
    }));
  }
}
