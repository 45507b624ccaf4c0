import { PICKUP_HOLD_HOURS_MAX, PICKUP_HOLD_HOURS_MIN, type StoreSettings } from '../../../../shared/contracts/setup';
import { zoneName } from '../../../../shared/store-time';
import { hoursLabels, hoursProblem, type DayHours } from '../../logic/opening-hours';
import { typedWhole } from '../../logic/typed-whole';

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

const PREP_RANGE = 'Preparation time must be a whole number of minutes, 0 to 1440.';
const HOLD_RANGE = `Hold ready orders must be a whole number of hours, ${PICKUP_HOLD_HOURS_MIN} to ${PICKUP_HOLD_HOURS_MAX} (30 days).`;

/**
 * Whole minutes or hours as typed, by the one rule for typed numbers ("1,000" is 1000, "1,5" is
 * refused saying both readings): the number, or why not. A fraction is refused saying `whole`, why
 * the field counts whole ones only; anything else out of `min`–`max` says `range`.
 */
function wholeIn(
  typed: string,
  label: string,
  bounds: { min: number; max: number; range: string; whole: (text: string) => string },
): { value: number } | { sentence: string } {
  const read = typedWhole(typed, label);
  if (read.kind === 'comma') return { sentence: read.sentence };
  if (read.kind === 'fraction') return { sentence: bounds.whole(read.text) };
  if (read.kind === 'other' || read.value < bounds.min || read.value > bounds.max) return { sentence: bounds.range };
  return { value: read.value };
}

/** Preparation time as typed: whole minutes, 0 to a day. */
export const preparationMinutesOf = (typed: string) =>
  wholeIn(typed, 'Preparation time', {
    min: 0,
    max: 24 * 60,
    range: PREP_RANGE,
    whole: (text) =>
      `Preparation time must be a whole number of minutes, not ${text}: a pickup time is promised to the minute.`,
  });

/** Hold ready orders as typed: whole hours, 1 to 720 (30 days). */
export const pickupHoldHoursOf = (typed: string) =>
  wholeIn(typed, 'Hold ready orders', {
    min: PICKUP_HOLD_HOURS_MIN,
    max: PICKUP_HOLD_HOURS_MAX,
    range: HOLD_RANGE,
    whole: (text) =>
      `Hold ready orders must be a whole number of hours, not ${text}: a hold lasts hours or days, never part of ` +
      'an hour (type 2, or 36 for a day and a half).',
  });

/** The form's numbers as read, or the first field it refuses (in the form's order): nothing is sent while one is. */
export type StoreSettingsChecked =
  { ok: true; preparationMinutes: number; pickupHoldHours: number } | { ok: false; problem: StoreSettingsProblem };

/** Checks the form as typed before it is sent. */
export function checkStoreSettings(typed: StoreSettingsTyped): StoreSettingsChecked {
  const refuse = (problem: StoreSettingsProblem): StoreSettingsChecked => ({ ok: false, problem });
  if (!typed.name.trim()) return refuse({ field: 'name', sentence: 'Enter the store’s name, as customers know it.' });
  const prep = preparationMinutesOf(typed.prepMinutes);
  if ('sentence' in prep) return refuse({ field: 'preparationMinutes', sentence: prep.sentence });
  const hold = pickupHoldHoursOf(typed.holdHours);
  if ('sentence' in hold) return refuse({ field: 'pickupHoldHours', sentence: hold.sentence });
  const hours = hoursProblem(typed.days);
  if (hours) return refuse({ field: 'openingHours', sentence: hours.sentence, day: hours.day });
  return { ok: true, preparationMinutes: prep.value, pickupHoldHours: hold.value };
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
