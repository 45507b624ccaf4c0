import type { LoadedProfileView, StoreSettings, StoreSettingsUpdate } from '../../../shared/contracts/setup.js';
import type { Dispensary } from '../dispensaries/dispensary.js';
import {
  checkLicenceNumber,
  checkLoyalty,
  checkManualDiscountPin,
  checkOfflineCards,
  checkOpeningHours,
  checkAdjustmentPinAbove,
  checkPickupHoldHours,
  checkPreparationMinutes,
  checkStoreName,
  checkTimezone,
} from '../dispensaries/dispensary-rules.js';
import type { SetupActor } from '../dispensaries/setup-actor.js';
import type { StoreAccess } from '../dispensaries/store-access.js';
import type { StateProfiles } from '../core/state-profiles/state-profiles.js';
import { auditSettingsChange } from '../dispensaries/settings-audit.js';

/** Told once a change of a store's settings is committed: the live channel's `store.changed` (the fields given). */
export type StoreChanged = (dispensaryId: string, fields: string[]) => void | Promise<void>;

/** A store as its manager sees it. */
export function toStoreSettings(dispensary: Dispensary): StoreSettings {
  const { street, city, state, zip } = dispensary.address;
  return {
    shortName: dispensary.shortName,
    name: dispensary.name,
    organizationId: dispensary.organizationId,
    timezone: dispensary.timezone,
    preparationMinutes: dispensary.preparationMinutes,
    openingHours: dispensary.openingHours,
    address: `${street}, ${city}, ${state} ${zip}`,
    cash: dispensary.cashPolicy,
    offlineCards: dispensary.offlineCards,
    pickupHoldHours: dispensary.pickupHoldHours,
    adjustmentPinAbove: dispensary.adjustmentPinMilli === null ? null : dispensary.adjustmentPinMilli / 1000,
    complianceProfile: dispensary.complianceProfile,
    licenceNumber: dispensary.licenceNumber,
    loyalty: dispensary.loyalty,
    manualDiscountPinAbove: dispensary.manualDiscountPinPercent,
  };
}

/**
 * The store's name, time zone, preparation time, opening hours, cash policy, stored-card caps,
 * how long a ready order is held for pickup, the inventory adjustments needing a manager's PIN,
 * state rules and licence.
 */
export class StoreSettingsSetup {
  constructor(
    private readonly access: StoreAccess,
    private readonly profiles: StateProfiles,
    private readonly changed: StoreChanged = () => undefined,
  ) {}

  async get(actor: SetupActor, shortName: string): Promise<StoreSettings> {
    return toStoreSettings(await this.access.store(actor, shortName));
  }

  /** The state profiles the store may enforce: those the service loaded at start, whole. */
  async stateProfiles(actor: SetupActor, shortName: string): Promise<LoadedProfileView[]> {
    await this.access.store(actor, shortName);
    return this.profiles.loaded.map(({ profile, source }) => ({
      profile,
      source: source === 'shipped' ? 'shipped' : 'operator',
    }));
  }

  /** Changes what `changes` gives (by the same rules as a new store), then tells every instance and screen. */
  async update(actor: SetupActor, shortName: string, changes: StoreSettingsUpdate): Promise<StoreSettings> {
    // Every instance and process caching stores (tickets' eta, reports' days) reads it again.
    const updated = await this.access.storeWrite(
      actor,
      shortName,
      async (tx, current) => {
        const after = await this.access.dispensaries.update(tx, current.id, {
          name: changes.name === undefined ? current.name : checkStoreName(changes.name),
          timezone: changes.timezone === undefined ? current.timezone : checkTimezone(changes.timezone),
          preparationMinutes:
            changes.preparationMinutes === undefined
              ? current.preparationMinutes
              : checkPreparationMinutes(changes.preparationMinutes),
          openingHours:
            changes.openingHours === undefined ? current.openingHours : checkOpeningHours(changes.openingHours),
          cashPolicy: { ...current.cashPolicy, ...changes.cash },
          offlineCards: checkOfflineCards({ ...current.offlineCards, ...changes.offlineCards }),
          pickupHoldHours:
            changes.pickupHoldHours === undefined
              ? current.pickupHoldHours
              : checkPickupHoldHours(changes.pickupHoldHours),
          adjustmentPinMilli:
            changes.adjustmentPinAbove === undefined
              ? current.adjustmentPinMilli
              : checkAdjustmentPinAbove(changes.adjustmentPinAbove),
          manualDiscountPinPercent:
            changes.manualDiscountPinAbove === undefined
              ? current.manualDiscountPinPercent
              : checkManualDiscountPin(changes.manualDiscountPinAbove),
          complianceProfile: this.complianceProfile(current.complianceProfile, changes.complianceProfile),
          licenceNumber:
            changes.licenceNumber === undefined ? current.licenceNumber : checkLicenceNumber(changes.licenceNumber),
          loyalty:
            changes.loyalty === undefined ? current.loyalty : checkLoyalty({ ...current.loyalty, ...changes.loyalty }),
        });
        // A change of its loyalty programme or state profile is in the audit trail, in this write.
        await auditSettingsChange(this.access, this.profiles, tx, { actor, before: current, after });
        return after;
      },
      { cached: true },
    );
    // Its screens (the POS, the back office) read the store again: a new name, time zone or programme.
    const fields = Object.entries(changes).filter(([, value]) => value !== undefined);
    await this.changed(
      updated.id,
      fields.map(([field]) => field),
    );
    return toStoreSettings(updated);
  }

  /** The profile a store enforces after a change: any loaded one, or null for none. */
  private complianceProfile(current: string | null, change: string | null | undefined): string | null {
    if (change === undefined) return current;
    return change === null ? null : this.profiles.choose(change.trim().toLowerCase());
  }
}
