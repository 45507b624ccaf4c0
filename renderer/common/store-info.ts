import type { Api } from './http';

/** What the staff windows show of their store: its name, address and clock. */
export interface StoreInfo {
  name: string;
  /** IANA time zone: every time shown to staff is in it (store-time.ts). */
  timeZone: string;
  address: string;
  /** Whether the store runs a loyalty programme (README "Loyalty"). */
  loyaltyOn: boolean;
}

interface DispensaryAnswer {
  dispensary: {
    name: string;
    timezone: string;
    address: { street: string; city: string; state: string; zip: string };
    loyalty?: { enabled: boolean };
  };
}

const cache = new Map<string, Promise<StoreInfo>>();

/** The store's name, address and time zone, read once per window (again after a failure). */
export function loadStoreInfo(api: Api, shortName: string): Promise<StoreInfo> {
  let pending = cache.get(shortName);
  if (!pending) {
    pending = api.get<DispensaryAnswer>(`/v2.0/dispensary/${shortName}`).then(({ dispensary }) => {
      const { street, city, state, zip } = dispensary.address;
      return {
        name: dispensary.name,
        timeZone: dispensary.timezone,
        address: `${street}, ${city}, ${state} ${zip}`,
        loyaltyOn: dispensary.loyalty?.enabled === true,
      };
    });
    pending.catch(() => cache.delete(shortName));
    cache.set(shortName, pending);
  }
  return pending;
}

/**
 * Forgets what was read: the next call reads the store again, as a new window would — after the
 * back office saved the store's settings (a new name, address or time zone), and in the unit tests,
 * whose files share their modules (another file's store is not this one's).
 */
export function forgetStoreInfo(): void {
  cache.clear();
}
