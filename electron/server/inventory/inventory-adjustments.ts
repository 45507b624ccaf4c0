import type {
  AdjustmentListQuery,
  AdjustmentPage,
  AdjustmentReasons,
  AdjustmentRequest,
  AdjustmentView,
} from '../../../shared/contracts/inventory.js';
import { invalidInput, ServicePayError } from '../../../shared/errors.js';
import { adjustmentDelta, needsManagerPin } from '../../../shared/inventory/adjustment-change.js';
import {
  DEFAULT_ADJUSTMENT_REASONS,
  findReason,
  reasonsInWords,
  type AdjustmentReason,
} from '../../../shared/inventory/adjustment-reasons.js';
import { zonedDate } from '../../../shared/zoned-day.js';
import type { Approver, ManagerPins } from '../auth/manager-pins.js';
import { PackageStocks } from '../catalog/package-stock.js';
import { pageSize } from '../catalog/catalog-query.js';
import { AuditRepository } from '../core/audit-repository.js';
import { auditActor, OPERATOR_ACTOR } from '../core/audit-actor.js';
import type { StateProfiles } from '../core/state-profiles/state-profiles.js';
import { timeOrderedUuid } from '../db/ids.js';
import { decodeCursor, encodeCursor } from '../db/newest-first.js';
import type { Queryable } from '../db/query.js';
import type { Dispensary } from '../dispensaries/dispensary.js';
import type { SetupActor } from '../dispensaries/setup-actor.js';
import type { StoreAccess } from '../dispensaries/store-access.js';
import type { CatalogChanged } from '../products/product-admin.js';
import { ProductsRepository } from '../products/products-repository.js';
import type { AdjustmentListener } from './adjustment-events.js';
import { adjustmentInWords, quantityInWords, toAdjustmentView } from './adjustment-words.js';
import { AdjustmentsRepository, type AdjustedPackage } from './adjustments-repository.js';

const PERMISSION = 'inventory:adjust';

/** The operator at the `servicepay` command holds the database: they approve their own adjustments. */
const OPERATOR_APPROVER: Approver = { id: 'operator', name: 'the operator (servicepay command)' };

/**
 * Inventory adjustments (README "Inventory adjustments"): a change of one package's stock with a
 * reason of the store's state (or the default list) and a note. Each is checked whole first; then
 * in one write the package's stock moves (open orders keep their claims), the adjustment is
 * recorded, the audit trail and the state's outbox are written, and the store's version moves (its
 * registers refresh); a failure of any leaves nothing. Where the store's policy asks, a manager's
 * PIN approves it (a manager, or the operator, approves their own).
 */
export class InventoryAdjustments {
  private readonly adjustments: AdjustmentsRepository;
  private readonly stocks: PackageStocks;
  private readonly products: ProductsRepository;
  private readonly audit: AuditRepository;

  constructor(
    private readonly access: StoreAccess,
    private readonly profiles: StateProfiles,
    private readonly listeners: readonly AdjustmentListener[] = [],
    private readonly changed: CatalogChanged = () => undefined,
    /** Checks a manager's PIN; without it (the command line) only the operator adjusts. */
    private readonly pins?: ManagerPins,
  ) {
    const db = access.serverOnlyDb;
    this.adjustments = new AdjustmentsRepository(db);
    this.stocks = new PackageStocks(db);
    this.products = new ProductsRepository(db);
    this.audit = new AuditRepository(db);
  }

  /** The store's reasons (its state profile's, or the default list) and its PIN policy. */
  async reasons(actor: SetupActor, shortName: string): Promise<Omit<AdjustmentReasons, 'resultCode' | 'resultReason'>> {
    const store = await this.access.store(actor, shortName, PERMISSION);
    const pin = store.adjustmentPinMilli;
    const { profile, reasons } = this.reasonsOf(store);
    return { profile, reasons: [...reasons], pinAbove: pin === null ? null : pin / 1000 };
  }

