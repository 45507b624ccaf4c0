import { Type } from 'typebox';

/**
 * The ranges of the numbers the service takes and answers, declared once: every schema uses these,
 * so each numeric field of /openapi.json has its maximum, and a request past it is refused at the
 * edge (400, naming the field) before anything is written. JSON numbers are doubles: a whole number
 * past 2^53 − 1 is not held exactly (9007199254740993 reads as 9007199254740992), and every integer
 * column (SQLite `integer`, PostgreSQL `bigint`) is read back as one; so no number goes past it.
 */

/** 2^53 − 1: the largest whole number held exactly, and so the bound of every integer column. */
export const SAFE_MAX = Number.MAX_SAFE_INTEGER;

/** The most one amount of money sent to the service may be: $1,000,000.00, in cents. */
export const AMOUNT_MAX_CENTS = 100_000_000;

/** Dollars as the ticket API's numbers: what stays whole cents within safe integers. */
export const DOLLARS_MAX = Math.floor(SAFE_MAX / 100);

/** The most units of one product a ticket line or a cart line takes. */
export const LINE_QUANTITY_MAX = 100_000;

/** The most a package may hold, in units: a billion (as a catalog import takes it). */
export const QUANTITY_MAX_UNITS = 1_000_000_000;

/** The same in thousandths of the unit, as stock is kept. */
export const QUANTITY_MAX_MILLI = QUANTITY_MAX_UNITS * 1000;

/** Parts per million: a rate or a discount of at most 100 %. */
export const PPM_MAX = 1_000_000;

/** The most a product may weigh, in its unit of weight (as a catalog import takes it). */
export const WEIGHT_MAX = 1_000_000;

/** The most a purchase limit may be, in its unit (milligrams or a count), as state profiles set them. */
export const LIMIT_MAX = 100_000_000;

/**
 * The mark of an amount of money in whole cents: an annotation its schema keeps (and /openapi.json
 * shows, as an OpenAPI extension), so a refusal of the value says the unit and an example
 * (electron/server/http/cents-words.ts) instead of "must be at least 1". It changes nothing of what
 * validates: Ajv and TypeBox ignore a keyword they do not know.
 */
export const CENTS_MARK = { 'x-unit': 'cents' } as const;

const whole = (minimum: number, maximum: number, description?: string, mark: object = {}) =>
  Type.Integer(description === undefined ? { minimum, maximum, ...mark } : { minimum, maximum, description, ...mark });
const number = (minimum: number, maximum: number, description?: string) =>
  Type.Number(description === undefined ? { minimum, maximum } : { minimum, maximum, description });
/** More than 0 and at most `maximum`: 0 and below refused alike, "must be more than 0". */
const aboveZero = (maximum: number, description?: string) =>
  Type.Number(
    description === undefined ? { exclusiveMinimum: 0, maximum } : { exclusiveMinimum: 0, maximum, description },
  );

/** Cents held or added up (a total, a report's sum); negative for discounts, refunds and shortfalls. */
export const Cents = (description?: string) => whole(-SAFE_MAX, SAFE_MAX, description, CENTS_MARK);

/** One amount of money sent in a request, in cents: from `minimum` to $1,000,000.00. */
export const AmountCents = (description?: string, minimum = 0) =>
  whole(minimum, AMOUNT_MAX_CENTS, description, CENTS_MARK);

/** Dollars as a number (the spec's numeric money fields); negative for discounts. */
export const Dollars = (description?: string) => number(-DOLLARS_MAX, DOLLARS_MAX, description);

/** Units of a product (up to three decimals for weighed ones), at most what a package holds. */
export const Quantity = (description?: string) => number(0, QUANTITY_MAX_UNITS, description);

/**
 * Units that must be some (a line that comes back): more than 0, so a negative quantity and 0 are
 * refused alike, "must be more than 0".
 */
export const PositiveQuantity = (description?: string) => aboveZero(QUANTITY_MAX_UNITS, description);

/** A stock figure that may fall below zero (registers that sold offline more than the server held). */
export const SignedQuantity = (description?: string) => number(-QUANTITY_MAX_UNITS, QUANTITY_MAX_UNITS, description);

/** A package's stock in thousandths of its unit. */
export const StockMilli = (description?: string) => whole(0, QUANTITY_MAX_MILLI, description);

/** Thousandths of a unit (a line's quantity, a change of stock): up or down by at most what a package holds. */
export const Milli = (description?: string) => whole(-QUANTITY_MAX_MILLI, QUANTITY_MAX_MILLI, description);

/** A product's weight, in its unit (fractions too). */
export const Weight = (description?: string) => number(0, WEIGHT_MAX, description);

/** An amount of a purchase limit, in its unit (milligrams or a count). */
export const LimitAmount = (description?: string) => whole(0, LIMIT_MAX, description);

/** Minutes within a day (a preparation time). */
export const DayMinutes = (description?: string) => whole(0, 24 * 60, description);

/** Milligrams of cannabis weight or THC. */
export const Milligrams = (description?: string) => whole(0, SAFE_MAX, description);

/** How many of something (orders, rows, attempts, bytes…). */
export const Count = (description?: string) => whole(0, SAFE_MAX, description);

/** A time taken, in seconds (fractions of a second too). */
export const Seconds = (description?: string) => number(0, SAFE_MAX, description);

/** An HTTP status code a receiver answered. */
export const HttpStatus = (description?: string) => whole(100, 599, description);

/** A number the service gives a row (an address, a tax rate): from 1. */
export const RowNumber = (description?: string) => whole(1, SAFE_MAX, description);

/** A change's place in a register's forward queue: from 1. */
export const Sequence = (description?: string) => whole(1, SAFE_MAX, description);

/** The last change of a register's queue applied or let go: 0 for none yet. */
export const SequenceMark = (description?: string) => whole(0, SAFE_MAX, description);

/** A percentage of at most 100 (a rate, a discount), as a number: 7.25. */
export const Percent = (description?: string) => number(0, 100, description);

/**
 * A rate taken off (a deal's): more than 0 — a deal of 0 % saves nothing — and at most 100, as a
 * number: 20, 12.5.
 */
export const PercentOff = (description?: string) => aboveZero(100, description);

/** Rates added up (a tax class of several rates), as a number: each rate is at most 100 %. */
export const PercentSum = (description?: string) => number(0, SAFE_MAX / 10_000, description);

/** Parts per million: 72500 is 7.25 %. */
export const Ppm = (description?: string) => whole(0, PPM_MAX, description);

/** A value of a column of a table row sent as it is (a register's forwarded row): text, a number, or null. */
export const ColumnValue = Type.Union([Type.String(), number(-SAFE_MAX, SAFE_MAX), Type.Null()]);
