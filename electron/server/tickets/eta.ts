import type { OpeningHours } from '../dispensaries/dispensary.js';

/** When an order will be ready and until when it can be picked up. */
export interface PickupWindow {
  readyAt: Date;
  /** Closing time of the day it is ready. */
  pickupBy: Date;
}

interface WallTime {
  year: number;
  month: number;
  day: number;
  weekday: number;
  minutes: number;
}

const partsFormatters = new Map<string, Intl.DateTimeFormat>();
const clockFormatters = new Map<string, Intl.DateTimeFormat>();
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

// Intl formatters are costly to build and this runs for every ticket: keep one per time zone.
function cached(map: Map<string, Intl.DateTimeFormat>, timeZone: string, options: Intl.DateTimeFormatOptions) {
  let formatter = map.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, ...options });
    map.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall-clock date and time at `instant` in `timeZone`. */
function wallTime(instant: Date, timeZone: string): WallTime {
  const formatter = cached(partsFormatters, timeZone, {
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    weekday: 'short',
    hour: 'numeric',
    minute: 'numeric',
  });
  const parts = Object.fromEntries(formatter.formatToParts(instant).map((part) => [part.type, part.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    weekday: WEEKDAYS.indexOf(String(parts.weekday)),
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

/** The instant at which the wall clock in `timeZone` shows `minutes` past midnight on the given date. */
function instantAt(date: Pick<WallTime, 'year' | 'month' | 'day'>, minutes: number, timeZone: string): Date {
  const asUtc = Date.UTC(date.year, date.month - 1, date.day, 0, minutes);
  let guess = asUtc;
  // Two rounds settle the zone offset, including across a daylight-saving change.
  for (let round = 0; round < 2; round += 1) {
    const seen = wallTime(new Date(guess), timeZone);
    const seenAsUtc = Date.UTC(seen.year, seen.month - 1, seen.day, 0, seen.minutes);
    guess += asUtc - seenAsUtc;
  }
  return new Date(guess);
}

/**
 * The calendar day `offset` days after `today`, by the calendar: 24-hour steps from the store's last
 * hour skip a day, or land on the same one, on the nights the clocks change.
 */
function calendarDay(today: WallTime, offset: number): Pick<WallTime, 'year' | 'month' | 'day' | 'weekday'> {
  const day = new Date(Date.UTC(today.year, today.month - 1, today.day + offset));
  return { year: day.getUTCFullYear(), month: day.getUTCMonth() + 1, day: day.getUTCDate(), weekday: day.getUTCDay() };
}

function toMinutes(hhmm: string): number {
  const [hours, minutes] = hhmm.split(':').map(Number);
  return hours! * 60 + minutes!;
}

/**
 * The pickup window of an order placed at `now`: ready after the preparation time if the store is
 * open long enough today, else at the next opening plus the preparation time. Undefined when the
 * store has no opening hours in the coming week.
 */
export function pickupWindow(
  now: Date,
  timeZone: string,
  hours: readonly (OpeningHours | null)[],
  preparationMinutes: number,
): PickupWindow | undefined {
  const today = wallTime(now, timeZone);
  for (let offset = 0; offset < 8; offset += 1) {
    const date = calendarDay(today, offset);
    const window = hours[date.weekday];
    if (!window) continue;
    const open = toMinutes(window.open);
    const close = toMinutes(window.close);
    const start = offset === 0 ? Math.max(today.minutes, open) : open;
    const ready = start + preparationMinutes;
    if (ready > close) continue;
    return { readyAt: instantAt(date, ready, timeZone), pickupBy: instantAt(date, close, timeZone) };
  }
  return undefined;
}

function dayWord(instant: Date, now: Date, timeZone: string): string {
  const day = wallTime(instant, timeZone);
  const today = wallTime(now, timeZone);
  if (day.year === today.year && day.month === today.month && day.day === today.day) return 'today';
  const tomorrow = calendarDay(today, 1);
  if (day.year === tomorrow.year && day.day === tomorrow.day && day.month === tomorrow.month) return 'tomorrow';
  return `on ${DAY_NAMES[day.weekday]}`;
}

/** The customer-facing `eta` sentence of a ticket. */
export function etaMessage(now: Date, timeZone: string, window: PickupWindow | undefined, storeName: string): string {
  if (!window) return `Your order has been received. ${storeName} will confirm when it is ready for pickup.`;
  const clock = cached(clockFormatters, timeZone, { hour: 'numeric', minute: '2-digit' });
  const readyDay = dayWord(window.readyAt, now, timeZone);
  return (
    `Your order will be ready for pickup at ${clock.format(window.readyAt)} ${readyDay}. ` +
    `Please pick it up before ${clock.format(window.pickupBy)} ${readyDay}.`
  );
}
