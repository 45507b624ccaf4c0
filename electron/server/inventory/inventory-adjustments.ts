import type {
  AdjustmentListQuery,
  AdjustmentPage,
  AdjustmentReasons,
  AdjustmentRequest,
  AdjustmentView,
} from '../../../shared/contracts/inventory.js';
import { invalidInput } from '../../../shared/errors.js';
import { findReason, reasonsInWords } from '../../../shared/inventory/adjustment-reasons.js';
import type { ManagerPins } from '../auth/manager-pins.js';
import type { StateProfiles } from '../core/state-profiles/state-profiles.js';
import type { SetupActor } from '../dispensaries/setup-actor.js';
import type { StoreAccess } from '../dispensaries/store-access.js';
import type { CatalogChanged } from '../products/product-admin.js';
import { ProductsRepository } from '../products/products-repository.js';
import { AdjustmentApprovals } from './adjustment-approvals.js';
import { adjustmentPage } from './adjustment-list.js';
import { toAdjustmentView } from './adjustment-view.js';
import type { AdjustmentWriter } from './adjustment-writer.js';
import type { AdjustmentsRepository } from './adjustments-repository.js';
import { StoreStock } from './store-stock.js';

const PERMISSION = 'inventory:adjust';

/**
 * Inventory adjustments (README "Inventory adjustments"): a change of one package's stock with a
 * reason of the store's state (or the default list) and a note. Each is checked whole first; then
 * in one write the package's stock moves (open orders keep their claims), the adjustment is
 * recorded, the audit trail and its listeners (the state's outbox) are written, and the store's
 * version moves (its registers refresh); a failure of any leaves nothing. Once committed, the POS
 * screens are told (`catalog.changed`). Where the store's policy asks, a manager's PIN approves it.
 */
export class InventoryAdjustments {
  private readonly products: ProductsRepository;
  private readonly stock: StoreStock;
  private readonly approvals: AdjustmentApprovals;

  constructor(
    private readonly access: StoreAccess,
    profiles: StateProfiles,
    private readonly adjustments: AdjustmentsRepository,
    /** The adjustment's write (adjustment-writer.ts), shared with the counts applied. */
    private readonly writer: AdjustmentWriter,
    private readonly changed: CatalogChanged = () => undefined,
    /** Checks a manager's PIN; without it (the command line) only the operator adjusts. */
    pins?: ManagerPins,
  ) {
    this.products = new ProductsRepository(access.serverOnlyDb);
    this.stock = new StoreStock(access, profiles, adjustments);
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
      const words = `is not a reason of ${known.name}: "${request.reason}" (${reasonsInWords(reasons)})`;
      throw invalidInput('reason', words);
    }
    const note = (request.note ?? '').trim();
    if (reason.noteRequired && note === '') {
      throw invalidInput('note', `is needed for "${reason.name}": say in a sentence what happened`);
    }
    // Hashing a PIN takes tens of milliseconds: before the write, never inside it.
    const approver = await this.approvals.approver(actor, known, request);
    const at = this.access.now();
    const done = await this.access.storeWrite(
      actor,
      shortName,
      async (tx, store) => {
        const pkg = await this.stock.package(tx, store, request.package);
        const approve = (delta: number) => this.approvals.approvedBy(store, delta, approver);
        const id = await this.writer.write(tx, actor, store, { pkg, ask: request, reason, note, at, approve });
        return { store, id };
      },
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
}
