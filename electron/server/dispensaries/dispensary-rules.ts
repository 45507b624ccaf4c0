import { CASH_MOVEMENT_KINDS, type CashMovementKind } from '../../../shared/contracts/cash.js';
import type { LoyaltyProgramme } from '../../../shared/contracts/loyalty.js';
import { expiryMonthsProblem } from '../../../shared/loyalty/expiry.js';
import { tierProblems } from '../../../shared/loyalty/points.js';
import { programmeLimitProblem } from '../../../shared/loyalty/programme-limits.js';
import { PRODUCT_TYPES, productTypeFrom } from '../../../shared/catalog/product-types.js';
import { listed } from '../../../shared/list-words.js';
import { categoryLabel } from '../../../shared/labels.js';
import {
  OFFLINE_CARD_CAP_MAX_CENTS,
  PICKUP_HOLD_HOURS_MAX,
  PICKUP_HOLD_HOURS_MIN,
  type OfflineCards,
} from '../../../shared/contracts/setup.js';
import { invalidInput, ServicePayError } from '../../../shared/errors.js';
import { formatMoney } from '../../../shared/money.js';
import { toMilli } from '../../../shared/quantity.js';
import type { NewDispensary, OpeningHours } from './dispensary.js';

/** Kebab case, as the spec requires of `dispensaryShortName`. */
export const SHORT_NAME_PATTERN = '^[a-z0-9]+(-[a-z0-9]+)*$';
export const SHORT_NAME_MAX_LENGTH = 10;
const SHORT_NAME = new RegExp(SHORT_NAME_PATTERN);
const CLOCK = /^(?:([01]\d|2[0-3]):([0-5]\d)|(24):(00))$/;

/** Sunday first, as `openingHours` is stored. */
export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** The dispensary short name, or INVALID_INPUT naming `shortName`. */
export function checkShortName(value: string, field = 'shortName'): string {
  if (!SHORT_NAME.test(value)) throw invalidInput(field, 'must be kebab case (a-z, 0-9 and single dashes)');
  if (value.length > SHORT_NAME_MAX_LENGTH) {
    throw invalidInput(field, `must be at most ${SHORT_NAME_MAX_LENGTH} characters`);
  }
  return value;
}

/** The canonical IANA name of a time zone ("america/los_angeles" → "America/Los_Angeles"). */
export function checkTimezone(value: string, field = 'timezone'): string {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    throw invalidInput(field, `must be an IANA time zone such as America/Los_Angeles, not "${value}"`);
  }
}

/** Minutes since local midnight of an "HH:MM" clock time, or undefined when it is not one. */
export function clockMinutes(value: string): number | undefined {
  const match = CLOCK.exec(value);
  if (!match) return undefined;
  return Number(match[1] ?? match[3]) * 60 + Number(match[2] ?? match[4]);
}

/**
 * Seven days of hours, Sunday first, each null (closed) or an open and a close time on the same day.
 * Hours past midnight are not supported: a day closes at "24:00" at the latest.
 */
export function checkOpeningHours(
  value: readonly (OpeningHours | null)[],
  field = 'openingHours',
): (OpeningHours | null)[] {
  if (value.length !== 7) throw invalidInput(field, 'must have 7 entries, Sunday first');
  return value.map((day, index) => {
    if (day === null) return null;
    const where = `${field}[${index}]`;
    const open = clockMinutes(day.open);
    const close = clockMinutes(day.close);
    if (open === undefined || open === 24 * 60)
      throw invalidInput(`${where}.open`, 'must be a time HH:MM from 00:00 to 23:59');
    if (close === undefined) throw invalidInput(`${where}.close`, 'must be a time HH:MM from 00:01 to 24:00');
    if (close <= open) throw invalidInput(`${where}.close`, `must be later than open (${day.open}) on the same day`);
    return { open: day.open, close: day.close };
  });
}

/** Preparation time of an order in whole minutes, 0 to one day. */
export function checkPreparationMinutes(value: number, field = 'preparationMinutes'): number {
  if (!Number.isSafeInteger(value) || value < 0 || value > 24 * 60) {
    throw invalidInput(field, 'must be a whole number of minutes from 0 to 1440');
  }
  return value;
}

/**
 * Parses hours as typed on a command line: one range for every day ("09:00-21:00"), or seven
 * comma-separated entries, Sunday first, each a range or "closed".
 */
