import type { Insertable, Selectable } from 'kysely';
import type { DealCreate, DealUpdate, DealView } from '../../../shared/contracts/deals.js';
import {
  EVERY_PRODUCT,
  type CustomerGroup,
  type Deal,
  type DealKind,
  type DealScope,
  type DealTrigger,
} from '../../../shared/deals/deal.js';
import { PRODUCT_TYPES, productTypeFrom } from '../../../shared/catalog/product-types.js';
import { normalCode } from '../../../shared/deals/promo-code.js';
import { invalidInput } from '../../../shared/errors.js';
import type { DealsTable } from '../db/schema/deals.js';

/** The parts of a deal kept as JSON in `definition` (migration 043). */
type Definition = Pick<
  Deal,
  | 'percentPpm'
  | 'amountCents'
  | 'priceCents'
  | 'buyQuantity'
  | 'getQuantity'
  | 'getScope'
  | 'bundleQuantity'
  | 'bundlePriceCents'
  | 'breaks'
  | 'scope'
  | 'schedule'
  | 'groups'
>;

/** A percent of the API (up to 4 decimals) in parts per million; refused in words past 4 decimals. */
export function ppmOf(percent: number | null | undefined, field = 'percent'): number | null {
  if (percent === null || percent === undefined) return null;
  const ppm = Math.round(percent * 10_000);
  if (Math.abs(ppm - percent * 10_000) > 1e-6) throw invalidInput(field, `has at most 4 decimals: ${percent}`);
  return ppm;
}

/** A stored row as the deal it is. */
export function dealOfRow(row: Selectable<DealsTable>): Deal {
  const definition = JSON.parse(row.definition) as Definition;
  return {
    id: row.id,
    name: row.name,
    kind: row.kind as DealKind,
    ...definition,
    trigger: row.trigger as DealTrigger,
    code: row.code,
    exclusive: Number(row.exclusive) === 1,
    priority: Number(row.priority),
    perCustomerLimit: row.per_customer_limit === null ? null : Number(row.per_customer_limit),
    totalLimit: row.total_limit === null ? null : Number(row.total_limit),
    active: Number(row.active) === 1,
  };
}

/** The row of `deal` at store `dispensaryId`, written at `at`. */
export function rowOfDeal(deal: Deal, dispensaryId: string, at: string): Insertable<DealsTable> {
  const { id, name, kind, trigger, code, exclusive, priority, perCustomerLimit, totalLimit, active } = deal;
  const definition: Definition = {
    percentPpm: deal.percentPpm,
    amountCents: deal.amountCents,
    priceCents: deal.priceCents,
    buyQuantity: deal.buyQuantity,
    getQuantity: deal.getQuantity,
    getScope: deal.getScope,
    bundleQuantity: deal.bundleQuantity,
    bundlePriceCents: deal.bundlePriceCents,
    breaks: deal.breaks,
    scope: deal.scope,
    schedule: deal.schedule,
    groups: deal.groups,
  };
  return {
    id,
    dispensary_id: dispensaryId,
    name,
    kind,
    trigger,
    code,
    exclusive: exclusive ? 1 : 0,
    priority,
    per_customer_limit: perCustomerLimit,
    total_limit: totalLimit,
    active: active ? 1 : 0,
    definition: JSON.stringify(definition),
    created_at: at,
    updated_at: at,
    archived_at: null,
  };
}

/** The groups as written, each with only its own field. */
function groupsOf(groups: NonNullable<DealCreate['groups']>): CustomerGroup[] {
  return groups.map((group, i): CustomerGroup => {
    if (group.kind === 'age') {
      if (group.minAge === undefined) throw invalidInput(`groups[${i}].minAge`, 'says how old a customer must be');
      return { kind: 'age', minAge: group.minAge };
    }
    if (group.kind === 'tier') {
      if (!group.tierId) throw invalidInput(`groups[${i}].tierId`, 'names the loyalty tier');
      return { kind: 'tier', tierId: group.tierId };
    }
    return { kind: group.kind };
  });
}