  async adjust(actor: SetupActor, shortName: string, request: AdjustmentRequest): Promise<AdjustmentView> {
    const known = await this.access.store(actor, shortName, PERMISSION);
    const { reasons } = this.reasonsOf(known);
    const reason = findReason(reasons, request.reason);
    if (!reason) {
      throw invalidInput(
        'reason',
        `is not a reason of ${known.shortName}: "${request.reason}" (${reasonsInWords(reasons)})`,
      );
    }
    const note = (request.note ?? '').trim();
    if (reason.noteRequired && note === '') {
      throw invalidInput('note', `is needed for "${reason.name}": say in a sentence what happened`);
    }
    // Hashing a PIN takes tens of milliseconds: before the write, never inside it.
    const approver = this.selfApprover(actor) ?? (await this.checkedPin(known, request));
    const at = this.access.now();
    const done = await this.access.storeWrite(
      actor,
      shortName,
      async (tx, store) => {
        const pkg = await this.storePackage(tx, store, request.package);
        const stock = (await this.stocks.read(tx, pkg.packageId))!;
        const what = pkg.sku ? `${pkg.productName} (${pkg.sku})` : pkg.productName;
        const delta = adjustmentDelta(request, stock.onHand, pkg, what);
        const needs = needsManagerPin(store.adjustmentPinMilli, delta);
        if (needs && !approver) throw this.pinAsked(store);
        const approvedBy = needs ? approver! : null;
        const moved = await this.stocks.move(tx, pkg.packageId, { onHand: delta, claims: 0 });
        const id = timeOrderedUuid();
        const row = {
          id,
          dispensary_id: store.id,
          package_id: pkg.packageId,
          product_id: pkg.productId,
          package_label: pkg.label,
          delta_milli: delta,
          before_milli: stock.onHand,
          after_milli: moved!.after.stock.onHand,
          reason: reason.code,
          note,
          actor_kind: actor.kind,
          actor_id: actor.kind === 'staff' ? actor.principal.subjectId : null,
          actor_name: actor.kind === 'staff' ? actor.principal.name : 'operator',
          approved_by_id: approvedBy?.id ?? null,
          approved_by_name: approvedBy?.name ?? null,
          at: at.toISOString(),
          store_day: zonedDate(at, store.timezone),
        };
        await this.adjustments.insert(tx, row);
        await this.record(
          tx,
          actor,
          store,
          at,
          adjustmentInWords(
            {
              ...pkg,
              packageLabel: pkg.label,
              deltaMilli: delta,
              beforeMilli: row.before_milli,
              afterMilli: row.after_milli,
              note,
              approvedBy: row.approved_by_name,
            },
            reason,
          ),
        );
        const told = { adjustmentId: id, dispensaryId: store.id, packageLabel: pkg.label, deltaMilli: delta };
        for (const listener of this.listeners) {
          await listener(tx, {
            ...told,
            unitType: pkg.unitType,
            deli: pkg.deli,
            stateReason: reason.stateReason,
            note,
            at: row.at,
          });
        }
        return { store, row: (await this.adjustments.find(tx, id))! };
      },
      { permission: PERMISSION },
    );
    await this.changed(done.store.id, [done.row.productId]);
    return toAdjustmentView(done.row, reasons);
  }

  /** A page of the store's adjustments, newest first, narrowed by product, package, reason and store days. */
  async list(
    actor: SetupActor,
    shortName: string,
    query: AdjustmentListQuery = {},
  ): Promise<Omit<AdjustmentPage, 'resultCode' | 'resultReason'>> {
    const store = await this.access.store(actor, shortName, PERMISSION);
    const { reasons } = this.reasonsOf(store);
    const db = this.access.db;
    const product =
      query.product === undefined
        ? undefined
        : await this.products.get(db, store.id, store.primaryLocationId, query.product);
    if (query.product !== undefined && !product) {
      throw new ServicePayError('NOT_FOUND', `no product of ${store.shortName} has the id or SKU ${query.product}`);
    }
    const pkg = query.package === undefined ? undefined : await this.storePackage(db, store, query.package);
    const reason =
      query.reason === undefined
        ? undefined
        : (findReason(reasons, query.reason)?.code ?? query.reason.trim().toLowerCase());
    const from = query.from === undefined ? undefined : realDay(query.from, 'from');
    const to = query.to === undefined ? undefined : realDay(query.to, 'to');
    if (from && to && from > to) throw invalidInput('to', `must not be before from (${from})`);
    const after = query.cursor ? decodeCursor(query.cursor) : undefined;
    const limit = pageSize(query.limit);
    const { rows, more } = await this.adjustments.page(db, {
      dispensaryId: store.id,
      productId: product?.productId,
      packageId: pkg?.packageId,
      reason,
      fromDay: from,
      toDay: to,
      after: after && { at: after.createdAt, id: after.id },
      limit,
    });
    const last = more ? rows[rows.length - 1] : undefined;
    return {
      adjustments: rows.map((row) => toAdjustmentView(row, reasons)),
      nextCursor: last ? encodeCursor(last.at, last.id) : null,
    };
  }

