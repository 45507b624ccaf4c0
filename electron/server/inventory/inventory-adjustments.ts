import type {
  AdjustmentListQuery,
  AdjustmentPage,
  AdjustmentReasons,
  AdjustmentRequest,
  AdjustmentView,
} from '../../../shared/contracts/inventory.js';
import { invalidInput } from '../../../shared/errors.js';
import { adjustmentDelta } from '../../../shared/inventory/adjustment-change.js';
import { findReason, reasonsInWords, type AdjustmentReason } from '../../../shared/inventory/adjustment-reasons.js';
import { zonedDate } from '../../../shared/zoned-day.js';
import type { Approver, ManagerPins } from '../auth/manager-pins.js';
import { PackageStocks } from '../catalog/package-stock.js';
import { AuditRepository } from '../core/audit-repository.js';
import { auditActor, OPERATOR_ACTOR } from '../core/audit-actor.js';
import type { StateProfiles } from '../core/state-profiles/state-profiles.js';
import { timeOrderedUuid } from '../db/ids.js';
import type { Queryable } from '../db/query.js';
import type { Dispensary } from '../dispensaries/dispensary.js';
import type { SetupActor } from '../dispensaries/setup-actor.js';
import type { StoreAccess } from '../dispensaries/store-access.js';
import type { CatalogChanged } from '../products/product-admin.js';
import { ProductsRepository } from '../products/products-repository.js';
import type { AdjustmentListener } from './adjustment-events.js';
import { AdjustmentApprovals } from './adjustment-approvals.js';
import { adjustmentPage } from './adjustment-list.js';
import { adjustmentInWords, toAdjustmentView } from './adjustment-words.js';
import { AdjustmentsRepository } from './adjustments-repository.js';
import { StoreStock } from './store-stock.js';

const PERMISSION = 'inventory:adjust';

/** A request checked before its write: its reason, its note, and who may approve it. */
interface Checked {
  request: AdjustmentRequest;
  reason: AdjustmentReason;
  note: string;
  approver: Approver | undefined;
  at: Date;
}

/**
 * Inventory adjustments (README "Inventory adjustments"): a change of one package's stock with a
 * reason of the store's state (or the default list) and a note. Each is checked whole first; then
 * in one write the package's stock moves (open orders keep their claims), the adjustment is
 * recorded, the audit trail and its listeners (the state's outbox) are written, and the store's
 * version moves (its registers refresh); a failure of any leaves nothing. Once committed, the POS
 * screens are told (`catalog.changed`). Where the store's policy asks, a manager's PIN approves it.
 */
export class InventoryAdjustments {
  private readonly adjustments: AdjustmentsRepository;
  private readonly stocks: PackageStocks;
  private readonly products: ProductsRepository;
  private readonly audit: AuditRepository;
  private readonly stock: StoreStock;
  private readonly approvals: AdjustmentApprovals;

  constructor(
    private readonly access: StoreAccess,
    profiles: StateProfiles,
    private readonly listeners: readonly AdjustmentListener[] = [],
    private readonly changed: CatalogChanged = () => undefined,
    /** Checks a manager's PIN; without it (the command line) only the operator adjusts. */
    pins?: ManagerPins,
  ) {
    const db = access.serverOnlyDb;
    this.adjustments = new AdjustmentsRepository(db);
    this.stocks = new PackageStocks(db);
    this.products = new ProductsRepository(db);
    this.audit = new AuditRepository(db);
    this.stock = new StoreStock(access, profiles, this.adjustments);
    this.approvals = new AdjustmentApprovals(pins);
  }

  /** The store's reasons (its state profile's, or the default list) and its PIN policy. */
  async reasons(actor: SetupActor, shortName: string): Promise<Omit<AdjustmentReasons, 'resultCode' | 'resultReason'>> {
    const store = await this.access.store(actor, shortName, PERMISSION);
    const pin = store.adjustmentPinMilli;
    const { profile, reasons } = this.stock.reasonsOf(store);
    return { profile, reasons: [...reasons], pinAbove: pin === null ? null : pin / 1000 };
  }

