import { STATE_PROFILE_IDS, type StateProfileId } from '../../../shared/compliance/profiles/ids.js';
import type { StoreSettings, StoreSettingsUpdate } from '../../../shared/contracts/setup.js';
import { invalidInput } from '../../../shared/errors.js';
import { parseMovementKinds, parseOpeningHours, WEEKDAYS } from '../../server/catalog/dispensary-rules.js';

// `servicepay dispensaries set`: its options as the store's settings, and a store's settings in words.

/** "Sun closed · Mon–Sat 09:00–21:00" is for the back office; the command line lists each day. */
export function describeStore(store: StoreSettings): string {
  const days = store.openingHours.map(
    (day, index) => `  ${WEEKDAYS[index]!.padEnd(10)}${day ? `${day.open}-${day.close}` : 'closed'}`,
  );
  return [
    `${store.name} (${store.shortName}), ${store.address}`,
    `Time zone: ${store.timezone}; an order takes ${store.preparationMinutes} minutes to prepare.`,
    'Hours:',
    ...days,
    `Cash: ${store.cash.blindClose ? 'every drawer closes blind' : 'the cashier sees the expected cash at the close'}; ` +
      `a manager's PIN for ${store.cash.managerApproval.length ? store.cash.managerApproval.join(', ') : 'no movement'}.`,
    `State rules enforced at ticket creation: ${store.complianceProfile ?? 'none'}.`,
    `State licence number on receipts: ${store.licenceNumber ?? 'not set'}.`,
  ].join('\n');
}

/** `--compliance us-ca`, or `none` for no state rules enforced. */
function complianceProfile(text: string): StateProfileId | null {
  const word = text.trim().toLowerCase();
  if (word === 'none') return null;
  const known = STATE_PROFILE_IDS.find((id) => id === word);
  if (!known) throw invalidInput('complianceProfile', `must be one of ${STATE_PROFILE_IDS.join(', ')} or none`);
  return known;
}

export interface CliStoreChanges {
  name?: string;
  timezone?: string;
  prepMinutes?: number;
  hours?: string;
  blindClose?: boolean;
  managerApproval?: string;
  compliance?: string;
  licence?: string;
}

/** The changes `dispensaries set` asks for: only what its options name. */
export function storeChanges(o: CliStoreChanges): StoreSettingsUpdate {
  const cash = {
    ...(o.blindClose !== undefined ? { blindClose: o.blindClose } : {}),
    ...(o.managerApproval !== undefined ? { managerApproval: parseMovementKinds(o.managerApproval) } : {}),
  };
  return {
    ...(Object.keys(cash).length > 0 ? { cash } : {}),
    ...(o.compliance !== undefined ? { complianceProfile: complianceProfile(o.compliance) } : {}),
    // `--licence none` clears it (the service trims, upper-cases and checks the number).
    ...(o.licence !== undefined ? { licenceNumber: o.licence.trim().toLowerCase() === 'none' ? null : o.licence } : {}),
    ...(o.name !== undefined ? { name: o.name } : {}),
    ...(o.timezone !== undefined ? { timezone: o.timezone } : {}),
    ...(o.prepMinutes !== undefined ? { preparationMinutes: o.prepMinutes } : {}),
    ...(o.hours !== undefined ? { openingHours: parseOpeningHours(o.hours) } : {}),
  };
}
