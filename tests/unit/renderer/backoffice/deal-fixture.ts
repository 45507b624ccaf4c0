import type { DealView } from '../../../../shared/contracts/deals.js';

/** A deal as the API answers it: 20 % off edibles on Wednesdays, unless `changes` say otherwise. */
export function dealView(changes: Partial<DealView> = {}): DealView {
  return {
    id: 'd1',
    name: 'Wednesday edibles',
    kind: 'percent',
    percent: 20,
    amountCents: null,
    priceCents: null,
    buyQuantity: null,
    getQuantity: null,
    getScope: null,
    bundleQuantity: null,
    bundlePriceCents: null,
    breaks: [],
    scope: { productIds: [], brands: [], categories: ['EDIBLE'], tags: [] },
    schedule: { startDate: null, endDate: null, weekdays: [3], startMinute: null, endMinute: null },
    groups: [],
    trigger: 'automatic',
    code: null,
    exclusive: false,
    priority: 0,
    perCustomerLimit: null,
    totalLimit: null,
    active: true,
    summary: '20 % off Edibles, Wednesdays',
    when: 'Wednesdays',
    warning: null,
    uses: null,
    usedUp: false,
    createdAt: '2026-11-30T12:00:00.000Z',
    updatedAt: '2026-11-30T12:00:00.000Z',
    ...changes,
  };
}
