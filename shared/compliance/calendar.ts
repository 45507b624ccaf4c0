/**
 * Calendar dates (`YYYY-MM-DD`) with no time and no zone: a date of birth, an ID's expiry, the store's
 * today. They are compared as dates, never turned into instants, so no computer's zone can shift
 * a birthday by a day. The store's today comes from `zonedDate(now, timeZone)` (shared/zoned-day.ts).
 */

/** A calendar date `YYYY-MM-DD`. */
export type IsoDate = string;

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** The date `year-month-day` as `YYYY-MM-DD`, or undefined when no such day exists (Feb 30, month 13). */
export function calendarDate(year: number, month: number, day: number): IsoDate | undefined {
  if (![year, month, day].every(Number.isInteger)) return undefined;
  if (year < 1 || year > 9999 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) {
    return undefined;
  }
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** True when `text` is a real `YYYY-MM-DD` date (not "2026-02-30"). */
export function isIsoDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  return match !== null && calendarDate(Number(match[1]), Number(match[2]), Number(match[3])) === text;
}

function parts(date: IsoDate): [number, number, number] {
  return date.split('-').map(Number) as [number, number, number];
}

/**
 * Whole years from `birth` to `on`. A birthday counts once its month and day are reached, so someone
 * born on February 29 has their birthday on March 1 in a year without one (never a day early).
 */
export function ageOn(birth: IsoDate, on: IsoDate): number {
  const [birthYear, birthMonth, birthDay] = parts(birth);
  const [year, month, day] = parts(on);
  const reached = month > birthMonth || (month === birthMonth && day >= birthDay);
  return year - birthYear - (reached ? 0 : 1);
}

/** The day someone born on `birth` turns `age`: Feb 29 births turn it on March 1 in common years. */
export function birthdayOf(birth: IsoDate, age: number): IsoDate {
  const [year, month, day] = parts(birth);
  return calendarDate(year + age, month, day) ?? calendarDate(year + age, 3, 1)!;
}

/** "March 3, 2026" */
export function longDate(date: IsoDate): string {
  const [year, month, day] = parts(date);
  return `${MONTHS[month - 1]} ${day}, ${year}`;
}
