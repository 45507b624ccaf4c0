import type { PaymentMethod } from '../../../shared/contracts/payment.js';
import type { MethodSwitch } from '../../../shared/contracts/setup.js';
import { switchMethod } from '../payments/config/location-methods.js';
import { checkMethod, MethodsRepository, type LocationMethodRecord } from '../payments/store/methods-repository.js';
import type { LocationSetup } from './location-setup.js';
import type { ProcessorSetup } from './processor-setup.js';
import { requireOperator, type SetupActor } from '../dispensaries/setup-actor.js';
import type { StoreAccess } from '../dispensaries/store-access.js';

const toSwitch = (row: LocationMethodRecord): MethodSwitch => ({
  locationId: row.locationId,
  processorName: row.processorName,
  method: row.method,
  enabled: row.enabled,
});

/** Which methods a store's locations take, through which processor. */
export interface MethodChange {
  /** The store's location; its primary location when omitted. */
  locationId?: string;
  processorName: string;
  method: string;
  enabled: boolean;
}

/** What a change did, in words for the command line. */
export interface MethodChanged extends MethodSwitch {
  locationName: string;
}

/**
 * The payment methods each location of a store takes through each processor of its organization
 * (the configuration the widget's methods come from; docs/payments.md).
 */
export class PaymentMethodSetup {
  private readonly methods: MethodsRepository;

  constructor(
    private readonly access: StoreAccess,
    private readonly locations: LocationSetup,
    private readonly processors: ProcessorSetup,
  ) {
    this.methods = new MethodsRepository(access.db);
  }

  /** Every switch of the store's locations. */
  async list(actor: SetupActor, shortName: string): Promise<MethodSwitch[]> {
    const store = await this.access.store(actor, shortName);
    const rows = await this.methods.list(this.access.db, { organizationId: store.organizationId });
    return rows.filter((row) => row.dispensaryShortName === store.shortName).map(toSwitch);
  }

  /** Turns methods on or off at a location of the store through a processor of its organization. */
  async set(actor: SetupActor, shortName: string, change: Omit<MethodChange, 'method'>, methods: readonly string[]) {
    const checked: PaymentMethod[] = methods.map((method) => checkMethod(method));
    return this.access.storeWrite(actor, shortName, async (tx, store) => {
      const location = await this.locations.of(tx, store, change.locationId, 'locationId');
      const processor = await this.processors.processors.require(tx, store.organizationId, change.processorName);
      const changed: MethodChanged[] = [];
      for (const method of checked) {
        const where = { locationId: location.id, processorId: processor.id };
        await switchMethod(this.access.db, tx, where, method, change.enabled, this.access.now());
        const { enabled } = change;
        changed.push({
          locationId: location.id,
          locationName: location.name,
          processorName: processor.name,
          method,
          enabled,
        });
      }
      return changed;
    });
  }

  /** Every switch of every entity, one entity or one location, for the operator's command line. */
  listEverywhere(
    actor: SetupActor,
    filter: { organizationId?: string; locationId?: string },
  ): Promise<LocationMethodRecord[]> {
    requireOperator(actor);
    return this.methods.list(this.access.db, filter);
  }
}
