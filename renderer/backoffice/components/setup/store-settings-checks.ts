import { PICKUP_HOLD_HOURS_MAX, PICKUP_HOLD_HOURS_MIN, type StoreSettings } from '../../../../shared/contracts/setup';
import { zoneName } from '../../../../shared/store-time';
import { hoursLabels, hoursProblem, type DayHours } from '../../logic/opening-hours';

/**
 * The store's settings form (StoreSettingsForm.vue) before it is sent: what it refuses, and which
 * refusals it says beside their field, its own or the service's (README "Back office": people see
 * words beside what they typed, never only at the foot of a long form).
 */

/** The service's names of the form's fields, in the form's words (a refusal says them so). */
export const STORE_SETTINGS_LABELS: Readonly<Record<string, string>> = {
  name: 'Store name',
  timezone: 'Time zone',
  preparationMinutes: 'Preparation time',
  pickupHoldHours: 'Hold ready orders',
  licenceNumber: 'State licence number',
  complianceProfile: 'State rules',
  'offlineCards.maxCents': 'The most for one stored card payment',
  'offlineCards.totalCents': 'The most stored at a register',
  'loyalty.tiers': 'Tiers:',
  'loyalty.excludedTypes': 'Categories that earn no points:',
  'loyalty.offlineSpendCents': 'The most spent per sale offline',
  manualDiscountPinAbove: 'Manual discounts above',
  'loyalty.expiryMonths': 'Points expire after (months):',
  ...hoursLabels(),
};

/** What the form holds, as typed. */
export interface StoreSettingsTyped {
  name: string;
  prepMinutes: string;
  holdHours: string;
  days: readonly DayHours[];
}

/** A refusal of one field of the form, in words; `day` for a day of the opening hours (0 is Sunday). */
export interface StoreSettingsProblem {
  field: 'name' | 'preparationMinutes' | 'pickupHoldHours' | 'openingHours';
  sentence: string;
  day?: number;
}

const WHOLE = /^\d+$/;

/** The first field the form refuses, in the form's order, or null when it may be sent. */
export function storeSettingsProblem(typed: StoreSettingsTyped): StoreSettingsProblem | null {
  if (!typed.name.trim()) return { field: 'name', sentence: 'Enter the store’s name, as customers know it.' };
  if (!WHOLE.test(typed.prepMinutes.trim()) || Number(typed.prepMinutes) > 1440) {
    return {
      field: 'preparationMinutes',
      sentence: 'Preparation time must be a whole number of minutes, 0 to 1440.',
    };
  }
  const hold = Number(typed.holdHours);
  if (!WHOLE.test(typed.holdHours.trim()) || hold < PICKUP_HOLD_HOURS_MIN || hold > PICKUP_HOLD_HOURS_MAX) {
    return {
      field: 'pickupHoldHours',
      sentence: `Hold ready orders must be a whole number of hours, ${PICKUP_HOLD_HOURS_MIN} to ${PICKUP_HOLD_HOURS_MAX} (30 days).`,
    };
  }
  const hours = hoursProblem(typed.days);
  return hours ? { field: 'openingHours', sentence: hours.sentence, day: hours.day } : null;
}

/** The day of the opening hours a refusal is about: the form's (`openingHours`, its day) or the service's ("openingHours[1].close"). */
export function refusedDay(field: string, formDay: number): number {
  if (field === 'openingHours') return formDay;
  const day = /^openingHours\[(\d)\]/.exec(field)?.[1];
  return day === undefined ? -1 : Number(day);
}

/** The fields whose refusal the form (or one of its parts) says beside them. */
const SAID_BESIDE = new Set([
  'name',
  'timezone',
  'preparationMinutes',
  'pickupHoldHours',
  'complianceProfile',
  'licenceNumber',
  'manualDiscountPinAbove',
  'offlineCards.maxCents',
  'offlineCards.totalCents',
  'loyalty.tiers',
  'loyalty.excludedTypes',
  'loyalty.expiryMonths',
]);

/** True when a refusal of `field` is said beside it: the foot of the form then only says nothing was saved. */
export const saidBeside = (field: string): boolean => SAID_BESIDE.has(field) || refusedDay(field, 0) >= 0;

/** What a save changed that people should know, after "Saved.": a new time zone, new opening hours. */
export function savedWords(before: StoreSettings, saved: StoreSettings): string {
  const said = ['Saved.'];
  if (saved.timezone !== before.timezone) said.push(`${saved.name} now keeps ${zoneName(saved.timezone)} time.`);
  if (JSON.stringify(saved.openingHours) !== JSON.stringify(before.openingHours)) {
    said.push('New orders are promised within these opening hours.');
  }
  return said.join(' ');
}
