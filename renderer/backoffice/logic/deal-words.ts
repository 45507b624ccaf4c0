import type { DealView } from '../../../shared/contracts/deals';
import type { DealKind, DealTrigger } from '../../../shared/deals/deal';
import type { GroupChoice } from './deal-draft';

/** The kinds of deal as the form offers them. */
export const KIND_LABELS: Record<DealKind, string> = {
  percent: 'Percent off',
  amount: 'Amount off each',
  fixed_price: 'Fixed price',
  buy_get: 'Buy X get Y',
  bundle: 'Bundle (any N for $X)',
  weight_break: 'Weight price breaks',
};

/** "4:00 PM" kept on one line: a time never broken across two lines of a narrow column. */
export const unbroken = (words: string): string => words.replace(/ (AM|PM)/g, '\u00a0$1');

/** How a deal comes into a sale, as the form offers it. */
export const TRIGGER_LABELS: Record<DealTrigger, string> = {
  automatic: 'Automatic',
  cashier: 'Chosen by the cashier',
  code: 'Promo code',
};

/** "Automatic", "Chosen by the cashier", "Code SPRING10": how a listed deal comes in. */
export function triggerWords(deal: Pick<DealView, 'trigger' | 'code'>): string {
  if (deal.trigger === 'code') return deal.code ? `Code ${deal.code}` : 'Promo code';
  return TRIGGER_LABELS[deal.trigger];
}

/** The customer groups as the form offers them. */
export const GROUP_LABELS: Record<GroupChoice, string> = {
  medical: 'Medical patients',
  adult_use: 'Adult-use customers',
  veteran: 'Veterans',
  first_visit: 'First visit',
  age: 'Aged at least',
};

/** Sunday first, as the schedule numbers them (0 … 6). */
export const WEEKDAY_LABELS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** Which deals the list shows. */
export type DealStatus = 'active' | 'paused' | 'archived';
export const STATUS_LABELS: Record<DealStatus, string> = { active: 'Active', paused: 'Paused', archived: 'Archived' };

/** What an empty list says, for each status. */
export const EMPTY_WORDS: Record<DealStatus, string> = {
  active:
    'No deals yet. A deal is a discount the store offers on some of its products: 20 % off edibles on Wednesdays, ' +
    'any 3 pre-rolls for $20, 10 % off with a promo code from the online menu.',
  paused: 'No paused deals. A deal you pause is kept here until you resume it.',
  archived: 'No archived deals. A deal you archive stops for good; sales that used it keep its name.',
};

/** The API's field names as the form labels them, for the service's refusals ("Promo code is taken: …"). */
export const DEAL_FIELD_LABELS: Readonly<Record<string, string>> = {
  name: 'Name',
  kind: 'Kind',
  percent: 'Percent off',
  amountCents: 'Amount off',
  priceCents: 'Price',
  buyQuantity: 'Units to buy',
  getQuantity: 'Units rewarded',
  bundleQuantity: 'Units in a bundle',
  bundlePriceCents: 'Bundle price',
  breaks: 'Weight breaks',
  'breaks[].weightMg': 'The weight',
  'breaks[].priceCents': 'The price',
  'scope.productIds': 'Products',
  'scope.categories': 'Categories',
  'scope.brands': 'Brands',
  'scope.tags': 'Tags',
  'getScope.productIds': 'The reward’s products',
  'getScope.categories': 'The reward’s categories',
  'groups[].minAge': 'The age',
  'groups[].tierId': 'The loyalty tier',
  code: 'Code',
  priority: 'Priority',
  perCustomerLimit: 'Limit per customer',
  totalLimit: 'Limit in all',
};

/** The message after an action on a deal. */
export const actionWords = {
  added: (name: string) => `Added ${name}.`,
  saved: (name: string) => `Saved ${name}.`,
  paused: (name: string) => `Paused ${name}: it is kept, and applies again when you resume it. It is under "Paused".`,
  resumed: (name: string) => `Resumed ${name}: it applies again on its schedule.`,
  archived: (name: string) => `Archived ${name}: it no longer applies. It is under "Archived".`,
};
