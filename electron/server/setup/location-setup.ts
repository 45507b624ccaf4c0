import type { LocationView } from '../../../shared/contracts/setup.js';
import { ServicePayError } from '../../../shared/errors.js';
import type { Dispensary } from '../dispensaries/dispensary.js';
import type { Queryable } from '../db/query.js';
import { LocationsRepository, type LocationRecord } from '../payments/store/locations-repository.js';
import type { SetupActor } from '../dispensaries/setup-actor.js';
import type { StoreAccess } from '../dispensaries/store-access.js';

export const toLocationView = ({ id, name, primary }: LocationRecord): LocationView => ({ id, name, primary });

/**
 * The locations of a store. Every store has its primary location (the sales floor: its catalog's
 * stock, its tickets); more locations — a drive-up window, a delivery desk — take payments with
 * their own methods and PIN pads.
 */
export class LocationSetup {
  readonly locations: LocationsRepository;

  constructor(private readonly access: StoreAccess) {
    this.locations = new LocationsRepository(access.db);
  }

  async list(actor: SetupActor, shortName: string): Promise<LocationView[]> {
    const store = await this.access.store(actor, shortName);
    return (await this.locations.listForDispensary(this.access.db, store.id)).map(toLocationView);
  }

  async add(actor: SetupActor, shortName: string, name: string): Promise<LocationView> {
    return this.access.storeWrite(actor, shortName, async (tx, store) =>
      toLocationView(await this.locations.add(tx, store.id, name)),
    );
  }

  async rename(actor: SetupActor, shortName: string, locationId: string, name: string): Promise<LocationView> {
    return this.access.storeWrite(actor, shortName, async (tx, store) =>
      toLocationView(await this.locations.rename(tx, store.id, locationId, name)),
    );
  }

  /**
   * The store's location `locationId`, or its primary location when none is named; INVALID_INPUT
   * naming `field` for a location of another store.
   */
  async of(q: Queryable, store: Dispensary, locationId: string | undefined, field: string): Promise<LocationRecord> {
    const id = locationId ?? store.primaryLocationId;
    const location = await this.locations.find(q, id);
    if (!location || location.dispensaryId !== store.id) {
      const names = (await this.locations.listForDispensary(q, store.id)).map((known) => known.name).join(', ');
      throw new ServicePayError(
        'INVALID_INPUT',
        `${field} does not name a location of ${store.name} (its locations: ${names})`,
        {
          field,
        },
      );
    }
    return location;
  }
}
