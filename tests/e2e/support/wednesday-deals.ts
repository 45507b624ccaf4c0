import type { ServiceApi } from './service-api.js';

/** A deal's scope of whole categories. */
export const categoryScope = (categories: string[]) => ({ productIds: [], brands: [], categories, tags: [] });

/**
 * The deals of a busy Wednesday (README "Deals"): 20 % off edibles, any three pre-rolls for $20 and
 * the "SPRING10" code's 10 % off everything, so a basket's lines carry two or three discounts each.
 */
export async function wednesdayDeals(api: ServiceApi): Promise<void> {
  await api.setup('POST', '/deals', {
    name: 'Wednesday edibles',
    kind: 'percent',
    percent: 20,
    scope: categoryScope(['EDIBLE']),
  });
  await api.setup('POST', '/deals', {
    ...{ name: '3 pre-rolls for $20', kind: 'bundle', bundleQuantity: 3, bundlePriceCents: 2000 },
    scope: categoryScope(['PREROLL']),
  });
  await springCode(api);
}

/** The "SPRING10" code's deal alone: 10 % off everything ("Spring code"). */
export async function springCode(api: ServiceApi): Promise<void> {
  await api.setup('POST', '/deals', {
    ...{ name: 'Spring code', kind: 'percent', percent: 10, trigger: 'code', code: 'SPRING10' },
    scope: categoryScope([]),
  });
}
