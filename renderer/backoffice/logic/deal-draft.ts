import type { DealCreate, DealView } from '../../../shared/contracts/deals';
import { dealProblems, type DealProblem } from '../../../shared/deals/deal-checks';
import type { CustomerGroup, Deal, DealKind, DealScope, DealTrigger } from '../../../shared/deals/deal';
import { formatDecimal, parseDecimal } from '../../../shared/money';
import { ungroup } from '../../../shared/typed-number';
import { dealOfBody, sameControl } from './deal-fields';
import { typedBreaks, type PriceBreakDraft } from './product-draft';

/** A product a deal names, with what people read of it (the chips of the form). */
export interface NamedProduct {
  id: string;
  name: string;
  sku: string;
}

/** The groups a manager ticks (and the store's loyalty tiers, by name: `DealDraft.tiers`). */
export const GROUP_CHOICES = ['medical', 'adult_use', 'veteran', 'first_visit', 'age'] as const;
export type GroupChoice = (typeof GROUP_CHOICES)[number];

/**
 * A deal's form as typed: money in dollars, the rate in percent, hours as `HH:MM` (store time),
 * counts as text; a list for each part of the scope. Every field is kept whatever the kind, so
 * switching the kind back and forth loses nothing typed.
 */
export interface DealDraft {
  name: string;
  kind: DealKind;
  percent: string;
  amount: string;
  price: string;
  buyQuantity: string;
  getQuantity: string;
  bundleQuantity: string;
  bundlePrice: string;
  breaks: PriceBreakDraft[];
  categories: string[];
  brands: string[];
  products: NamedProduct[];
  tags: string[];
  startDate: string;
  endDate: string;
  weekdays: number[];
  startTime: string;
  endTime: string;
  forEveryone: boolean;
  groups: GroupChoice[];
  /** The loyalty tiers (their names) the deal is for. */
  tiers: string[];
  minAge: string;
  trigger: DealTrigger;
  code: string;
  exclusive: boolean;
  priority: string;
  perCustomerLimit: string;
  totalLimit: string;
}

