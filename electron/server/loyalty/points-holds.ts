import { sql } from 'kysely';
import { invalidInput } from '../../../shared/errors.js';
import { pointsForReward, shortBalanceWords } from '../../../shared/loyalty/points.js';
import { CustomersRepository } from '../customers/customers-repository.js';
import type { DataLayer } from '../db/data-layer.js';
import type { Queryable } from '../db/query.js';
import { StorePrograms } from './store-programmes.js';

/** A register's sale whose reward dollars spend its customer's points, to hold them for. */
export interface PointsRequest {
  /** The hold's id: the id of the order the register writes with it. */
  holdId: string;
  registerId: string;
  dispensaryId: string;
  /** The server's id of the customer (a register's alias already resolved). */
  customerId: string;
  /** The sale's reward dollars, in cents. */
  rewardCents: number;
  /** Those asked, when more than the sale takes (`rewardCents`): the refusal's words name them. */
  askedCents?: number;
}

/** The points checked for a sale: what to keep for it (0: the store runs no programme, nothing is kept). */
export interface CheckedPoints {
  request: PointsRequest;
  points: number;
}

/**
 * Loyalty points an attached register holds at its store server for a sale it is about to write
 * (migration 062; README "Loyalty"), as it holds the sale's stock and allowance: checked under the
 * customer's row lock against their balance less what other sales hold (refused in the words the
 * server's own ticket uses), kept, and counted as spent by every other sale until the sale's own
 * `spent` entry arrives with the register's forwarded changes (it counts then, once), the register
 * gives the hold back (it did not write the sale), or the hold expires.
 */
export class PointsHolds {
  private readonly customers: CustomersRepository;
  private readonly programmes: StorePrograms;

  constructor(private readonly db: DataLayer) {
    this.customers = new CustomersRepository(db);
    this.programmes = new StorePrograms(db);
  }

  /**
   * Checks the sale's points, the customer's row locked until the transaction ends; refuses them in
   * words when the balance less what others hold is short. Null when the server cannot hold them: it
   * does not know the customer (yet), so the register decides alone.
   */
  async check(tx: Queryable, request: PointsRequest, now: Date): Promise<CheckedPoints | null> {
    const programme = await this.programmes.of(tx, request.dispensaryId);
    const customer = await this.customers.lock(tx, request.dispensaryId, request.customerId);
    if (!customer) return null;
    if (!programme.enabled) return { request, points: 0 };
    const points = pointsForReward(programme, request.rewardCents);
    // A hold sent again (its answer was lost) is not counted against itself.
    const left = await this.available(tx, request.customerId, now, request.holdId);
    if (left < points) {
      const reward = { asked: Math.max(request.askedCents ?? 0, request.rewardCents), takes: request.rewardCents };
      throw invalidInput('rewardDollars', shortBalanceWords(programme, customer.first_name, left, reward));
    }
    return { request, points };
  }

  /** Keeps the checked points as held until `expiresAt` (a hold sent again is kept once). */
  async keep(tx: Queryable, checked: CheckedPoints, now: Date, expiresAt: string): Promise<void> {
    const { request, points } = checked;
    if (points <= 0) return;
    await tx.run(
      this.db.builder
        .insertInto('points_holds')
        .values({
          id: request.holdId,
          dispensary_id: request.dispensaryId,
          customer_id: request.customerId,
          register_id: request.registerId,
          points,
          created_at: now.toISOString(),
          expires_at: expiresAt,
        })
        .onConflict((c) => c.column('id').doNothing()),
    );
  }

  /**
   * The customer's balance less the points registers hold for their sales now (`except` a hold of its
   * own): holds not expired whose sale's `spent` entry has not arrived yet (once it has, the entry
   * counts instead, so a batch ending anywhere counts the sale once). One statement, so a forward
   * landing meanwhile is seen whole: as the hold, or as its entry, never as neither.
   */
  async available(q: Queryable, customerId: string, now: Date, except?: string): Promise<number> {
    const k = this.db.builder;
    const balance = k
      .selectFrom('loyalty_ledger as l')
      .select(sql<number>`COALESCE(SUM(l.points), 0)`.as('points'))
      .where('l.customer_id', '=', customerId);
    let held = k
      .selectFrom('points_holds as h')
      .select(sql<number>`COALESCE(SUM(h.points), 0)`.as('points'))
      .where('h.customer_id', '=', customerId)
      .where('h.expires_at', '>', now.toISOString())
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('loyalty_ledger as s')
              .select('s.id')
              .whereRef('s.order_id', '=', 'h.id')
              .where('s.kind', '=', 'spent'),
          ),
        ),
      );
    if (except !== undefined) held = held.where('h.id', '<>', except);
    const row = await q.first(k.selectNoFrom([balance.as('balance'), held.as('held')]));
    return Number(row?.balance ?? 0) - Number(row?.held ?? 0);
  }

  /** Gives back a register's hold (its sale was not written); a hold already gone is fine. */
  release(tx: Queryable, registerId: string, holdId: string): Promise<number> {
    const k = this.db.builder;
    return tx.run(k.deleteFrom('points_holds').where('id', '=', holdId).where('register_id', '=', registerId));
  }

  /** Whether a hold's time is up (read outside a write, so an idle server writes nothing). */
  async anyExpired(q: Queryable, now: Date): Promise<boolean> {
    const k = this.db.builder;
    return !!(await q.first(
      k.selectFrom('points_holds').select('id').where('expires_at', '<=', now.toISOString()).limit(1),
    ));
  }

  /** Drops the holds whose sale did not come in time (they count no more from then on already). */
  expire(tx: Queryable, now: Date): Promise<number> {
    return tx.run(this.db.builder.deleteFrom('points_holds').where('expires_at', '<=', now.toISOString()));
  }
}
