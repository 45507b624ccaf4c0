import type { DataLayer } from '../db/data-layer.js';
import { SHIPPED_PROFILES, type StateProfiles } from '../core/state-profiles/state-profiles.js';
import { ApiClientSetup } from './api-client-setup.js';
import { CatalogSetup } from './catalog-setup.js';
import { LocationSetup } from './location-setup.js';
import { PaymentMethodSetup } from './payment-method-setup.js';
import { PinPadSetup } from './pin-pad-setup.js';
import { ProcessorSetup } from './processor-setup.js';
import { StaffSetup } from './staff-setup.js';
import { StoreAccess } from '../dispensaries/store-access.js';
import { StoreSettingsSetup, type StoreChanged } from './store-settings-setup.js';
import { TaxSetup } from './tax-setup.js';
import { WebhookSetup } from '../webhooks/webhook-setup.js';
import { PrinterSetup } from '../printing/printer-setup.js';
import { StateReportingSetup } from '../state-reporting/state-reporting-setup.js';
import { RegisterSetup } from '../registers/register-setup.js';
import { StoreRegisters } from '../registers/store-registers.js';
import { ProductAdmin, type CatalogChanged } from '../products/product-admin.js';
import { ProductLabels } from '../products/product-labels.js';
import { ProductCopies } from '../products/product-copies.js';
import { InventoryAdjustments } from '../inventory/inventory-adjustments.js';
import { StockValues } from '../inventory/stock-value.js';
import { StateAdjustmentOutbox } from '../state-reporting/state-adjustment-outbox.js';
import { StatePackageOutbox } from '../state-reporting/state-package-outbox.js';
import { AdjustmentsRepository } from '../inventory/adjustments-repository.js';
import { AdjustmentWriter } from '../inventory/adjustment-writer.js';
import { InventoryCounts, type CountChanged } from '../inventory/inventory-counts.js';
import { PackageDetails } from '../inventory/package-details.js';
import { PackageMoves } from '../inventory/package-moves.js';
import { Receiving } from '../inventory/receiving.js';
import { ReceiptLabels } from '../inventory/receipt-labels.js';
import { storePackageLookup } from '../inventory/package-lookup.js';
import { StoreRooms } from '../inventory/store-rooms.js';
import { StoreDeals, type DealsChanged } from '../deals/store-deals.js';
import type { ManagerPins } from '../auth/manager-pins.js';

export { OPERATOR, staffActor, type SetupActor } from '../dispensaries/setup-actor.js';

/**
 * Where set-up tells others what it changed, once committed (the live channel's events, which the
 * service's routes and the command wire), and how it checks a manager's PIN; each optional.
 */
export interface SetupPorts {
  /** A store's products changed (`catalog.changed`). */
  catalogChanged?: CatalogChanged;
  /** A count changed (`count.changed`). */
  countChanged?: CountChanged;
  /** A store's settings changed (`store.changed`). */
  storeChanged?: StoreChanged;
  /** A store's deals changed (`deals.changed`). */
  dealsChanged?: DealsChanged;
  /** Checks a manager's PIN (the service's routes); the command's operator approves their own. */
  pins?: ManagerPins;
  /** A state record was written or came due (an adjustment, a delivery, a move, a retry): the reporter sends it soon. */
  stateRecorded?: () => void;
}

/**
 * Everything a store needs before its first sale, as one service over the repositories: the
 * `servicepay` command (as the operator) and the back office's set-up routes (as a signed-in
 * manager) both call it, so every rule — validation, who may change what, what is unique — is
 * written once here and in the repositories.
 */
export class StoreSetup {
  readonly access: StoreAccess;
  readonly store: StoreSettingsSetup;
  readonly taxes: TaxSetup;
  readonly locations: LocationSetup;
  readonly processors: ProcessorSetup;
  readonly methods: PaymentMethodSetup;
  readonly pinPads: PinPadSetup;
  readonly staff: StaffSetup;
  readonly clients: ApiClientSetup;
  readonly catalog: CatalogSetup;
  readonly webhooks: WebhookSetup;
  readonly printers: PrinterSetup;
  readonly stateReporting: StateReportingSetup;
  readonly registers: RegisterSetup;
  readonly products: ProductAdmin;
  readonly labels: ProductLabels;
  readonly copies: ProductCopies;
  readonly inventory: InventoryAdjustments;
  readonly counts: InventoryCounts;
  readonly stockValues: StockValues;
  readonly rooms: StoreRooms;
  /** The store's deals (README "Deals"). */
  readonly deals: StoreDeals;
  readonly moves: PackageMoves;
  readonly packageDetails: PackageDetails;
  readonly receiving: Receiving;
  readonly receiptLabels: ReceiptLabels;

  constructor(
    db: DataLayer,
    now: () => Date = () => new Date(),
    /** The state profiles a store may enforce (the service's, or the command's `--profiles`). */
    profiles: StateProfiles = SHIPPED_PROFILES,
    {
      catalogChanged = () => undefined,
      countChanged,
      storeChanged,
      dealsChanged,
      pins,
      stateRecorded,
    }: SetupPorts = {},
  ) {
    // Every set-up change moves a replica version (its store's, or the database's): attached registers refresh at once.
    this.access = new StoreAccess(db, now);
    this.store = new StoreSettingsSetup(this.access, profiles, storeChanged);
    this.taxes = new TaxSetup(this.access);
    this.locations = new LocationSetup(this.access);
    this.processors = new ProcessorSetup(this.access);
    this.methods = new PaymentMethodSetup(this.access, this.locations, this.processors);
    this.pinPads = new PinPadSetup(this.access, this.locations, this.processors);
    this.staff = new StaffSetup(this.access);
    this.clients = new ApiClientSetup(this.access);
    this.catalog = new CatalogSetup(this.access, profiles, catalogChanged);
    this.webhooks = new WebhookSetup(this.access);
    this.printers = new PrinterSetup(this.access, new StoreRegisters(this.access.serverOnlyDb));
    this.stateReporting = new StateReportingSetup(this.access, stateRecorded);
    this.registers = new RegisterSetup(this.access);
    this.products = new ProductAdmin(this.access, catalogChanged);
    this.labels = new ProductLabels(
      this.access,
      this.products,
      this.printers.printing,
      storePackageLookup(this.access),
    );
    this.copies = new ProductCopies(this.access, catalogChanged);
    // An adjustment writes the state's record of it in its own transaction.
    // A count applied writes each of its adjustments the same way, in the one transaction of the count.
    const stateOutbox = new StateAdjustmentOutbox(db, stateRecorded);
    const adjustments = new AdjustmentsRepository(db);
    const writer = new AdjustmentWriter(db, adjustments, [stateOutbox.adjusted]);
    this.inventory = new InventoryAdjustments(this.access, profiles, adjustments, writer, catalogChanged, pins);
    this.counts = new InventoryCounts(this.access, profiles, adjustments, writer, catalogChanged, pins, countChanged);
    this.stockValues = new StockValues(this.access, now);
    this.rooms = new StoreRooms(this.access);
    this.deals = new StoreDeals(this.access, dealsChanged);
    // A delivery received and a package moved write the state's record of them in their own transaction.
    const statePackages = new StatePackageOutbox(db, stateRecorded);
    this.moves = new PackageMoves(this.access, this.rooms, catalogChanged, [statePackages.changed]);
    this.packageDetails = new PackageDetails(this.access, this.rooms, this.moves, catalogChanged);
    this.receiving = new Receiving(this.access, this.rooms, this.products, catalogChanged, [statePackages.changed]);
    this.receiptLabels = new ReceiptLabels(this.access, this.printers.printing);
  }
}