export function parseOpeningHours(text: string, field = 'hours'): (OpeningHours | null)[] {
  const parts = text.split(',').map((part) => part.trim());
  if (parts.length !== 1 && parts.length !== 7) {
    throw invalidInput(
      field,
      'must be one range such as 09:00-21:00, or 7 comma-separated ranges or "closed", Sunday first',
    );
  }
  const days = parts.map((part, index) => {
    if (/^closed$/i.test(part)) return null;
    const match = /^(\d{2}:\d{2})\s*-\s*(\d{2}:\d{2})$/.exec(part);
    if (!match) throw invalidInput(`${field}[${index}]`, `must be HH:MM-HH:MM or "closed", not "${part}"`);
    return { open: match[1]!, close: match[2]! };
  });
  return checkOpeningHours(days.length === 1 ? Array<OpeningHours | null>(7).fill(days[0]!) : days, field);
}

/** A store's name as customers see it, trimmed: 1 to 200 characters. */
export function checkStoreName(value: string, field = 'name'): string {
  const name = value.trim();
  if (name.length === 0 || name.length > 200) throw invalidInput(field, 'must be 1 to 200 characters');
  return name;
}

/**
 * A state licence number as the store's receipts print it ("C10-0000123-LIC"): trimmed, in upper
 * case, 1 to 50 letters, digits, spaces, dashes, dots or slashes; empty or null clears it.
 */
export function checkLicenceNumber(value: string | null, field = 'licenceNumber'): string | null {
  const licence = (value ?? '').trim().toUpperCase();
  if (licence === '') return null;
  if (licence.length > 50) throw invalidInput(field, 'must be at most 50 characters');
  if (!/^[A-Z0-9][A-Z0-9 ./-]*$/.test(licence)) {
    throw invalidInput(
      field,
      'may hold only letters, digits, spaces, dashes, dots and slashes, such as C10-0000123-LIC',
    );
  }
  return licence;
}

/**
 * The caps of card payments stored offline: whole cents from 0 to $100,000.00, one payment's cap
 * no larger than the total (a payment over the total could never be stored).
 */
export function checkOfflineCards(value: OfflineCards, field = 'offlineCards'): OfflineCards {
  for (const key of ['maxCents', 'totalCents'] as const) {
    const cents = value[key];
    if (!Number.isSafeInteger(cents) || cents < 0 || cents > OFFLINE_CARD_CAP_MAX_CENTS) {
      throw invalidInput(`${field}.${key}`, `must be whole cents from 0 to ${OFFLINE_CARD_CAP_MAX_CENTS}`);
    }
  }
  if (value.maxCents > value.totalCents) {
    throw invalidInput(
      `${field}.maxCents`,
      `(${formatMoney(value.maxCents)}) is over the ${formatMoney(value.totalCents)} all stored payments may ` +
        'add up to: a payment that large could never be stored',
    );
  }
  return { maxCents: value.maxCents, totalCents: value.totalCents };
}

/**
 * The hours an order packed and ready for pickup is held: whole hours from 1 to 720 (30 days). A
 * shorter hold would cancel orders before a customer could come; a longer one keeps stock off the
 * shelf for a month.
 */
export function checkPickupHoldHours(value: number, field = 'pickupHoldHours'): number {
  if (!Number.isSafeInteger(value) || value < PICKUP_HOLD_HOURS_MIN || value > PICKUP_HOLD_HOURS_MAX) {
    throw invalidInput(
      field,
      `must be a whole number of hours from ${PICKUP_HOLD_HOURS_MIN} to ${PICKUP_HOLD_HOURS_MAX} (30 days), ` +
        `not ${Number.isFinite(value) ? value : JSON.stringify(String(value))}`,
    );
  }
  return value;
}

const isMovementKind = (value: string): value is CashMovementKind =>
  (CASH_MOVEMENT_KINDS as readonly string[]).includes(value);

/** The movements needing a manager's PIN, as stored (a JSON array): known kinds, in their order. */
export function parseManagerApproval(stored: string): CashMovementKind[] {
  const kinds = JSON.parse(stored) as string[];
  return CASH_MOVEMENT_KINDS.filter((kind) => kinds.includes(kind));
}

/**
 * The movements needing a manager's PIN as a person writes them: `paid_out,safe_drop`, or `none`.
 * Answers them in their order, each once.
 */
export function parseMovementKinds(text: string, field = 'managerApproval'): CashMovementKind[] {
  const words = text.trim().toLowerCase() === 'none' ? [] : text.split(',').map((word) => word.trim());
  const unknown = words.find((word) => !isMovementKind(word));
  if (unknown !== undefined) {
    throw invalidInput(field, `has ${JSON.stringify(unknown)}: use ${CASH_MOVEMENT_KINDS.join(', ')} or none`);
  }
  return CASH_MOVEMENT_KINDS.filter((kind) => words.includes(kind));
}

