import type { NewPinPadInput, PinPadView } from '../../../shared/contracts/setup.js';
import { ServicePayError } from '../../../shared/errors.js';
import { DevicesRepository, type DeviceRecord } from '../payments/store/devices-repository.js';
import type { LocationSetup } from './location-setup.js';
import type { ProcessorSetup } from './processor-setup.js';
import { requireOperator, requirePermission, requireStore, type SetupActor } from '../dispensaries/setup-actor.js';
import type { StoreAccess } from '../dispensaries/store-access.js';

const toView = (device: DeviceRecord): PinPadView => ({
  id: device.id,
  name: device.name,
  locationId: device.locationId,
  processorName: device.processorName,
  model: device.model,
  serialNumber: device.serialNumber,
  disabled: device.disabled,
  createdAt: device.createdAt,
});

/** A PIN pad added, with where it went (for the command line's sentence). */
export interface PinPadAdded extends PinPadView {
  locationName: string;
}

/** The PIN pads of a store's locations: card-present methods need one for their processor. */
export class PinPadSetup {
  readonly devices: DevicesRepository;

  constructor(
    private readonly access: StoreAccess,
    private readonly locations: LocationSetup,
    private readonly processors: ProcessorSetup,
  ) {
    this.devices = new DevicesRepository(access.db);
  }

  async list(actor: SetupActor, shortName: string): Promise<PinPadView[]> {
    const store = await this.access.store(actor, shortName);
    const locations = await this.locations.locations.listForDispensary(this.access.db, store.id);
    const devices = [];
    for (const location of locations)
      devices.push(...(await this.devices.list(this.access.db, { locationId: location.id })));
    // The card-not-present and cash-drawer configurations are the service's own, not PIN pads.
    return devices.filter((device) => device.kind === 'pinpad').map(toView);
  }

  async add(actor: SetupActor, shortName: string, input: NewPinPadInput): Promise<PinPadAdded> {
    return this.access.storeWrite(actor, shortName, async (tx, store) => {
      const location = await this.locations.of(tx, store, input.locationId, 'locationId');
      const processor = await this.processors.processors.require(tx, store.organizationId, input.processorName);
      const { name, model, serialNumber } = input;
      const device = await this.devices.add(
        tx,
        { locationId: location.id, processorId: processor.id, name, model, serialNumber },
        this.access.now(),
      );
      return { ...toView(device), locationName: location.name };
    });
  }

  /**
   * Disables a PIN pad of a store the actor may act for (`shortName`, when given, must be its
   * store): its card-present methods are unavailable until another is added.
   */
  async disable(actor: SetupActor, deviceId: string, shortName?: string): Promise<PinPadView> {
    requirePermission(actor, 'store:manage');
    return this.access.db.write(async (tx) => {
      const device = await this.devices.find(tx, deviceId);
      const location = device && (await this.locations.locations.find(tx, device.locationId));
      const inStore = location && (shortName === undefined || location.dispensaryShortName === shortName);
      if (!device || !location || !inStore) throw new ServicePayError('NOT_FOUND', `no PIN pad ${deviceId}`);
      const { dispensaryId: id, organizationId, dispensaryShortName } = location;
      requireStore(actor, { id, organizationId, shortName: dispensaryShortName });
      return toView(await this.devices.disable(tx, deviceId));
    });
  }

  /** Every PIN pad of every entity, one entity or one location, for the operator's command line. */
  listEverywhere(actor: SetupActor, filter: { organizationId?: string; locationId?: string }) {
    requireOperator(actor);
    return this.devices.list(this.access.db, filter);
  }
}
