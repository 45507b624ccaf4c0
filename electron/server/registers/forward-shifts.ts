import type { ForwardRecord } from '../../../shared/contracts/registers.js';
import { overShortWords } from '../../../shared/cash/expected-cash.js';
import { formatMoney } from '../../../shared/money.js';
import { storeStamp } from '../../../shared/store-time.js';
import { ReplacedShifts, shiftOpenedWords } from '../cash/replaced-shifts.js';
import { replacedBy } from '../cash/shift-rows.js';
import { ShiftsRepository, type ShiftRow } from '../cash/shifts-repository.js';
import { AuditRepository } from '../core/audit-repository.js';
import { SYSTEM_ACTOR } from '../core/audit-actor.js';
import type { DataLayer } from '../db/data-layer.js';
import type { Queryable } from '../db/query.js';
import { DispensaryRepository } from '../dispensaries/dispensary-repository.js';
import type { ForwardScope, NewException } from './forward-exceptions.js';

/** The tables whose rows name the drawer shift they belong to. */
const SHIFT_PARTS = new Set(['payments', 'payment_refunds', 'cash_movements']);

/** A change as the server applies it, and what the store must look at because of it. */
export interface ShiftChange {
  record: ForwardRecord;
  raised: NewException[];
}

/**
 * A register's drawer shifts and Z numbers as they reach its store server when its machine was
 * replaced under the same name (README "Attaching registers"): the new machine's shift is recorded,
 * the earlier machine's shift it finds open here closed as replaced (not counted), and a Z number of
 * the register's taken here by another of its shifts given the register's next one; the register's
 * Z counter never goes back. Each is listed for the store, so no drawer's cash is in no report.
 */
export class ForwardShifts {
  private readonly replaced: ReplacedShifts;
  private readonly shifts: ShiftsRepository;
  private readonly audit: AuditRepository;
  private readonly stores: DispensaryRepository;

  constructor(
    private readonly db: DataLayer,
    private readonly now: () => Date,
  ) {
    this.replaced = new ReplacedShifts(db);
    this.shifts = new ShiftsRepository(db);
    this.audit = new AuditRepository(db);
    this.stores = new DispensaryRepository(db);
  }

  /**
   * `record` as it is to be applied here, before it is; other stores' rows are left to the store
   * check. The shifts a payment, refund or movement names are noted in `shifts`, for `after`.
   */
  async before(tx: Queryable, scope: ForwardScope, record: ForwardRecord, shifts: Set<string>): Promise<ShiftChange> {
    const { row } = record;
    const unchanged = { record, raised: [] };
    if (SHIFT_PARTS.has(record.table) && record.op === 'upsert' && row.shift_id) shifts.add(String(row.shift_id));
    if (record.op !== 'upsert' || row.dispensary_id !== scope.dispensaryId) return unchanged;
    if (record.table === 'cash_z_counters') return { record: await this.neverBack(tx, record), raised: [] };
    if (record.table !== 'cash_shifts') return unchanged;
    if (row.status === 'open' && row.terminal_id === scope.name) {
      return { record, raised: await this.replaceOpen(tx, scope, String(row.id)) };
    }
    if (row.status === 'closed' && row.z_number !== null) return this.renumber(tx, scope, record);
    return unchanged;
  }

  /**
   * After a batch: the shifts closed here as replaced whose payments, refunds or movements came in it
   * (their machine attached again, sending what waited) added up again, each listed with what its
   * drawer should hold now, so their cash is in their report.
   */
  async after(tx: Queryable, scope: ForwardScope, shifts: ReadonlySet<string>): Promise<NewException[]> {
    const again = await this.replaced.addUpAgain(tx, scope.dispensaryId, shifts);
    const raised: NewException[] = [];
    for (const { shift, expected, before } of again) {
      if (expected === before) continue;
      const sent = `${scope.name} sent sales or drawer movements of its drawer shift ${await this.opened(tx, scope, shift)}`;
      const holds = `that drawer should now hold ${formatMoney(expected)}, not ${formatMoney(before)}`;
      raised.push({
        kind: 'shift_replaced',
        detail:
          shift.counted_cents === null
            ? `${sent}, closed here as replaced, not counted: ${holds}. Count its cash against it`
            : `${sent}, closed here as replaced and counted late: ${holds}, so its count of ` +
              `${formatMoney(Number(shift.counted_cents))} (by ${shift.counted_by_name}) is ` +
              `${overShortWords(Number(shift.over_short_cents))}`,
      });
    }
    return raised;
  }