/** Checks every field of a new dispensary; answers it trimmed and with the canonical time zone name. */
export function checkNewDispensary(input: NewDispensary): NewDispensary {
  return {
    ...input,
    shortName: checkShortName(input.shortName),
    name: checkStoreName(input.name),
    timezone: checkTimezone(input.timezone),
    openingHours: checkOpeningHours(input.openingHours),
    preparationMinutes: checkPreparationMinutes(input.preparationMinutes),
    address: checkAddress(input.address),
  };
}

function checkAddress(address: NewDispensary['address']): NewDispensary['address'] {
  const trimmed = { ...address };
  for (const field of ['street', 'city', 'state', 'zip'] as const) {
    trimmed[field] = address[field].trim();
    if (trimmed[field].length === 0 || trimmed[field].length > 200) {
      throw invalidInput(`address.${field}`, 'must be 1 to 200 characters');
    }
  }
  // A US store's state and ZIP code as its receipts and the state's records print them.
  if ((address.country ?? 'US').trim().toUpperCase() === 'US') {
    trimmed.state = trimmed.state.toUpperCase();
    if (!/^[A-Z]{2}$/.test(trimmed.state)) {
      throw invalidInput('address.state', `must be the state's two letters, such as CA, not "${address.state}"`);
    }
    if (!/^\d{5}(-\d{4})?$/.test(trimmed.zip)) {
      throw invalidInput('address.zip', `must be a ZIP code of 5 digits (or ZIP+4: 95816-1234), not "${address.zip}"`);
    }
  }
  const { latitude, longitude } = address;
  if (latitude !== null && !(Number.isFinite(latitude) && Math.abs(latitude) <= 90)) {
    throw invalidInput('address.latitude', 'must be a number from -90 to 90');
  }
  if (longitude !== null && !(Number.isFinite(longitude) && Math.abs(longitude) <= 180)) {
    throw invalidInput('address.longitude', 'must be a number from -180 to 180');
  }
  return trimmed;
}

/**
 * The adjustments' PIN policy a manager sets, in the product's unit: null (no PIN), or a quantity of
 * at most three decimals, stored in thousandths.
 */
export function checkAdjustmentPinAbove(value: number | null, field = 'adjustmentPinAbove'): number | null {
  if (value === null) return null;
  const milli = toMilli(value);
  if (milli === undefined || milli < 0) {
    throw invalidInput(
      field,
      `must be a quantity of at most three decimals (0: every adjustment needs a PIN) or null (none does), not ${value}`,
    );
  }
  return milli;
}

/** The manual discounts needing a manager's PIN: a whole percent of the sale (0: every one), or null (none does). */
export function checkManualDiscountPin(value: number | null): number | null {
  if (value === null || (Number.isInteger(value) && value >= 0 && value <= 100)) return value;
  throw new ServicePayError(
    'INVALID_INPUT',
    `Manual discounts need a manager's PIN above a whole percent from 0 (every one) to 100, or never; not ${value}`,
    { field: 'manualDiscountPinAbove' },
  );
}

/** A loyalty programme as it may be saved: its tiers by their minimum, each problem refused in words. */
export function checkLoyalty(programme: LoyaltyProgramme): LoyaltyProgramme {
  const limit = programmeLimitProblem(programme);
  if (limit !== null) throw invalidInput(limit.field, limit.words);
  // Each problem beside its own field: a tier's, or the programme's points per dollar.
  const problem = tierProblems(programme)[0];
  if (problem !== undefined) {
    throw invalidInput(
      problem.field === 'pointsPerDollar' ? 'loyalty.pointsPerDollar' : 'loyalty.tiers',
      problem.words,
    );
  }
  const expiry = expiryMonthsProblem(programme.expiryMonths);
  if (expiry !== null) throw invalidInput('loyalty.expiryMonths', expiry);
  const tiers = programme.tiers
    .map((tier) => ({ ...tier, name: tier.name.trim() }))
    .sort((a, b) => a.minPoints - b.minPoints);
  const excludedTypes = programme.excludedTypes.map((text) => {
    const type = productTypeFrom(text);
    // The back office shows this beside its categories: their names, each of which is taken as written.
    const known = listed(PRODUCT_TYPES.map(categoryLabel), 'or');
    if (!type) throw invalidInput('loyalty.excludedTypes', `"${text}" is not a product category: write ${known}`);
    return type;
  });
  return { ...programme, excludedTypes: [...new Set(excludedTypes)].sort(), tiers };
}
