import type { CashPolicy } from '../../../shared/contracts/cash-policy.js';
import type { LoyaltyProgramme } from '../../../shared/contracts/loyalty.js';
import type { OfflineCards } from '../../../shared/contracts/setup.js';

/** Local opening hours of one day, "HH:MM" on a 24-hour clock; `close` may be "24:00" (midnight). */
export interface OpeningHours {
  open: string;
  close: string;
}

/** An address as the ticket API renders it (spec 2.3). */
export interface AddressRecord {
  id: number;
  street: string;
  city: string;
  state: string;
  county: string | null;
  country: string | null;
  type: string | null;
  zip: string;
  comment: string;
  longitude: number | null;
  latitude: number | null;
  apt: string;
  primary: boolean;
}

/** A store: where tickets are placed, with its address, clock and primary stock location. */
export interface Dispensary {
  id: string;
  organizationId: string;
  shortName: string;
  name: string;
  timezone: string;
  preparationMinutes: number;
  /** Seven entries, Sunday first; null on a closed day. */
  openingHours: (OpeningHours | null)[];
  address: AddressRecord;
  primaryLocationId: string;
  /** How its drawers are run: blind closes, movements needing a manager's PIN. */
  cashPolicy: CashPolicy;
  /** The state rules enforced at ticket creation (a profile id, e.g. `us-ca`), or null for none. */
  complianceProfile: string | null;
  /** The state licence number its receipts print, or null when not set. */
  licenceNumber: string | null;
  /** The caps of card payments its attached registers store while the processor does not answer. */
  offlineCards: OfflineCards;
  /** Hours an order packed and ready for pickup is held before an unpaid one is canceled. */
  pickupHoldHours: number;
  /**
   * Inventory adjustments needing a manager's PIN: null none, 0 every one, N those changing stock
   * by more than N thousandths of the unit (README "Inventory adjustments").
   */
  adjustmentPinMilli: number | null;
  /** A cashier's manual discounts needing a manager's PIN: null none, 0 every one, N over N % of a sale. */
  manualDiscountPinPercent: number | null;
  /** Its loyalty programme (README "Loyalty"): off until its manager sets one up. */
  loyalty: LoyaltyProgramme;
}

/** What a store's manager may change of it: its name, clock and how long an order takes. */
export interface StoreSettings {
  name: string;
  timezone: string;
  preparationMinutes: number;
  /** JSON of the seven days, as stored. */
  openingHours: string;
  blindClose: number;
  /** JSON of the kinds, as stored. */
  managerApproval: string;
  complianceProfile: string | null;
  licenceNumber: string | null;
  offlineCardMaxCents: number;
  offlineCardTotalCents: number;
  pickupHoldHours: number;
  adjustmentPinMilli: number | null;
  manualDiscountPinPercent: number | null;
  /** JSON of its loyalty programme, as stored. */
  loyalty: string;
}

/** What `create` needs; ids are generated unless given (the demo uses fixed ones). */
export interface NewDispensary {
  id?: string;
  organizationId: string;
  shortName: string;
  name: string;
  timezone: string;
  preparationMinutes: number;
  openingHours: (OpeningHours | null)[];
  address: Omit<AddressRecord, 'id' | 'primary'>;
  primaryLocationId?: string;
  primaryLocationName?: string;
  /** Default: closes not blind, no movement needing a manager's PIN. */
  cashPolicy?: CashPolicy;
}
