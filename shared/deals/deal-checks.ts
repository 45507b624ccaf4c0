/**
 * The refusals of one deal's definition (issue 31 "Bad input"), each in words beside its field, so
 * the back office, the API and the CLI refuse the same things the same way. All of them at once:
 * a manager mends a form in one go.
 */
import type { Deal, DealSchedule } from './deal.js';
import { coversEverything } from './scope-index.js';
import { shiftDay } from '../zoned-day.js';
import { DAY_MINUTES, daysBetween, weekdayOf } from './schedule.js';
import { AMOUNT_MAX_CENTS } from '../numbers.js';
import { isPromoCode, PROMO_CODE_REFUSAL } from './promo-code.js';
import { listed } from '../list-words.js';
import { DAY_NAMES, dateWords } from './deal-words.js';

export { overlappingExclusive } from './overlap.js';

/** A refusal: the field (`schedule.endDate`, `breaks[1].weightMg`) and why, in words. */
export interface DealProblem {
  field: string;
  words: string;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const isWhole = (value: number | null): value is number => value !== null && Number.isSafeInteger(value);
const validDate = (date: string) => DATE.test(date) && shiftDay(date, 0) === date;

const MONEY_MAX = '$1,000,000.00';
/** The heaviest break the API takes (shared/contracts/products.ts `PriceBreakSchema`): 1,000 g. */
const WEIGHT_MAX_MG = 1_000_000;

/** Said beside a price of none or less: a free item is a buy X get Y deal's reward, never a price. */
const FREE_ITEM = ' (a free item is a buy X get Y deal)';

/**
 * A price (`priceCents`, `bundlePriceCents`) or an amount off (`amountCents`), in whole cents: more
 * than $0.00 (an amount of none saves nothing; a price of none gives the products away), one refusal
 * for $0.00 and less alike, and at most what the API takes.
 */
function money(deal: Deal, field: 'amountCents' | 'priceCents' | 'bundlePriceCents', what: string): DealProblem[] {
  const value = deal[field];
  const said = capital(what);
  if (value === null) return [{ field, words: `Give ${what}` }];
  if (typeof value !== 'number' || !Number.isFinite(value)) return [{ field, words: `${said} must be an amount` }];
  if (!Number.isInteger(value)) return [{ field, words: `${said} must be in whole cents, such as $19.50` }];
  if (value < 1)
    return [{ field, words: `${said} must be more than $0.00${field === 'amountCents' ? '' : FREE_ITEM}` }];
  if (value > AMOUNT_MAX_CENTS) return [{ field, words: `${said} must be at most ${MONEY_MAX}` }];
  return [];
}

/** A rate off: more than 0 (a deal of 0 % saves nothing), at most 100 %. */
function rate(deal: Deal, what: string): DealProblem[] {
  const value = deal.percentPpm;
  if (value === null) return [{ field: 'percentPpm', words: `Give ${what} (more than 0, at most 100 %)` }];
  if (!isWhole(value) || value <= 0 || value > 1_000_000) {
    return [{ field: 'percentPpm', words: `${capital(what)} must be more than 0 and at most 100 %` }];
  }
  return [];
}

const capital = (words: string) => words.charAt(0).toUpperCase() + words.slice(1);

function count(deal: Deal, field: 'buyQuantity' | 'getQuantity' | 'bundleQuantity', least: number, what: string) {
  const value = deal[field];
  if (value !== null && !isWhole(value)) return [{ field, words: `${capital(what)} must be a whole number` }];
  if (!isWhole(value) || value < least) return [{ field, words: `${capital(what)} must be ${least} or more` }];
  return [];
}

function kindProblems(deal: Deal): DealProblem[] {
  switch (deal.kind) {
    case 'percent':
      return rate(deal, 'the rate off');
    case 'amount':
      return money(deal, 'amountCents', 'the amount off each unit');
    case 'fixed_price':
      return money(deal, 'priceCents', 'the price of each unit');
    case 'buy_get':
      return [
        ...count(deal, 'buyQuantity', 1, 'the units to buy'),
        ...count(deal, 'getQuantity', 1, 'the units that get the reward'),
        ...rate(deal, 'the reward (the rate off, 100 % for free)'),
      ];
    case 'bundle':
      return [
        ...count(deal, 'bundleQuantity', 2, 'the units in a bundle'),
        ...money(deal, 'bundlePriceCents', "the bundle's price"),
        ...(coversEverything(deal.scope)
          ? [
              {
                field: 'scope',
                words: 'A bundle needs products in its scope: name its products, brands, categories or tags',
              },
            ]
          : []),
      ];
    case 'weight_break':
      return breakProblems(deal);
  }
}

function breakProblems(deal: Deal): DealProblem[] {
  if (deal.breaks.length === 0) return [{ field: 'breaks', words: 'Give at least one weight and its price' }];
  return deal.breaks.flatMap((step, index) => {
    const field = `breaks[${index}]`;
    const previous = deal.breaks[index - 1];
    const problems: DealProblem[] = [];
    if (!isWhole(step.weightMg) || step.weightMg <= 0) {
      problems.push({ field: `${field}.weightMg`, words: 'The weight must be more than 0 g' });
    } else if (step.weightMg > WEIGHT_MAX_MG) {
      problems.push({ field: `${field}.weightMg`, words: 'The weight must be at most 1,000 g' });
    } else if (previous && step.weightMg <= previous.weightMg) {
      problems.push({
        field: `${field}.weightMg`,
        words: `Each weight must be heavier than the one before (${previous.weightMg / 1000} g)`,
      });
    }
    if (!isWhole(step.priceCents)) {
      problems.push({ field: `${field}.priceCents`, words: 'The price must be in whole cents, such as $25.00' });
    } else if (step.priceCents < 1) {
      problems.push({ field: `${field}.priceCents`, words: 'The price must be more than $0.00' });
    } else if (step.priceCents > AMOUNT_MAX_CENTS) {
      problems.push({ field: `${field}.priceCents`, words: `The price must be at most ${MONEY_MAX}` });
    }
    return problems;
  });
}

function codeProblems(deal: Deal): DealProblem[] {
  const code = deal.code?.trim() ?? '';
  if (deal.trigger !== 'code') {
    return code ? [{ field: 'code', words: 'Only a deal unlocked by a promo code has a code: clear it' }] : [];
  }
  if (!code) return [{ field: 'code', words: 'Give the promo code that unlocks this deal' }];
  return isPromoCode(code) ? [] : [{ field: 'code', words: PROMO_CODE_REFUSAL }];
}

function minuteProblem(field: 'startMinute' | 'endMinute', minute: number | null): DealProblem[] {
  if (minute === null || (isWhole(minute) && minute >= 0 && minute <= DAY_MINUTES)) return [];
  return [{ field: `schedule.${field}`, words: 'The time must be from 12:00 AM to midnight' }];
}

/** A date of the schedule that is not one: "The end date 2026-02-30 is not a real date". */
function dateProblem(field: 'startDate' | 'endDate', date: string | null): DealProblem[] {
  if (date === null || validDate(date)) return [];
  const which = field === 'startDate' ? 'start date' : 'end date';
  const words = DATE.test(date)
    ? `The ${which} ${date} is not a real date`
    : `The ${which} "${date}" is not a date: write it as YYYY-MM-DD, such as 2026-11-01`;
  return [{ field: `schedule.${field}`, words }];
}

/**
 * "No Wednesday falls between Dec 10, 2026 and Dec 11, 2026", beside the weekdays, or beside the
 * dates when only they changed from `before` (the deal as it was): what the manager just typed.
 */
function noWeekdayBetween(schedule: DealSchedule, before: DealSchedule | null): DealProblem {
  const { startDate: from, endDate: to, weekdays } = schedule;
  const days = listed(
    [...new Set(weekdays)].sort((a, b) => a - b).map((day) => DAY_NAMES[day]!),
    'or',
  );
  const dates = from === to ? `on ${dateWords(from!)}` : `between ${dateWords(from!)} and ${dateWords(to!)}`;
  const datesOnly = before !== null && JSON.stringify(before.weekdays) === JSON.stringify(weekdays);
  const field = !datesOnly
    ? 'schedule.weekdays'
    : before.startDate !== from
      ? 'schedule.startDate'
      : 'schedule.endDate';
  return { field, words: `No ${days} falls ${dates}: the deal would never run` };
}

/**
 * The schedule's refusals: it must be readable, and run at least once. `before`: the schedule as it
 * was (a change), so that a refusal goes beside what changed.
 */
export function scheduleProblems(schedule: DealSchedule, before: DealSchedule | null = null): DealProblem[] {
  const problems: DealProblem[] = [];
  const { startDate: from, endDate: to, startMinute, endMinute, weekdays } = schedule;
  problems.push(...dateProblem('startDate', from), ...dateProblem('endDate', to));
  const datesRead = problems.length === 0;
  if (datesRead && from !== null && to !== null && to < from) {
    problems.push({
      field: 'schedule.endDate',
      words: 'The deal ends before it starts: the end date must be on or after the start',
    });
  }
  problems.push(...minuteProblem('startMinute', startMinute), ...minuteProblem('endMinute', endMinute));
  if ((startMinute === null) !== (endMinute === null)) {
    const field = startMinute === null ? 'schedule.startMinute' : 'schedule.endMinute';
    problems.push({ field, words: 'Give both the start and the end time, or neither (all day)' });
  } else if (startMinute !== null && (startMinute === endMinute || (startMinute === DAY_MINUTES && endMinute === 0))) {
    problems.push({
      field: 'schedule.endMinute',
      words: 'The deal would never run: it starts and ends at the same time',
    });
  }
  const notDay = weekdays.find((day) => !Number.isInteger(day) || day < 0 || day > 6);
  if (notDay !== undefined) {
    const words = `${JSON.stringify(notDay)} is not a weekday: weekdays are 0 (Sunday) to 6 (Saturday)`;
    problems.push({ field: 'schedule.weekdays', words });
  } else if (datesRead && weekdays.length > 0 && from !== null && to !== null && to >= from) {
    const span = daysBetween(from, to);
    const days = Array.from({ length: Math.min(span + 1, 7) }, (_, offset) => weekdayOf(shiftDay(from, offset)));
    if (!days.some((day) => weekdays.includes(day))) problems.push(noWeekdayBetween(schedule, before));
  }
  return problems;
}

/**
 * Every refusal of one deal's definition, in words, naming its field; empty when it may be kept.
 * `before`: the deal as it was, for a change (a refusal goes beside what changed).
 */
export function dealProblems(deal: Deal, before: Pick<Deal, 'schedule'> | null = null): DealProblem[] {
  const problems: DealProblem[] = [];
  if (deal.name.trim() === '') problems.push({ field: 'name', words: 'Give the deal a name' });
  problems.push(...kindProblems(deal), ...codeProblems(deal), ...scheduleProblems(deal.schedule, before?.schedule));
  deal.groups.forEach((group, index) => {
    if (group.kind === 'age' && (!isWhole(group.minAge) || group.minAge < 0)) {
      problems.push({ field: `groups[${index}].minAge`, words: 'The age must be a whole number of years' });
    }
    if (group.kind === 'tier' && group.tierId.trim() === '') {
      problems.push({ field: `groups[${index}].tierId`, words: 'Choose the loyalty tier' });
    }
  });
  for (const field of ['perCustomerLimit', 'totalLimit'] as const) {
    const limit = deal[field];
    if (limit !== null && (!isWhole(limit) || limit < 1)) {
      problems.push({ field, words: 'A limit is 1 use or more: leave it empty for no limit' });
    }
  }
  if (!isWhole(deal.priority)) problems.push({ field: 'priority', words: 'The priority must be a whole number' });
  return problems;
}
