import type {
  CountApplyRequest,
  CountEntryRequest,
  CountLine,
  CountReport,
  CountStartRequest,
  CountView,
} from '../../../shared/contracts/inventory-counts.js';
import { invalidInput, ServicePayError } from '../../../shared/errors.js';
import { wholeUnits } from '../../../shared/inventory/adjustment-change.js';
import {
  countNameOf,
  countScope,
  inScope,
  scopeInWords,
  scopesOverlap,
} from '../../../shared/inventory/count-scope.js';
import { countTotals } from '../../../shared/inventory/count-variance.js';
import { QUANTITY_MAX_MILLI } from '../../../shared/numbers.js';
import { toMilli } from '../../../shared/quantity.js';
import type { ManagerPins } from '../auth/manager-pins.js';
import type { StateProfiles } from '../core/state-profiles/state-profiles.js';
import { timeOrderedUuid } from '../db/ids.js';
import type { Queryable } from '../db/query.js';
import type { Dispensary } from '../dispensaries/dispensary.js';
import { actorRecord, type SetupActor } from '../dispensaries/setup-actor.js';
import type { StoreAccess } from '../dispensaries/store-access.js';
import type { CatalogChanged } from '../products/product-admin.js';
import { AdjustmentApprovals } from './adjustment-approvals.js';
import type { AdjustmentWriter } from './adjustment-writer.js';
import type { AdjustmentsRepository } from './adjustments-repository.js';
import { CountApplier } from './count-apply.js';
import { CountPackages } from './count-package.js';
import { countRooms } from './count-rooms.js';
import { closedInWords, countName, lineWhere, scopeOf, toCountLine, toCountView } from './count-words.js';
import { CountsRepository, type CountRow } from './counts-repository.js';
import { staffNames } from '../auth/staff-names.js';
import { StoreRooms } from './store-rooms.js';
import { StoreStock } from './store-stock.js';
import { productWithSku } from '../../../shared/labels.js';

const PERMISSION = 'inventory:adjust';

type Report = Omit<CountReport, 'resultCode' | 'resultReason'>;

/**
 * Told once a change of a count is committed (started, entered, paused, resumed, cancelled,
 * applied): the live channel's `count.changed`, which the composition wires, so every device
 * counting sees the others' entries.
 */
export type CountChanged = (dispensaryId: string, number: number) => void;

/**
 * Inventory counts (README "Inventory counts"): a count of the store's packages, or of some
 * categories, taken while the store sells. Each package counted keeps its stock on hand at that
 * moment, so the variance is what was counted against what the store held then; applying the count
 * (a manager, or a manager's PIN) makes each difference an adjustment with the count's reason,
 * through the adjustments' own write, all in one transaction.
 */
export class InventoryCounts {
  private readonly counts: CountsRepository;
  private readonly stock: StoreStock;
  private readonly applier: CountApplier;
  private readonly approvals: AdjustmentApprovals;
  private readonly rooms: StoreRooms;
  private readonly packages: CountPackages;

  constructor(
    private readonly access: StoreAccess,
    profiles: StateProfiles,
    adjustments: AdjustmentsRepository,
    writer: AdjustmentWriter,
    private readonly changed: CatalogChanged = () => undefined,
    /** Checks a manager's PIN; without it (the command line) only the operator applies. */
    pins?: ManagerPins,
    private readonly counted: CountChanged = () => undefined,
  ) {
    this.counts = new CountsRepository(access.serverOnlyDb);
    this.stock = new StoreStock(access, profiles, adjustments);
    this.applier = new CountApplier(this.counts, writer);
    this.approvals = new AdjustmentApprovals(pins);
    this.rooms = new StoreRooms(access);
    this.packages = new CountPackages(access, adjustments, this.counts);
  }

  /**
   * Starts a count of the store, or of some categories, or of some rooms (its name, when none is
   * given, says which: "Count of the Vault"): refused while another open count covers some of the same.
   */
  async start(actor: SetupActor, shortName: string, request: CountStartRequest): Promise<CountView> {
    const named = request.name?.trim();
    if (named === '') throw invalidInput('name', 'must not be blank: say what is counted ("Vault, Monday")');
    const at = this.access.now().toISOString();
    const row = await this.access.serverOnlyDb.write(async (tx) => {
      const store = await this.access.store(actor, shortName, PERMISSION, tx);
      const scope = countScope(request.categories, await countRooms(tx, this.rooms, store, request.rooms));
      const name = named ?? countNameOf(scope).slice(0, 80);
      // Two counts started at once are checked one after the other.
      await this.counts.lockStore(tx, store.id);
      const open = (await this.counts.unfinished(tx, store.id)).find((count) => scopesOverlap(scopeOf(count), scope));
      if (open) {
        const status = open.status === 'PAUSED' ? 'paused' : 'open';
        // The open count's scope, then the one asked for: which count covers what is never in doubt.
        const asked =
          scope.rooms || scope.categories ? `a count of ${scopeInWords(scope)}` : 'a count of the whole store';
        throw new ServicePayError(
          'CONFLICT',
          `${countName(open)} (${scopeInWords(scopeOf(open))}) is still ${status}, and ${asked} would count ` +
            `some of its packages too: apply or cancel it first`,
        );
      }
      const who = actorRecord(actor);
      const count: CountRow = {
        id: timeOrderedUuid(),
        dispensary_id: store.id,
        number: await this.counts.nextNumber(tx, store.id),
        name,
        note: (request.note ?? '').trim(),
        scope: JSON.stringify(scope),
        status: 'OPEN',
        started_by_id: who.id,
        started_by_name: who.name,
        started_at: at,
        closed_by_id: null,
        closed_by_name: null,
        approved_by_id: null,
        approved_by_name: null,
        closed_at: null,
      };
      await this.counts.insert(tx, count);
      return count;
    });
    this.counted(row.dispensary_id, row.number);
    return this.view(row);
  }

