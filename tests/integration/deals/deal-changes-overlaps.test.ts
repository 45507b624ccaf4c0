import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditDay } from '../../../shared/contracts/audit.js';
import type { DealView } from '../../../shared/contracts/deals.js';
import { ok, setupHarness, type SetupHarness } from '../setup/support/setup-fixtures.js';

// A deal's change says in the audit trail what it changed, in words; and two exclusive deals scoped
// by different kinds of names (a brand, a category) are warned of where the store's products make
// them overlap, naming a product both take (README "Deals").
let h: SetupHarness;
beforeAll(async () => {
  h = await setupHarness();
});
afterAll(() => h.close());

const manager = (method: 'GET' | 'POST' | 'PATCH', path: string, payload?: unknown) =>
  h.call(h.tokens.manager, method, path, payload, 'demo');
const scope = (over: Partial<DealView['scope']> = {}) => ({
  productIds: [],
  brands: [],
  categories: [],
  tags: [],
  ...over,
});
const add = async (body: Record<string, unknown>) => ok<{ deal: DealView }>(await manager('POST', '/deals', body)).deal;

async function lastReason(action: AuditDay['events'][number]['action']): Promise<string> {
  const response = await h.request({
    method: 'GET',
    url: '/v2.0/audit?dispensaryShortName=demo',
    headers: { authorization: `Bearer ${h.tokens.manager}` },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response
    .json<AuditDay>()
    .events.filter((event) => event.action === action)
    .at(-1)!.reason;
}

describe('a deal changed, in the audit trail', () => {
  it('says each field changed, before → after, in words', async () => {
    const deal = await add({
      name: 'Flower 10',
      kind: 'percent',
      percent: 10,
      scope: scope({ categories: ['FLOWER'] }),
    });
    ok(await manager('PATCH', `/deals/${deal.id}`, { totalLimit: 2 }));
    expect(await lastReason('deal_changed')).toBe('Flower 10 — uses: no limit → 2 in all');
    ok(await manager('PATCH', `/deals/${deal.id}`, { percent: 15, perCustomerLimit: 1, priority: 3, active: false }));
    expect(await lastReason('deal_changed')).toBe(
      'Flower 10 — gives: 10 % off → 15 % off; priority: 0 → 3; uses per customer: no limit → 1; paused',
    );
    ok(
      await manager('PATCH', `/deals/${deal.id}`, {
        name: 'Flower 15',
        scope: { categories: ['PREROLL'] },
        schedule: { weekdays: [3] },
        groups: [{ kind: 'veteran' }],
      }),
    );
    expect(await lastReason('deal_changed')).toBe(
      'Flower 15 — name: Flower 10 → Flower 15; on: Flower → Pre-rolls; when: Every day → Wednesdays; for: everyone → veterans',
    );
  });

  it('writes and audits nothing for a change to what the deal already is', async () => {
    const deal = await add({ name: 'Flower 5', kind: 'percent', percent: 5, schedule: { weekdays: [1, 3] } });
    const audited = async () =>
      (
        await h.request({
          method: 'GET',
          url: '/v2.0/audit?dispensaryShortName=demo',
          headers: { authorization: `Bearer ${h.tokens.manager}` },
        })
      ).json<AuditDay>().events.length;
    const before = await audited();
    for (const same of [{ schedule: { weekdays: [3, 1] } }, { percent: 5, active: true }]) {
      const kept = ok<{ deal: DealView }>(await manager('PATCH', `/deals/${deal.id}`, same)).deal;
      expect(kept.updatedAt).toBe(deal.updatedAt);
    }
    expect(await audited()).toBe(before);
    ok(await manager('PATCH', `/deals/${deal.id}`, { active: false }));
    const paused = ok<{ deal: DealView }>(await manager('PATCH', `/deals/${deal.id}`, { active: false })).deal;
    expect(await audited()).toBe(before + 1);
    expect(await lastReason('deal_changed')).toBe('Flower 5 — paused');
    expect(paused.active).toBe(false);
  });
});

describe('exclusive deals overlapping through the store’s products', () => {
  it('warns of a brand’s deal and a category’s that share a product, naming it', async () => {
    const gummies = await add({
      name: 'Gummies 25 exclusive',
      kind: 'percent',
      percent: 25,
      exclusive: true,
      scope: scope({ brands: ['Sierra Chews'] }),
    });
    const edibles = await add({
      name: 'Edibles 15 exclusive',
      kind: 'percent',
      percent: 15,
      exclusive: true,
      scope: scope({ categories: ['EDIBLE'] }),
    });
    expect(edibles.warning).toBe(
      'Edibles 15 exclusive and Gummies 25 exclusive are both exclusive and both take Sour Blueberry Sleep Gummies (CBN): ' +
        'the one that saves the customer more applies (Gummies 25 exclusive, at its price today); priority decides only a tie',
    );
    const listed = ok<{ deals: DealView[] }>(await manager('GET', '/deals')).deals;
    expect(listed.find((one) => one.id === gummies.id)!.warning).toMatch(
      /^Gummies 25 exclusive and Edibles 15 exclusive are both exclusive and both take Sour Blueberry Sleep Gummies \(CBN\)/,
    );
    // A brand none of whose products is a flower does not overlap a flower deal.
    const kitchen = await add({
      name: 'Kitchen 20 exclusive',
      kind: 'percent',
      percent: 20,
      exclusive: true,
      priority: 5,
      scope: scope({ brands: ['Sweet Leaf Kitchen'] }),
    });
    const flower = await add({
      name: 'Flower 20 exclusive',
      kind: 'percent',
      percent: 20,
      exclusive: true,
      priority: 5,
      scope: scope({ categories: ['FLOWER'] }),
    });
    expect(flower.warning).toBeNull();
    expect(kitchen.warning).not.toMatch(/Flower/);
  });

  it('keeps saying the customer gets the one that saves more when a priority changes (issue 31)', async () => {
    const named = async (name: string) =>
      ok<{ deals: DealView[] }>(await manager('GET', '/deals')).deals.find((one) => one.name === name)!;
    ok(await manager('PATCH', `/deals/${(await named('Gummies 25 exclusive')).id}`, { active: false }));
    const edibles = await named('Edibles 15 exclusive');
    const changed = ok<{ deal: DealView }>(await manager('PATCH', `/deals/${edibles.id}`, { priority: 10 })).deal;
    // The 20 % of the kitchen's brand still applies to its products: a priority decides only a tie.
    expect(changed.warning).toMatch(
      /^Edibles 15 exclusive and Kitchen 20 exclusive are both exclusive and both take .+: the one that saves the customer more applies \(Kitchen 20 exclusive, at its price today\); priority decides only a tie$/,
    );
    expect((await named('Kitchen 20 exclusive')).warning).toMatch(/\(Kitchen 20 exclusive, at its price today\)/);
  });
});