  async adjust(actor: SetupActor, shortName: string, request: AdjustmentRequest): Promise<AdjustmentView> {
    const known = await this.access.store(actor, shortName, PERMISSION);
    const { reasons } = this.stock.reasonsOf(known);
    const reason = findReason(reasons, request.reason);
    if (!reason) {
      const words = `is not a reason of ${known.shortName}: "${request.reason}" (${reasonsInWords(reasons)})`;
      throw invalidInput('reason', words);
    }
    const note = (request.note ?? '').trim();
    if (reason.noteRequired && note === '') {
      throw invalidInput('note', `is needed for "${reason.name}": say in a sentence what happened`);
    }
    // Hashing a PIN takes tens of milliseconds: before the write, never inside it.
    const approver = await this.approvals.approver(actor, known, request);
    const checked = { request, reason, note, approver, at: this.access.now() };
    const done = await this.access.storeWrite(
      actor,
      shortName,
      async (tx, store) => ({ store, id: await this.write(tx, actor, store, checked) }),
      { permission: PERMISSION },
    );
    const row = (await this.adjustments.find(this.access.db, done.id))!;
    await this.changed(done.store.id, [row.productId]);
    return toAdjustmentView(row, reasons);
  }

  /** A page of the store's adjustments, newest first, narrowed by product, package, reason and store days. */
  async list(
    actor: SetupActor,
    shortName: string,
    query: AdjustmentListQuery = {},
  ): Promise<Omit<AdjustmentPage, 'resultCode' | 'resultReason'>> {
    const store = await this.access.store(actor, shortName, PERMISSION);
    const { stock, adjustments, products } = this;
    return adjustmentPage(this.access.db, store, query, { stock, adjustments, products });
  }

  /** The adjustment's write: the stock moved, the record, the audit trail and the listeners; its id. */
  private async write(tx: Queryable, actor: SetupActor, store: Dispensary, checked: Checked): Promise<string> {
    const { request, reason, note, at } = checked;
    const pkg = await this.stock.package(tx, store, request.package);
    // The row is locked until the write ends: a sale or another adjustment waits for this one.
    const before = (await this.stocks.read(tx, pkg.packageId))!;
    const delta = adjustmentDelta(
      request,
      before.onHand,
      pkg,
      pkg.sku ? `${pkg.productName} (${pkg.sku})` : pkg.productName,
    );
    const approvedBy = this.approvals.approvedBy(store, delta, checked.approver);
    const moved = (await this.stocks.move(tx, pkg.packageId, { onHand: delta, claims: 0 }))!;
    const id = timeOrderedUuid();
    const afterMilli = moved.after.stock.onHand;
    await this.adjustments.insert(tx, {
      id,
      dispensary_id: store.id,
      package_id: pkg.packageId,
      product_id: pkg.productId,
      package_label: pkg.label,
      delta_milli: delta,
      before_milli: before.onHand,
      after_milli: afterMilli,
      reason: reason.code,
      note,
      actor_kind: actor.kind,
      actor_id: actor.kind === 'staff' ? actor.principal.subjectId : null,
      actor_name: actor.kind === 'staff' ? actor.principal.name : 'operator',
      approved_by_id: approvedBy?.id ?? null,
      approved_by_name: approvedBy?.name ?? null,
      at: at.toISOString(),
      store_day: zonedDate(at, store.timezone),
    });
    const words = adjustmentInWords(
      {
        ...pkg,
        packageLabel: pkg.label,
        deltaMilli: delta,
        beforeMilli: before.onHand,
        afterMilli,
        note,
        approvedBy: approvedBy?.name ?? null,
      },
      reason,
    );
    await this.audit.record(tx, {
      action: 'stock_adjusted',
      actor: actor.kind === 'staff' ? auditActor(actor.principal) : OPERATOR_ACTOR,
      organizationId: store.organizationId,
      dispensaryId: store.id,
      at,
      reason: words,
    });
    const { unitType, deli } = pkg;
    for (const listener of this.listeners) {
      await listener(tx, {
        adjustmentId: id,
        dispensaryId: store.id,
        packageLabel: pkg.label,
        deltaMilli: delta,
        unitType,
        deli,
        stateReason: reason.stateReason,
        note,
        at: at.toISOString(),
      });
    }
    return id;
  }
}