  /** The store's last 100 counts, newest first. */
  async list(actor: SetupActor, shortName: string): Promise<CountView[]> {
    const store = await this.access.store(actor, shortName, PERMISSION);
    const rows = await this.counts.list(this.access.db, store.id);
    const names = await this.counts.staffNamesOf(this.access.db, rows);
    return rows.map((row) => toCountView(row, names));
  }

  /** The count and its variance report: every package of its scope, counted or not. */
  async report(actor: SetupActor, shortName: string, ref: string): Promise<Report> {
    const store = await this.access.store(actor, shortName, PERMISSION);
    return this.reportOf(this.access.db, store, await this.found(this.access.db, store, ref));
  }

  /**
   * Enters what is there of one package (by id or state tag; untagged, by its product's SKU or
   * barcode, count-package.ts): its stock on hand now is kept beside
   * it. Entered again, the entry is replaced. Refused while the count is paused or closed.
   */
  async enter(actor: SetupActor, shortName: string, ref: string, request: CountEntryRequest): Promise<CountLine> {
    const milli = typeof request.quantity === 'number' ? toMilli(request.quantity) : undefined;
    if (milli === undefined || milli > QUANTITY_MAX_MILLI) {
      throw invalidInput('quantity', `must be a number with at most three decimals, not "${String(request.quantity)}"`);
    }
    if (milli < 0) throw invalidInput('quantity', 'counted cannot be below zero');
    const at = this.access.now().toISOString();
    const done = await this.access.serverOnlyDb.write(async (tx) => {
      const store = await this.access.store(actor, shortName, PERMISSION, tx);
      const count = await this.taking(tx, store, ref, 'takes no more entries');
      if (count.status === 'PAUSED') {
        throw new ServicePayError('CONFLICT', `${countName(count)} is paused: resume it to enter what was counted`);
      }
      const pkg = await this.packages.find(tx, store, count, request.package);
      const what = productWithSku(pkg.productName, pkg.sku);
      if (!pkg.deli && milli % 1000 !== 0) {
        throw invalidInput('quantity', wholeUnits(what));
      }
      const scope = scopeOf(count);
      const [line] = await this.counts.lines(
        tx,
        { id: count.id, dispensaryId: store.id, scope },
        { packageId: pkg.packageId },
      );
      // Counted here already, it stays in this count wherever it has moved since.
      if (!line || (line.countedMilli === null && !inScope(scope, line.category, line.roomId))) {
        throw invalidInput(
          'package',
          `${request.package} (${what}, ${line ? lineWhere(line, scope) : 'archived'}) is not in ${countName(count)}, which counts ${scopeInWords(scope)}`,
        );
      }
      const elsewhere = await this.counts.countedElsewhere(tx, count.id, pkg.packageId);
      if (elsewhere) {
        throw new ServicePayError(
          'CONFLICT',
          `${request.package} (${what}) was counted in ${countName(elsewhere)}, which is still ${elsewhere.status === 'PAUSED' ? 'paused' : 'open'}: ` +
            'it counts there (it was moved since); apply or cancel that count first to count it again',
        );
      }
      const who = actorRecord(actor);
      const expected = Number(line.onHandMilli);
      await this.counts.enter(tx, {
        count_id: count.id,
        package_id: pkg.packageId,
        counted_milli: milli,
        expected_milli: expected,
        entries: 1,
        counted_by_id: who.id,
        counted_by_name: who.name,
        counted_at: at,
        adjustment_id: null,
      });
      // The package's line as the entry leaves it (the same row, read before it, with this entry's values).
      const countedByName = (await staffNames(this.access.serverOnlyDb, tx, [who.id])).get(who.id ?? '') ?? null;
      const entered = { ...line, countedMilli: milli, expectedMilli: expected, countedBy: who.name, countedAt: at };
      return { count, line: toCountLine({ ...entered, countedByName, adjustmentId: null }) };
    });
    this.counted(done.count.dispensary_id, done.count.number);
    return done.line;
  }

  /** Pauses an open count: entries are refused until it is resumed. */
  pause(actor: SetupActor, shortName: string, ref: string): Promise<CountView> {
    return this.move(actor, shortName, ref, 'OPEN', 'PAUSED', 'is paused already');
  }