const trimmed = (values: readonly string[]) => [...new Set(values.map((value) => value.trim()))];

/** Categories as people write them ("pre-rolls", "Edibles") as the catalog's types; an unknown one refused. */
function categoriesOf(names: readonly string[], field: string): string[] {
  return [
    ...new Set(
      names.map((name) => {
        const type = productTypeFrom(name);
        if (!type)
          throw invalidInput(`${field}.categories`, `names no category: "${name}" (${PRODUCT_TYPES.join(', ')})`);
        return type;
      }),
    ),
  ];
}

/** A scope as stored: categories as the catalog's types, names trimmed, nothing twice. */
export function scopeOf(scope: DealScope, field = 'scope'): DealScope {
  return {
    productIds: trimmed(scope.productIds),
    brands: trimmed(scope.brands),
    categories: categoriesOf(scope.categories, field),
    tags: trimmed(scope.tags),
  };
}

/** `change` written over `deal` (a new deal: over the defaults); its checks come after (store-deals.ts). */
export function dealWith(deal: Deal, change: DealCreate | DealUpdate): Deal {
  const pick = <K extends keyof Deal>(key: K, value: Deal[K] | undefined): Deal[K] =>
    value === undefined ? deal[key] : value;
  const trigger = change.trigger ?? deal.trigger;
  // A code is only a `code` deal's: one given for another trigger stays, for the checks to refuse.
  // Kept as a sale reads a code typed (trimmed, upper case), so " save10 " is checked and kept as SAVE10.
  const kept = trigger === 'code' ? deal.code : null;
  const code = change.code === undefined ? kept : change.code ? normalCode(change.code) || null : null;
  return {
    ...deal,
    name: change.name?.trim() ?? deal.name,
    kind: change.kind ?? deal.kind,
    percentPpm: change.percent === undefined ? deal.percentPpm : ppmOf(change.percent),
    amountCents: pick('amountCents', change.amountCents),
    priceCents: pick('priceCents', change.priceCents),
    buyQuantity: pick('buyQuantity', change.buyQuantity),
    getQuantity: pick('getQuantity', change.getQuantity),
    getScope:
      change.getScope === undefined
        ? deal.getScope
        : change.getScope && scopeOf({ ...(deal.getScope ?? EVERY_PRODUCT), ...change.getScope }, 'getScope'),
    bundleQuantity: pick('bundleQuantity', change.bundleQuantity),
    bundlePriceCents: pick('bundlePriceCents', change.bundlePriceCents),
    breaks: change.breaks ?? deal.breaks,
    // A member of the scope or schedule left out keeps what the deal has (a new deal's: none, always).
    scope: change.scope ? scopeOf({ ...deal.scope, ...change.scope }) : deal.scope,
    // Its days in week order, however they were given: the same days are the same deal.
    schedule: change.schedule ? weekOrdered({ ...deal.schedule, ...change.schedule }) : deal.schedule,
    groups: change.groups ? groupsOf(change.groups) : deal.groups,
    trigger,
    code,
    exclusive: change.exclusive ?? deal.exclusive,
    priority: change.priority ?? deal.priority,
    perCustomerLimit: pick('perCustomerLimit', change.perCustomerLimit),
    totalLimit: pick('totalLimit', change.totalLimit),
    active: change.active ?? deal.active,
  };
}

const weekOrdered = (schedule: Deal['schedule']): Deal['schedule'] => ({
  ...schedule,
  weekdays: schedule.weekdays.toSorted((a, b) => a - b),
});

/** A deal as the API answers it. */
export function dealView(
  deal: Deal,
  words: { summary: string; when: string; warning: string | null },
  counts: { uses: number | null; usedUp: boolean },
  stamps: { createdAt: string; updatedAt: string },
): DealView {
  const { percentPpm, ...rest } = deal;
  return { ...rest, percent: percentPpm === null ? null : percentPpm / 10_000, ...words, ...counts, ...stamps };
}
