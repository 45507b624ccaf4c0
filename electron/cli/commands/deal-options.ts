import type { Command } from 'commander';
import type { DealUpdate } from '../../../shared/contracts/deals.js';
import { CUSTOMER_GROUP_KINDS, DEAL_KINDS, DEAL_TRIGGERS } from '../../../shared/deals/deal.js';
import { invalidInput } from '../../../shared/errors.js';
import { parseDecimal } from '../../../shared/money.js';
import { dollarsAsCents } from '../arguments.js';
import { weekdaysOf } from './deal-days.js';

/** What `deals add|set` take, as commander reads them; read in dealFields. */
export interface DealOptions {
  dispensary: string;
  name?: string;
  kind?: string;
  percent?: string;
  amount?: string;
  price?: string;
  buy?: string;
  get?: string;
  getProducts?: string;
  bundle?: string;
  bundlePrice?: string;
  break?: string[];
  products?: string;
  brands?: string;
  categories?: string;
  tags?: string;
  from?: string;
  to?: string;
  days?: string;
  hours?: string;
  groups?: string;
  trigger?: string;
  code?: string;
  exclusive?: boolean;
  stackable?: boolean;
  priority?: string;
  perCustomer?: string;
  uses?: string;
}

/** The service's field names as the commands name them, for refusals. */
export const DEAL_FIELDS = {
  name: '--name',
  kind: '--kind',
  percent: '--percent',
  amountCents: '--amount',
  priceCents: '--price',
  buyQuantity: '--buy',
  getQuantity: '--get',
  'getScope.productIds': '--get-products',
  bundleQuantity: '--bundle',
  bundlePriceCents: '--bundle-price',
  breaks: '--break',
  'breaks[].weightMg': '--break',
  'breaks[].priceCents': '--break',
  'scope.productIds': '--products',
  'scope.brands': '--brands',
  'scope.categories': '--categories',
  'scope.tags': '--tags',
  'schedule.startDate': '--from',
  'schedule.endDate': '--to',
  'schedule.weekdays': '--days',
  'schedule.startMinute': '--hours',
  'schedule.endMinute': '--hours',
  groups: '--groups',
  'groups[].minAge': '--groups',
  'groups[].tierId': '--groups',
  trigger: '--trigger',
  code: '--code',
  priority: '--priority',
  perCustomerLimit: '--per-customer',
  totalLimit: '--uses',
};

const list = (value: string | undefined) =>
  value === undefined ? undefined : value.trim().toLowerCase() === 'none' ? [] : value.split(',').map((v) => v.trim());

const dollars = (option: string, value: string) => dollarsAsCents(option, value, { example: '20.00' });

/**
 * A price or an amount off: more than $0.00, one refusal for $0.00 and less (a price of none gives the
 * products away: `free` says what gives them instead).
 */
function moreThanNothing(option: string, value: string, free = false): number {
  const cents = parseDecimal(value.trim().replace(/^\$/, ''));
  if (cents !== undefined && cents <= 0) {
    const instead = free ? ' (a free item is a buy X get Y deal)' : '';
    throw invalidInput(option, `must be more than $0.00${instead}, not "${value}"`);
  }
  return dollars(option, value);
}

function whole(option: string, value: string | undefined): number | null | undefined {
  if (value === undefined) return undefined;
  if (value.trim().toLowerCase() === 'none') return null;
  const parsed = Number(value);
  if (!Number.isInteger(parsed)) throw invalidInput(option, `must be a whole number, not "${value}"`);
  return parsed;
}

/**
 * "16:00-19:00" (or 4pm-7pm) as minutes after midnight; "none": all day. A time of no clock (25:00,
 * 10:75, 13pm) is refused in the words a person reads a clock in; 24:00 is midnight, as an end.
 */
function hours(value: string): { startMinute: number | null; endMinute: number | null } {
  if (value.trim().toLowerCase() === 'none') return { startMinute: null, endMinute: null };
  const minute = (time: string) => {
    const match = /^(\d{1,2})(?::(\d{2}))?\s*(am|pm)?$/i.exec(time.trim());
    if (!match) throw invalidInput('--hours', `must be like 16:00-19:00 or 4pm-7pm, not "${value}"`);
    let hour = Number(match[1]);
    const minutes = Number(match[2] ?? 0);
    const pm = match[3]?.toLowerCase();
    const clock = pm ? hour >= 1 && hour <= 12 : hour < 24 || (hour === 24 && minutes === 0);
    if (!clock || minutes > 59) {
      throw invalidInput(
        '--hours',
        `must be times from 12:00 AM to midnight, like 16:00-19:00 or 4pm-7pm, not "${value}"`,
      );
    }
    if (pm === 'pm' && hour < 12) hour += 12;
    if (pm === 'am' && hour === 12) hour = 0;
    return hour * 60 + minutes;
  };
  const [start, end, extra] = value.split('-');
  if (start === undefined || end === undefined || extra !== undefined) {
    throw invalidInput('--hours', `must be a start and an end, like 16:00-19:00, not "${value}"`);
  }
  return { startMinute: minute(start), endMinute: minute(end) };
}