const orBlank = (value: number | null) => (value === null ? '' : String(value));
const dollars = (cents: number | null) => (cents === null ? '' : formatDecimal(cents));
const clock = (minute: number | null) =>
  minute === null
    ? ''
    : `${String(Math.floor((minute % 1440) / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/** The form of a deal on file (its products named by `names`), or of a new one. */
export function draftOfDeal(deal: DealView | null, names: readonly NamedProduct[] = []): DealDraft {
  const groups = deal?.groups ?? [];
  const age = groups.find((group) => group.kind === 'age');
  return {
    name: deal?.name ?? '',
    kind: deal?.kind ?? 'percent',
    percent: orBlank(deal?.percent ?? null),
    amount: dollars(deal?.amountCents ?? null),
    price: dollars(deal?.priceCents ?? null),
    buyQuantity: orBlank(deal?.buyQuantity ?? null),
    getQuantity: orBlank(deal?.getQuantity ?? null),
    bundleQuantity: orBlank(deal?.bundleQuantity ?? null),
    bundlePrice: dollars(deal?.bundlePriceCents ?? null),
    breaks: (deal?.breaks ?? []).map((step) => ({
      grams: String(step.weightMg / 1000),
      dollars: dollars(step.priceCents),
    })),
    categories: [...(deal?.scope.categories ?? [])],
    brands: [...(deal?.scope.brands ?? [])],
    products: (deal?.scope.productIds ?? []).map(
      (id) => names.find((named) => named.id === id) ?? { id, name: 'A product no longer listed', sku: '' },
    ),
    tags: [...(deal?.scope.tags ?? [])],
    startDate: deal?.schedule.startDate ?? '',
    endDate: deal?.schedule.endDate ?? '',
    weekdays: [...(deal?.schedule.weekdays ?? [])],
    startTime: clock(deal?.schedule.startMinute ?? null),
    endTime: clock(deal?.schedule.endMinute ?? null),
    forEveryone: groups.length === 0,
    groups: groups.map((group) => group.kind).filter((kind): kind is GroupChoice => kind !== 'tier'),
    tiers: groups.flatMap((group) => (group.kind === 'tier' && group.tierId ? [group.tierId] : [])),
    minAge: age?.kind === 'age' ? String(age.minAge) : '',
    trigger: deal?.trigger ?? 'automatic',
    code: deal?.code ?? '',
    exclusive: deal?.exclusive ?? false,
    priority: String(deal?.priority ?? 0),
    perCustomerLimit: orBlank(deal?.perCustomerLimit ?? null),
    totalLimit: orBlank(deal?.totalLimit ?? null),
  };
}

/** What the form would send, the deal it makes (for the checks and the preview), and every problem typed. */
export interface DraftDeal {
  body: DealCreate;
  deal: Deal;
  problems: DealProblem[];
}

/** Minutes after midnight of `HH:MM`, or null when blank (undefined: not a time). */
export function minuteOf(text: string): number | null | undefined {
  if (text.trim() === '') return null;
  const match = /^(\d{1,2}):(\d{2})$/.exec(text.trim());
  if (!match || Number(match[1]) > 23 || Number(match[2]) > 59) return undefined;
  return Number(match[1]) * 60 + Number(match[2]);
}

/** True when the hours typed end before they start: the deal runs past midnight into the next day. */
export function runsPastMidnight(draft: Pick<DealDraft, 'startTime' | 'endTime'>): boolean {
  const start = minuteOf(draft.startTime);
  const end = minuteOf(draft.endTime);
  return typeof start === 'number' && typeof end === 'number' && end < start;
}

/**
 * The deal of a form: dollars to cents, percent to parts per million, blank to null, only the kind's
 * own fields sent (the others null). Text that is not a number is a problem of its field; the rest
 * is what the service checks too (shared/deals/deal-checks.ts), run here as the manager types.
 * `keep` is the deal opened: what the form does not show (a reward on other products, a loyalty tier) stays.
 */
export function dealOfDraft(draft: DealDraft, keep: DealView | null = null): DraftDeal {
  const typing: DealProblem[] = [];
  const refuse = (field: string, words: string) => typing.push({ field, words });
  // Thousands commas are read ("1,250.00"), any other comma refused saying why (shared/typed-number.ts).
  const plain = (field: string, text: string, what: string): string | null => {
    const read = ungroup(text);
    if (read.ok) return read.text;
    refuse(field, `${what} "${text.trim()}" ${read.why}`);
    return null;
  };
  const money = (field: string, text: string, what: string): number | null => {
    if (text.trim() === '') return null;
    const typed = plain(field, text.replace(/^\s*\$/, ''), what);
    if (typed === null) return null;
    const cents = parseDecimal(typed);
    if (cents === undefined)
      refuse(field, `${what} must be an amount in dollars with at most 2 decimals, such as 20 or 19.50`);
    return cents ?? null;
  };
  const whole = (field: string, text: string, what: string): number | null => {
    if (text.trim() === '') return null;
    if (!/^-?\d+$/.test(text.trim())) refuse(field, `${what} must be a whole number`);
    return /^-?\d+$/.test(text.trim()) ? Number(text.trim()) : null;
  };
  const { kind } = draft;
  const mine = (kinds: DealKind[]) => kinds.includes(kind);
  let percent: number | null = null;
  if (mine(['percent', 'buy_get']) && draft.percent.trim() !== '') {
    const text = draft.percent.replace(/%\s*$/, '').trim();
    if (/^\d+(\.\d{1,4})?$/.test(text)) percent = Number(text);
    else if (/^-\d/.test(text))
      refuse('percentPpm', 'The rate must be more than 0 and at most 100 %: a deal takes off, never adds');
    else refuse('percentPpm', 'The rate must be a percent with at most 4 decimals, such as 20 or 12.5');
  }
  const breaks = mine(['weight_break'])
    ? typedBreaks(draft.breaks).map((step, index) => {
        const grams = plain(`breaks[${index}].weightMg`, step.grams, 'The weight');
        const read = grams !== null && /^\d+(\.\d{1,3})?$/.test(grams);
        if (grams !== null && !read)
          refuse(`breaks[${index}].weightMg`, 'The weight must be in grams with at most 3 decimals, such as 3.5');
        const cents = money(`breaks[${index}].priceCents`, step.dollars, 'The price');
        if (step.dollars.trim() === '') refuse(`breaks[${index}].priceCents`, 'Give the price of this weight');
        return { weightMg: read ? Math.round(Number(grams) * 1000) : 0, priceCents: cents ?? 0 };
      })
    : [];
  const scope: DealScope = {
    productIds: draft.products.map((product) => product.id),
    brands: [...draft.brands],
    categories: [...draft.categories],
    tags: [...draft.tags],
  };
  const startMinute = minuteOf(draft.startTime);
  const endMinute = minuteOf(draft.endTime);
  if (startMinute === undefined) refuse('schedule.startMinute', 'Give a time such as 10:00 AM');
  if (endMinute === undefined) refuse('schedule.endMinute', 'Give a time such as 2:00 PM');
  const groups: CustomerGroup[] = draft.forEveryone
    ? []
    : GROUP_CHOICES.filter((choice) => draft.groups.includes(choice)).map((choice): CustomerGroup => {
        if (choice !== 'age') return { kind: choice };
        const minAge = whole('groups.minAge', draft.minAge, 'The age');
        if (draft.minAge.trim() === '') refuse('groups.minAge', 'Give the age a customer must be at least');
        else if (minAge !== null && (minAge < 18 || minAge > 120))
          refuse('groups.minAge', 'The age must be from 18 to 120');
        return { kind: 'age', minAge: minAge ?? Number.NaN };
      });
  const tiers: CustomerGroup[] = draft.forEveryone ? [] : draft.tiers.map((tierId) => ({ kind: 'tier', tierId }));
  if (!draft.forEveryone && groups.length + tiers.length === 0) {
    refuse('groups', 'Choose who the deal is for, or choose everyone');
  }
  const body: DealCreate = {
    name: draft.name.trim(),
    kind,
    percent,
    amountCents: mine(['amount']) ? money('amountCents', draft.amount, 'The amount off') : null,
    priceCents: mine(['fixed_price']) ? money('priceCents', draft.price, 'The price') : null,
    buyQuantity: mine(['buy_get']) ? whole('buyQuantity', draft.buyQuantity, 'The units to buy') : null,
    getQuantity: mine(['buy_get']) ? whole('getQuantity', draft.getQuantity, 'The units rewarded') : null,
    getScope: mine(['buy_get']) ? (keep?.getScope ?? null) : null,
    bundleQuantity: mine(['bundle']) ? whole('bundleQuantity', draft.bundleQuantity, 'The units in a bundle') : null,
    bundlePriceCents: mine(['bundle']) ? money('bundlePriceCents', draft.bundlePrice, "The bundle's price") : null,
    breaks,
    scope,
    schedule: {
      startDate: draft.startDate || null,
      endDate: draft.endDate || null,
      weekdays: [...draft.weekdays].sort((a, b) => a - b),
      startMinute: startMinute ?? null,
      endMinute: endMinute ?? null,
    },
    groups: [...groups, ...tiers],
    trigger: draft.trigger,
    code: draft.trigger === 'code' ? draft.code.trim() || null : null,
    exclusive: draft.exclusive,
    priority: whole('priority', draft.priority, 'The priority') ?? 0,
    perCustomerLimit: whole('perCustomerLimit', draft.perCustomerLimit, 'The limit per customer'),
    totalLimit: whole('totalLimit', draft.totalLimit, 'The limit in all'),
  };
  const deal = dealOfBody(body, keep?.id ?? 'new');
  // A field typed so that it cannot be read says so; the checks speak of the others.
  const checked = dealProblems(deal, keep).filter(
    (problem) => !typing.some((typed) => sameControl(typed.field, problem.field)),
  );
  return { body, deal, problems: [...typing, ...checked] };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** True when nothing was typed in `draft` since `baseline` (blank break rows do not count). */
export function sameDealDraft(draft: DealDraft, baseline: DealDraft): boolean {
  const typed = (form: DealDraft) => ({ ...form, breaks: typedBreaks(form.breaks) });
  return same(typed(draft), typed(baseline));
}