  resume(actor: SetupActor, shortName: string, ref: string): Promise<CountView> {
    return this.move(actor, shortName, ref, 'PAUSED', 'OPEN', 'is open: there is nothing to resume');
  }

  /** Cancels an open or paused count: nothing of it changes stock; its entries stay to be read. */
  async cancel(actor: SetupActor, shortName: string, ref: string): Promise<CountView> {
    const at = this.access.now().toISOString();
    const who = actorRecord(actor);
    const cancelled = await this.access.serverOnlyDb.write(async (tx) => {
      const store = await this.access.store(actor, shortName, PERMISSION, tx);
      const count = await this.taking(tx, store, ref, 'cannot be cancelled');
      const change = { status: 'CANCELLED', closed_by_id: who.id, closed_by_name: who.name, closed_at: at } as const;
      await this.counts.update(tx, count.id, change);
      return { ...count, ...change };
    });
    this.counted(cancelled.dispensary_id, cancelled.number);
    return this.view(cancelled);
  }

  /**
   * Applies the count: a manager (or the operator) applies it, anyone else with a manager's PIN.
   * Every difference becomes an adjustment with the count's reason, as a delta to today's stock;
   * all in one transaction, or nothing. Then the POS screens are told.
   */
  async apply(actor: SetupActor, shortName: string, ref: string, request: CountApplyRequest = {}): Promise<Report> {
    const known = await this.access.store(actor, shortName, PERMISSION);
    // Hashing a PIN takes tens of milliseconds: before the write, never inside it.
    const approver = await this.approvals.approver(actor, known, request);
    if (!approver) {
      throw new ServicePayError(
        'APPROVAL_REQUIRED',
        'applying a count changes stock: a manager applies it, or approves it with their PIN',
      );
    }
    const { reasons } = this.stock.reasonsOf(known);
    const at = this.access.now();
    const done = await this.access.storeWrite(
      actor,
      shortName,
      async (tx, store) => {
        const count = await this.taking(tx, store, ref, 'cannot be applied again');
        const productIds = await this.applier.apply(tx, { actor, store, count, reasons, approver, at });
        return { store, count, productIds };
      },
      { permission: PERMISSION },
    );
    if (done.productIds.length > 0) await this.changed(done.store.id, done.productIds);
    this.counted(done.store.id, done.count.number);
    const applied = (await this.counts.find(this.access.db, done.store.id, done.count.id))!;
    return this.reportOf(this.access.db, done.store, applied);
  }

  private async move(
    actor: SetupActor,
    shortName: string,
    ref: string,
    from: 'OPEN' | 'PAUSED',
    to: 'OPEN' | 'PAUSED',
    already: string,
  ): Promise<CountView> {
    const moved = await this.access.serverOnlyDb.write(async (tx) => {
      const store = await this.access.store(actor, shortName, PERMISSION, tx);
      const count = await this.taking(tx, store, ref, 'takes no more changes');
      if (count.status !== from) throw new ServicePayError('CONFLICT', `${countName(count)} ${already}`);
      await this.counts.update(tx, count.id, { status: to });
      return { ...count, status: to };
    });
    this.counted(moved.dispensary_id, moved.number);
    return this.view(moved);
  }

  /** The store's count `ref`, its row locked, refused when applied or cancelled (`refusal` says what it refuses). */
  private async taking(tx: Queryable, store: Dispensary, ref: string, refusal: string): Promise<CountRow> {
    const count = await this.found(tx, store, ref, true);
    if (count.status === 'APPLIED' || count.status === 'CANCELLED') {
      const names = await this.counts.staffNamesOf(tx, [count]);
      throw new ServicePayError('CONFLICT', `${closedInWords(count, store.timezone, names)}: it ${refusal}`);
    }
    return count;
  }

  private async found(q: Queryable, store: Dispensary, ref: string, lock = false): Promise<CountRow> {
    const count = await this.counts.find(q, store.id, ref, lock);
    if (!count) throw new ServicePayError('NOT_FOUND', `no count of ${store.name} has the number or id ${ref}`);
    return count;
  }

  private async reportOf(q: Queryable, store: Dispensary, count: CountRow): Promise<Report> {
    const rows = await this.counts.lines(q, { id: count.id, dispensaryId: store.id, scope: scopeOf(count) });
    const lines = rows.map(toCountLine);
    const totals = countTotals(
      rows.map((row) => ({
        countedMilli: row.countedMilli === null ? null : Number(row.countedMilli),
        expectedMilli: row.expectedMilli === null ? null : Number(row.expectedMilli),
        priceCents: Number(row.priceCents),
      })),
    );
    return { count: await this.view(count, q), lines, totals };
  }

  /** A count as the API answers it, its people named as they are now. */
  private async view(row: CountRow, q: Queryable = this.access.db): Promise<CountView> {
    return toCountView(row, await this.counts.staffNamesOf(q, [row]));
  }
}