function groups(value: string): NonNullable<DealUpdate['groups']> {
  return (list(value) ?? []).map((word) => {
    const [kind = '', detail] = word.split(':');
    if (!(CUSTOMER_GROUP_KINDS as readonly string[]).includes(kind)) {
      throw invalidInput(
        '--groups',
        `must be of ${CUSTOMER_GROUP_KINDS.join(', ')} (age:65, tier:Gold), not "${word}"`,
      );
    }
    if (kind === 'age') return { kind: 'age', minAge: Number(detail) };
    if (kind === 'tier') return { kind: 'tier', tierId: detail ?? '' };
    return { kind: kind as 'medical' };
  });
}

const collect = (value: string, previous: string[] = []) => [...previous, value];

/** `--kind percent`, `--trigger code`: one of `choices` as typed, refused naming the option and them. */
function oneOf<T extends string>(option: string, value: string | undefined, choices: readonly T[]): T | undefined {
  if (value === undefined || (choices as readonly string[]).includes(value)) return value as T | undefined;
  throw invalidInput(option, `must be one of ${choices.join(', ')}, not "${value}"`);
}

function percent(value: string): number | null {
  if (value.trim().toLowerCase() === 'none') return null;
  const parsed = Number(value.replace(/%$/, ''));
  // 0 saves nothing: refused as a percent past 100 is, in one set of words.
  if (value.trim() === '' || !Number.isFinite(parsed) || parsed <= 0 || parsed > 100) {
    throw invalidInput('--percent', `must be more than 0 and at most 100, like 20 or 12.5, not "${value}"`);
  }
  return parsed;
}

/** `--get-products a,b`: the products a buy_get rewards; none: the same as it is on. */
function getScopeOf(value: string | undefined): DealUpdate['getScope'] {
  const ids = list(value);
  if (ids === undefined) return undefined;
  return ids.length === 0 ? null : { productIds: ids, brands: [], categories: [], tags: [] };
}

/** Adds a deal's field options to `add` or `set`. */
export function dealFieldOptions(command: Command): Command {
  return command
    .option('--name <name>', 'what people read: "Wednesday edibles"')
    .option('--kind <kind>', DEAL_KINDS.join(', '))
    .option(
      '--percent <percent>',
      'percent off, more than 0 and at most 100 (percent); buy_get: percent off the units got (100: free)',
    )
    .option('--amount <dollars>', 'amount: dollars off each unit')
    .option('--price <dollars>', 'fixed_price: each unit’s price')
    .option('--buy <units>', 'buy_get: units to buy')
    .option('--get <units>', 'buy_get: units rewarded')
    .option('--get-products <ids>', 'buy_get: the products rewarded (ids or SKUs, comma-separated; default: the same)')
    .option('--bundle <units>', 'bundle: units in one bundle')
    .option('--bundle-price <dollars>', 'bundle: what one bundle costs')
    .option('--break <grams=dollars>', 'weight_break: a weight’s price, e.g. 3.5=25.00 (repeat it)', collect)
    .option('--products <ids>', 'products it is on (ids or SKUs, comma-separated; none: clear)')
    .option('--brands <names>', 'brands it is on (comma-separated)')
    .option('--categories <names>', 'categories it is on: FLOWER, EDIBLE, PREROLL… (comma-separated)')
    .option('--tags <names>', 'tags it is on (comma-separated)')
    .option('--from <date>', 'first day, YYYY-MM-DD (none: open)')
    .option('--to <date>', 'last day, YYYY-MM-DD (none: open)')
    .option('--days <days>', 'weekdays: wed, a list such as fri,sat, or a range such as mon-fri (none: every day)')
    .option('--hours <from-to>', 'hours in store time, e.g. 16:00-19:00 or 10pm-2am (none: all day)')
    .option(
      '--groups <groups>',
      'for: medical, adult_use, veteran, first_visit, age:65, tier:Silver (a loyalty tier, by its name); none: everyone',
    )
    .option('--trigger <how>', DEAL_TRIGGERS.join(', '))
    .option(
      '--code <code>',
      'the promo code of a --trigger code deal, in any case (kept upper case: "none" is the code NONE); no code: leave it out (a deal of another trigger has none, and set drops it as the trigger changes)',
    )
    .option(
      '--exclusive',
      'no other deal on the units it discounts; of exclusive deals on a unit, the one that saves the customer more applies',
    )
    .option('--stackable', 'other deals may apply after it (the default)')
    .option(
      '--priority <n>',
      'stackable deals apply higher first; between exclusive deals it decides only a tie (default 0)',
    )
    .option('--per-customer <n>', 'uses per customer (none: no limit)')
    .option('--uses <n>', 'uses in all (none: no limit)');
}