  /** The register's shift open here other than `shiftId`, closed as replaced, not counted. */
  private async replaceOpen(tx: Queryable, scope: ForwardScope, shiftId: string): Promise<NewException[]> {
    const at = this.now();
    const by = { id: scope.registerId, name: replacedBy(scope.name, false) };
    const register = { dispensaryId: scope.dispensaryId, terminalId: scope.name };
    const replaced = await this.replaced.closeOpen(tx, register, shiftId, { at: at.toISOString(), by });
    if (!replaced) return [];
    const { shift, expected } = replaced;
    const opened = await this.opened(tx, scope, shift);
    await this.audit.record(tx, {
      action: 'drawer_closed',
      actor: { ...SYSTEM_ACTOR, terminalId: scope.name },
      organizationId: scope.organizationId,
      dispensaryId: scope.dispensaryId,
      at,
      reason:
        `Closed as replaced, not counted: ${scope.name} opened a drawer while this shift (${opened}) was still ` +
        `open here; it should hold ${formatMoney(expected)}`,
    });
    return [
      {
        kind: 'shift_replaced',
        detail:
          `${scope.name} opened a drawer while its earlier drawer shift, ${opened}, was still open here (a machine ` +
          `replaced under the same name?): that shift is closed as replaced, not counted, and its drawer should ` +
          `hold ${formatMoney(expected)}. Count that drawer's cash against it; the new shift is recorded`,
      },
    ];
  }

  /** A closed shift whose Z number another shift of the register has here: the register's next one. */
  private async renumber(tx: Queryable, scope: ForwardScope, record: ForwardRecord): Promise<ShiftChange> {
    const { row } = record;
    const terminal = String(row.terminal_id);
    const z = Number(row.z_number);
    const holder = await this.shifts.numbered(tx, scope.dispensaryId, terminal, z);
    if (!holder || holder.id === row.id) return { record, raised: [] };
    let next = await this.shifts.nextZ(tx, scope.dispensaryId, terminal);
    while (await this.shifts.numbered(tx, scope.dispensaryId, terminal, next)) {
      next = await this.shifts.nextZ(tx, scope.dispensaryId, terminal);
    }
    const opened = `opened by ${String(row.opened_by_name)} on ${storeStamp(String(row.opened_at), await this.zone(tx, scope))}`;
    const detail =
      `${scope.name}'s Z report ${z}, of the drawer shift ${opened}, is Z report ${next} here: another shift of ` +
      `${terminal} had that number (a machine replaced under the same name?)`;
    return { record: { ...record, row: { ...row, z_number: next } }, raised: [{ kind: 'z_renumbered', detail }] };
  }

  /** A register's Z counter as it sends it, or the server's where that is further (it never goes back). */
  private async neverBack(tx: Queryable, record: ForwardRecord): Promise<ForwardRecord> {
    const { row } = record;
    const here = await tx.first(
      this.db.builder
        .selectFrom('cash_z_counters')
        .select('last')
        .where('dispensary_id', '=', String(row.dispensary_id))
        .where('terminal_id', '=', String(row.terminal_id)),
    );
    const last = here ? Number(here.last) : 0;
    return last > Number(row.last) ? { ...record, row: { ...row, last } } : record;
  }

  /** A shift in words (`shiftOpenedWords`), in the store's time. */
  private async opened(tx: Queryable, scope: ForwardScope, shift: ShiftRow): Promise<string> {
    return shiftOpenedWords(shift, await this.zone(tx, scope));
  }

  /** The store's time zone, for words that are kept. */
  private async zone(tx: Queryable, scope: ForwardScope): Promise<string> {
    return (await this.stores.findById(scope.dispensaryId, tx))?.timezone ?? 'UTC';
  }
}