  private reasonsOf(store: Dispensary): { profile: string | null; reasons: readonly AdjustmentReason[] } {
    const profile = store.complianceProfile === null ? undefined : this.profiles.find(store.complianceProfile);
    if (profile?.adjustmentReasons) return { profile: profile.id, reasons: profile.adjustmentReasons };
    return { profile: null, reasons: DEFAULT_ADJUSTMENT_REASONS };
  }

  /** The package `ref` names at `store`; refused in words when it is unknown or another store's. */
  private async storePackage(q: Queryable, store: Dispensary, ref: string): Promise<AdjustedPackage> {
    const found = await this.adjustments.findPackage(q, ref.trim());
    const mine = found.find((pkg) => pkg.dispensaryId === store.id);
    if (mine) return mine;
    for (const pkg of found) {
      const other = await this.access.dispensaries.findById(pkg.dispensaryId, q);
      if (other?.organizationId === store.organizationId) {
        throw new ServicePayError(
          'NOT_FOUND',
          `package ${ref} is ${other.shortName}'s, not ${store.shortName}'s: adjust it at its own store`,
        );
      }
    }
    throw new ServicePayError('NOT_FOUND', `no package of ${store.shortName} has the id or state tag ${ref}`);
  }

  /** A manager (store:manage) or the operator approves their own adjustments. */
  private selfApprover(actor: SetupActor): Approver | undefined {
    if (actor.kind === 'operator') return OPERATOR_APPROVER;
    return actor.principal.permissions.has('store:manage')
      ? { id: actor.principal.subjectId, name: actor.principal.name }
      : undefined;
  }

  /** The manager whose PIN the request gives (checked even where the change turns out not to need it), or none. */
  private async checkedPin(store: Dispensary, request: AdjustmentRequest): Promise<Approver | undefined> {
    if (!request.approval) return undefined;
    if (!this.pins) throw new ServicePayError('APPROVAL_REQUIRED', 'a manager’s PIN cannot be checked here');
    return this.pins.check(store, request.approval, 'adjust stock');
  }

  private pinAsked(store: Dispensary): ServicePayError {
    const size =
      store.adjustmentPinMilli === 0
        ? 'every adjustment'
        : `an adjustment of more than ${quantityInWords(store.adjustmentPinMilli!)}`;
    return new ServicePayError(
      'APPROVAL_REQUIRED',
      `the store asks for a manager's PIN for ${size}: a manager approves it with their PIN`,
    );
  }

  private record(tx: Queryable, actor: SetupActor, store: Dispensary, at: Date, reason: string) {
    return this.audit.record(tx, {
      action: 'stock_adjusted',
      actor: actor.kind === 'staff' ? auditActor(actor.principal) : OPERATOR_ACTOR,
      organizationId: store.organizationId,
      dispensaryId: store.id,
      at,
      reason,
    });
  }
}

/** A real date `YYYY-MM-DD` (2026-02-30 is not one), refused in words naming `field`. */
function realDay(day: string, field: string): string {
  const parsed = new Date(`${day}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== day) {
    throw invalidInput(field, `must be a real date (YYYY-MM-DD), not "${day}"`);
  }
  return day;
}
