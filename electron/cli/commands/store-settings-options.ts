import {
  OFFLINE_CARD_CAP_MAX_CENTS,
  type StoreSettings,
  type StoreSettingsUpdate,
} from '../../../shared/contracts/setup.js';
import { invalidInput } from '../../../shared/errors.js';
import { CASH_MOVEMENT_DOING } from '../../../shared/labels.js';
import { listed } from '../../../shared/list-words.js';
import { programmeWords } from '../../../shared/loyalty/loyalty-words.js';
import { formatMoney } from '../../../shared/money.js';
import { dollarsAsCents } from '../arguments.js';
import { parseMovementKinds, parseOpeningHours, WEEKDAYS } from '../../server/dispensaries/dispensary-rules.js';

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
      `${guardedMovements(store)}.`,
    storedCards(store),
    pickupHold(store),
    adjustmentPin(store),
    manualDiscountPin(store),
    `State rules enforced at ticket creation: ${store.complianceProfile ?? 'none'}.`,
    `State licence number on receipts: ${store.licenceNumber ?? 'not set'}.`,
    programmeWords(store.loyalty),
  ].join('\n');
}

/**
 * The cash movements a cashier records only with a manager's PIN, in the words the registers ask for
 * the PIN with: "a cashier needs a manager's PIN to record a paid-out or open the drawer with no sale".
 */
function guardedMovements({ cash: { managerApproval: kinds } }: StoreSettings): string {
  if (kinds.length === 0) return "a cashier needs no manager's PIN for a cash movement";
  const doing = kinds.map((kind) => CASH_MOVEMENT_DOING[kind]);
  return `a cashier needs a manager's PIN to ${listed(doing, 'or')}`;
}

/** The caps of card payments its registers store while the processor does not answer, in words. */
function storedCards({ offlineCards: { maxCents, totalCents } }: StoreSettings): string {
  const what = 'Card payments stored by a register while the card processor does not answer';
  return maxCents === 0
    ? `${what}: none.`
    : `${what}: up to ${formatMoney(maxCents)} each, ${formatMoney(totalCents)} in all until they are sent.`;
}

/** How long a ready order waits for its customer, and what happens past it, in words. */
function pickupHold({ pickupHoldHours: hours }: StoreSettings): string {
  return (
    `Orders packed and ready are held ${hours} hour${hours === 1 ? '' : 's'} for pickup; ` +
    'past it an unpaid one is canceled and its stock returned (a paid one is listed for a manager).'
  );
}

/** When an inventory adjustment needs a manager's PIN, in words. */
function adjustmentPin({ adjustmentPinAbove: above }: StoreSettings): string {
  if (above === null) return "Inventory adjustments: no manager's PIN asked.";
  return above === 0
    ? "Inventory adjustments: a manager's PIN for every one."
    : `Inventory adjustments: a manager's PIN for those of more than ${above} (units, or grams when weighed).`;
}

/** When a cashier's manual discount needs a manager's PIN, in words. */
function manualDiscountPin({ manualDiscountPinAbove: above }: StoreSettings): string {
  if (above === null) return "Manual discounts: no manager's PIN asked.";
  return above === 0
    ? "Manual discounts: a manager's PIN for every one a cashier gives."
    : `Manual discounts: a manager's PIN for those taking more than ${above}% off a sale.`;
}

/** `--manual-discount-pin 10`, `0` (every one) or `none`: a percent as typed (the service checks it). */
function manualDiscountPinAbove(text: string): number | null {
  const word = text.trim().toLowerCase().replace(/%$/, '');
  if (word === 'none') return null;
  const value = Number(word);
  if (word === '' || !Number.isFinite(value)) {
    throw invalidInput('manualDiscountPinAbove', `must be a percent such as 10, 0 (every one) or none, not "${text}"`);
  }
  return value;
}

/** `--adjustment-pin 5`, `0` (every one) or `none`: the quantity as typed (the service checks it). */
function adjustmentPinAbove(text: string): number | null {
  const word = text.trim().toLowerCase();
  if (word === 'none') return null;
  const value = Number(word);
  if (word === '' || !Number.isFinite(value) || value < 0) {
    throw invalidInput(
      'adjustmentPinAbove',
      `must be a quantity such as 5, 0 (every adjustment) or none, not "${text}"`,
    );
  }
  return value;
}

/** `--pickup-hold 48`: a number of hours as typed (the service says which ones it takes). */
function holdHours(text: string): number {
  const hours = Number(text.trim());
  if (text.trim() === '' || !Number.isFinite(hours)) {
    throw invalidInput('pickupHoldHours', `must be a whole number of hours such as 48, not "${text}"`);
  }
  return hours;
}

/** `--offline-card-max 200.00`: dollars and cents as people type them, never negative. */
const capCents = (text: string, field: 'maxCents' | 'totalCents') =>
  dollarsAsCents(`offlineCards.${field}`, text, { max: OFFLINE_CARD_CAP_MAX_CENTS, example: '200.00' });

/** `--compliance us-ca` (any loaded profile's id: the service checks it), or `none` for no state rules enforced. */
function complianceProfile(text: string): string | null {
  const word = text.trim().toLowerCase();
  return word === 'none' ? null : word;
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
  offlineCardMax?: string;
  offlineCardTotal?: string;
  pickupHold?: string;
  adjustmentPin?: string;
  manualDiscountPin?: string;
}

/** The changes `dispensaries set` asks for: only what its options name. */
export function storeChanges(o: CliStoreChanges): StoreSettingsUpdate {
  const cash = {
    ...(o.blindClose !== undefined ? { blindClose: o.blindClose } : {}),
    ...(o.managerApproval !== undefined ? { managerApproval: parseMovementKinds(o.managerApproval) } : {}),
  };
  const offlineCards = {
    ...(o.offlineCardMax !== undefined ? { maxCents: capCents(o.offlineCardMax, 'maxCents') } : {}),
    ...(o.offlineCardTotal !== undefined ? { totalCents: capCents(o.offlineCardTotal, 'totalCents') } : {}),
  };
  return {
    ...(Object.keys(cash).length > 0 ? { cash } : {}),
    ...(Object.keys(offlineCards).length > 0 ? { offlineCards } : {}),
    ...(o.compliance !== undefined ? { complianceProfile: complianceProfile(o.compliance) } : {}),
    // `--licence none` clears it (the service trims, upper-cases and checks the number).
    ...(o.licence !== undefined ? { licenceNumber: o.licence.trim().toLowerCase() === 'none' ? null : o.licence } : {}),
    ...(o.name !== undefined ? { name: o.name } : {}),
    ...(o.timezone !== undefined ? { timezone: o.timezone } : {}),
    ...(o.prepMinutes !== undefined ? { preparationMinutes: o.prepMinutes } : {}),
    ...(o.pickupHold !== undefined ? { pickupHoldHours: holdHours(o.pickupHold) } : {}),
    ...(o.adjustmentPin !== undefined ? { adjustmentPinAbove: adjustmentPinAbove(o.adjustmentPin) } : {}),
    ...(o.manualDiscountPin !== undefined
      ? { manualDiscountPinAbove: manualDiscountPinAbove(o.manualDiscountPin) }
      : {}),
    ...(o.hours !== undefined ? { openingHours: parseOpeningHours(o.hours) } : {}),
  };
}
