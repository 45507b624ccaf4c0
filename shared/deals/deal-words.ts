/**
 * A deal in words a manager reads at a glance: what it gives, on what, to whom and when
 * ("20 % off Edibles, Wednesdays", "Any 3 of Pre-rolls for $20.00, code SPRING10").
 */
import { categoryLabel } from '../labels.js';
import { listed } from '../list-words.js';
import { formatMoney, formatPercent } from '../money.js';
import type { CustomerGroup, Deal, DealSchedule, DealScope } from './deal.js';
import {
  DAY_MINUTES,
  acrossMidnight,
  hoursOf,
  lastRunBefore,
  runsAt,
  weekdayOf,
  type StoreMoment,
} from './schedule.js';

/** The weekdays' names, 0 Sunday … 6 Saturday. */
export const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "10:00 AM", "12:00 AM" (midnight, at 0 and at 1440). */
export function minuteWords(minute: number): string {
  const hour = Math.floor((minute % DAY_MINUTES) / 60);
  const twelve = hour % 12 === 0 ? 12 : hour % 12;
  return `${twelve}:${String(minute % 60).padStart(2, '0')} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** "Mar 1, 2027" from `2027-03-01`. */
export function dateWords(date: string): string {
  const [year, month, day] = date.split('-').map(Number);
  return `${MONTHS[month! - 1] ?? '?'} ${day}, ${year}`;
}

/**
 * A deal whose last day has passed in the store's time (`today`): it never runs again, which a
 * manager sees beside it (a year typed wrong, a season over). Null while it may still run.
 */
export function endedWords({ endDate }: Pick<DealSchedule, 'endDate'>, today: string): string | null {
  if (endDate === null || endDate >= today) return null;
  return `It ended on ${dateWords(endDate)} and no longer applies: change its dates to run it again, or archive it`;
}

/**
 * A deal that never runs again from `now` (the store's moment), said as its ended one is: its last
 * day has passed (endedWords), or no run of its days and hours is left before it ends (a Wednesday
 * deal ending on Sunday, on Saturday; today's hours over), named by when it last ran or could have.
 */
export function noRunLeftWords(schedule: DealSchedule, now: StoreMoment): string | null {
  // Running now: the hours its last day began past midnight still run this morning (Fri 10 PM–2 AM
  // ending on Friday, at 1 AM on Saturday), so it has not ended yet.
  if (runsAt(schedule, now.date, now.weekday, now.minute)) return null;
  const ended = endedWords(schedule, now.date);
  if (ended !== null) return ended;
  const last = lastRunBefore(schedule, now);
  if (last === null) return null;
  const day = schedule.weekdays.length > 0 ? `${DAY_NAMES[weekdayOf(last.date)]}, ` : '';
  const hours = schedule.startMinute === null ? '' : `, ${minuteWords(last.start)}–${minuteWords(last.end)},`;
  return (
    `It could last run on ${day}${dateWords(last.date)}${hours} and no longer applies: ` +
    'change its dates, days or hours to run it again, or archive it'
  );
}

function daysWords(weekdays: readonly number[], short: boolean): string {
  const days = [...new Set(weekdays)].filter((day) => day >= 0 && day <= 6).sort((a, b) => a - b);
  if (days.length === 0 || days.length === 7) return 'Every day';
  if (days.join() === '1,2,3,4,5') return 'Weekdays';
  if (days.join() === '0,6') return 'Weekends';
  if (days.length === 1 && !short) return `${DAY_NAMES[days[0]!]}s`;
  return days.map((day) => DAY_NAMES[day]!.slice(0, 3)).join(', ');
}

/**
 * "Every day", "Wednesdays, 10:00 AM–2:00 PM", "Fri 10:00 PM–2:00 AM" (hours across midnight
 * name the day they begin), with the dates when it has any ("…, Mar 1, 2027 to Mar 31, 2027"); a
 * deal of one date is that date's ("Dec 6, 2026 only", "Dec 6, 2026 only, 4:00 PM–7:00 PM"), never
 * "Every day" from a date to the same.
 */
export function scheduleWords(schedule: DealSchedule): string {
  const allDay = schedule.startMinute === null && schedule.endMinute === null;
  const { start, end } = hoursOf(schedule);
  const hours = `${minuteWords(start)}–${minuteWords(end)}`;
  if (schedule.startDate !== null && schedule.startDate === schedule.endDate) {
    const day = `${dateWords(schedule.startDate)} only`;
    return allDay ? day : `${day}, ${hours}`;
  }
  const everyDay = daysWords(schedule.weekdays, false) === 'Every day';
  let words = daysWords(schedule.weekdays, acrossMidnight(schedule));
  if (!allDay) {
    if (everyDay) words = `${words}, ${hours}`;
    else words = acrossMidnight(schedule) ? `${words} ${hours}` : `${words}, ${hours}`;
  }
  const { startDate: from, endDate: to } = schedule;
  if (from && to) return `${words}, ${dateWords(from)} to ${dateWords(to)}`;
  if (from) return `${words}, from ${dateWords(from)}`;
  if (to) return `${words}, until ${dateWords(to)}`;
  return words;
}

const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * The names behind the ids a deal holds, when the caller knows them (the service and the back
 * office do; the engine alone does not): without them products are counted ("2 products") and a
 * tier is "a loyalty tier", never shown by its id.
 */
export interface DealNames {
  product?: (id: string) => string | undefined;
  tier?: (id: string) => string | undefined;
}

/** How many products a scope names before the rest are counted ("A, B, C and 4 more"). */
const FEW_PRODUCTS = 3;

/**
 * "Edibles", "brand Kiva", "Edibles and brand Kiva", "Blue Dream 3.5g", "A, B, C and 4 more",
 * "2 products", "every product".
 */
export function scopeWords(scope: DealScope, names: DealNames = {}): string {
  const parts = [
    ...scope.categories.map((category) => categoryLabel(category.toUpperCase())),
    ...(scope.brands.length > 0 ? [`${scope.brands.length > 1 ? 'brands' : 'brand'} ${listed(scope.brands)}`] : []),
    ...scope.tags.map(capital),
  ];
  const named = scope.productIds.map((id) => names.product?.(id));
  const count = scope.productIds.length;
  if (named.some((name) => name === undefined)) parts.push(`${count} product${count > 1 ? 's' : ''}`);
  else if (count <= FEW_PRODUCTS + 1) parts.push(...(named as string[]));
  else parts.push(...(named.slice(0, FEW_PRODUCTS) as string[]), `${count - FEW_PRODUCTS} more`);
  return parts.length > 0 ? listed(parts) : 'every product';
}

const GROUP_WORDS: Record<Exclude<CustomerGroup['kind'], 'age' | 'tier'>, string> = {
  medical: 'medical patients',
  adult_use: 'adult-use customers',
  veteran: 'veterans',
  first_visit: 'first-time customers',
};

/** "medical patients and veterans", "customers 55 and over", "Gold tier members". */
export function groupWords(groups: readonly CustomerGroup[], names: DealNames = {}): string {
  return listed(
    groups.map((group) => {
      if (group.kind === 'age') return `customers ${group.minAge} and over`;
      if (group.kind === 'tier') {
        const tier = names.tier?.(group.tierId);
        return tier ? `${tier} tier members` : 'members of a loyalty tier';
      }
      return GROUP_WORDS[group.kind];
    }),
  );
}

function gives(deal: Deal, on: string, names: DealNames): string {
  const scope = on === 'every product' ? '' : on;
  const money = (cents: number | null) => formatMoney(cents ?? 0);
  switch (deal.kind) {
    case 'percent':
      return `${formatPercent(deal.percentPpm ?? 0)} % off${scope ? ` ${scope}` : ''}`;
    case 'amount':
      return `${money(deal.amountCents)} off each${scope ? `: ${scope}` : ''}`;
    case 'fixed_price':
      return `${money(deal.priceCents)} each${scope ? `: ${scope}` : ''}`;
    case 'bundle':
      return `Any ${deal.bundleQuantity ?? 0} of ${on} for ${money(deal.bundlePriceCents)}`;
    case 'buy_get': {
      const rate = deal.percentPpm ?? 0;
      const reward = rate >= 1_000_000 ? 'free' : `${formatPercent(rate)} % off`;
      if (deal.getScope) {
        return `Buy ${deal.buyQuantity ?? 0} of ${on}, get ${deal.getQuantity ?? 0} of ${scopeWords(deal.getScope, names)} ${reward}`;
      }
      return `Buy ${deal.buyQuantity ?? 0} get ${deal.getQuantity ?? 0} ${reward}${scope ? `: ${scope}` : ''}`;
    }
    case 'weight_break': {
      const steps = deal.breaks.map((step) => `${step.weightMg / 1000} g for ${money(step.priceCents)}`);
      return `${listed(steps)}${scope ? `: ${scope}` : ''}`;
    }
  }
}

/** A limit's count in words: "once", "3 times". */
export const timesWords = (times: number) => (times === 1 ? 'once' : `${times.toLocaleString('en-US')} times`);

/** A deal's use limits: "once per customer", "once per customer, 100 times in all"; '' without any. */
export function limitWords(deal: Pick<Deal, 'perCustomerLimit' | 'totalLimit'>): string {
  return [
    deal.perCustomerLimit === null ? '' : `${timesWords(deal.perCustomerLimit)} per customer`,
    deal.totalLimit === null ? '' : `${timesWords(deal.totalLimit)} in all`,
  ]
    .filter(Boolean)
    .join(', ');
}

/**
 * One line a manager reads: "20 % off Edibles, Wednesdays", "10 % off for medical patients",
 * "$5.00 off each: Snickerdoodle Cookie, code ONCE5, once in all" (its use limits last).
 */
export function dealSummary(deal: Deal, names: DealNames = {}): string {
  let words = gives(deal, scopeWords(deal.scope, names), names);
  if (deal.groups.length > 0) words += ` for ${groupWords(deal.groups, names)}`;
  const when = scheduleWords(deal.schedule);
  if (when !== 'Every day') words += `, ${when}`;
  if (deal.trigger === 'code' && deal.code) words += `, code ${deal.code}`;
  if (deal.trigger === 'cashier') words += ", at the cashier's choice";
  const limits = limitWords(deal);
  if (limits) words += `, ${limits}`;
  return words;
}
