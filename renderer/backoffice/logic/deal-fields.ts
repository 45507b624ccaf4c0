import type { DealCreate, DealView } from '../../../shared/contracts/deals';
import type { DealProblem } from '../../../shared/deals/deal-checks';
import { ALWAYS, EVERY_PRODUCT, type CustomerGroup, type Deal } from '../../../shared/deals/deal';
import { normalCode } from '../../../shared/deals/promo-code';

/** The API's body of a deal, the deal the checks and the words read, and the form controls refusals belong to. */

/** The deal a body describes (for the checks and the words, which read the deal itself). */
export function dealOfBody(body: DealCreate, id: string): Deal {
  const pick = <T>(value: T | null | undefined): T | null => value ?? null;
  return {
    id,
    name: body.name,
    kind: body.kind,
    percentPpm: body.percent === null || body.percent === undefined ? null : Math.round(body.percent * 10_000),
    amountCents: pick(body.amountCents),
    priceCents: pick(body.priceCents),
    buyQuantity: pick(body.buyQuantity),
    getQuantity: pick(body.getQuantity),
    getScope: body.getScope ? { ...EVERY_PRODUCT, ...body.getScope } : null,
    bundleQuantity: pick(body.bundleQuantity),
    bundlePriceCents: pick(body.bundlePriceCents),
    breaks: body.breaks ?? [],
    // A member of either left out is its default, as the service reads it (deal-rows.ts `dealWith`).
    scope: { ...EVERY_PRODUCT, ...body.scope },
    schedule: { ...ALWAYS, ...body.schedule },
    groups: (body.groups ?? []) as CustomerGroup[],
    trigger: body.trigger ?? 'automatic',
    // As the service keeps it (deal-rows.ts `dealWith`): trimmed, upper case.
    code: body.code ? normalCode(body.code) || null : null,
    exclusive: body.exclusive ?? false,
    priority: body.priority ?? 0,
    perCustomerLimit: pick(body.perCustomerLimit),
    totalLimit: pick(body.totalLimit),
    active: true,
  };
}

/**
 * The form control a problem is about: the API's `percent` and the checks' `percentPpm` are the rate
 * field; any part of the scope is the scope; a break's weight or price is its row; an age, the age.
 */
export function dealControlOf(field: string): string {
  if (field === 'percent') return 'percentPpm';
  if (field.startsWith('scope')) return 'scope';
  const row = /^(breaks\[\d+\])/.exec(field);
  if (row) return row[1]!;
  if (/^groups(\[\d+\])?\.minAge$/.test(field)) return 'minAge';
  return field;
}

/** True when two fields' problems show beside the same control. */
export const sameControl = (a: string, b: string) => dealControlOf(a) === dealControlOf(b);

/** The problems by form control, the first one of each (what is shown beside each field). */
export function problemsByControl(problems: readonly DealProblem[]): Record<string, string> {
  const shown: Record<string, string> = {};
  for (const problem of problems) shown[dealControlOf(problem.field)] ??= problem.words;
  return shown;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The fields of `body` that differ from the deal as it was opened (a change sends only those). */
export function dealPatchOf(opened: DealView, body: DealCreate): Partial<DealCreate> {
  const patch: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(body)) {
    if (!same(opened[field as keyof DealView] ?? null, value ?? null)) patch[field] = value;
  }
  return patch as Partial<DealCreate>;
}