/**
 * `--code` as typed (a code such as NONE too: no word of it means "no code"), for a deal unlocked by
 * a code only: a deal of another trigger has none, so the refusal says to leave it out.
 */
function codeOf(options: DealOptions, before?: DealUpdate): string | undefined {
  const trigger = options.trigger ?? before?.trigger ?? 'automatic';
  if (options.code !== undefined && trigger !== 'code') {
    throw invalidInput('--code', `is only for a --trigger code deal (this one's is ${trigger}): leave it out`);
  }
  return options.code;
}

/** The fields the options give, in the service's names (what is not given is left out). */
export function dealFields(options: DealOptions, before?: DealUpdate): DealUpdate {
  const scope = (ids?: string, brands?: string, categories?: string, tags?: string) => {
    if ([ids, brands, categories, tags].every((value) => value === undefined)) return undefined;
    const was = before?.scope ?? { productIds: [], brands: [], categories: [], tags: [] };
    return {
      productIds: list(ids) ?? was.productIds,
      brands: list(brands) ?? was.brands,
      categories: list(categories) ?? was.categories,
      tags: list(tags) ?? was.tags,
    };
  };
  const dates = options.from !== undefined || options.to !== undefined;
  const schedule =
    dates || options.days !== undefined || options.hours !== undefined
      ? {
          ...(before?.schedule ?? { startDate: null, endDate: null, weekdays: [], startMinute: null, endMinute: null }),
          ...(options.from !== undefined ? { startDate: options.from === 'none' ? null : options.from } : {}),
          ...(options.to !== undefined ? { endDate: options.to === 'none' ? null : options.to } : {}),
          ...(options.days !== undefined ? { weekdays: weekdaysOf(options.days) } : {}),
          ...(options.hours !== undefined ? hours(options.hours) : {}),
        }
      : undefined;
  const fields: DealUpdate = {
    name: options.name,
    kind: oneOf('--kind', options.kind, DEAL_KINDS),
    percent: options.percent === undefined ? undefined : percent(options.percent),
    amountCents: options.amount === undefined ? undefined : moreThanNothing('--amount', options.amount),
    priceCents: options.price === undefined ? undefined : moreThanNothing('--price', options.price, true),
    buyQuantity: whole('--buy', options.buy),
    getQuantity: whole('--get', options.get),
    getScope: getScopeOf(options.getProducts),
    bundleQuantity: whole('--bundle', options.bundle),
    bundlePriceCents:
      options.bundlePrice === undefined ? undefined : moreThanNothing('--bundle-price', options.bundlePrice, true),
    breaks: options.break?.map((value) => {
      const [grams = '', price, extra] = value.split('=');
      if (price === undefined || extra !== undefined || !Number.isFinite(Number(grams))) {
        throw invalidInput('--break', `must be "grams=dollars", such as "3.5=25.00", not "${value}"`);
      }
      return { weightMg: Math.round(Number(grams) * 1000), priceCents: moreThanNothing('--break', price) };
    }),
    scope: scope(options.products, options.brands, options.categories, options.tags),
    schedule,
    groups: options.groups === undefined ? undefined : groups(options.groups),
    trigger: oneOf('--trigger', options.trigger, DEAL_TRIGGERS),
    code: codeOf(options, before),
    exclusive: options.exclusive ? true : options.stackable ? false : undefined,
    priority: whole('--priority', options.priority) ?? undefined,
    perCustomerLimit: whole('--per-customer', options.perCustomer),
    totalLimit: whole('--uses', options.uses),
  };
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as DealUpdate;
}
