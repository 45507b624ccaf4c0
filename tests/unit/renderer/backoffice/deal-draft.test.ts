import { describe, expect, it } from 'vitest';
import {
  dealOfDraft,
  draftOfDeal,
  runsPastMidnight,
  sameDealDraft,
  type DealDraft,
} from '../../../../renderer/backoffice/logic/deal-draft.js';
import { dealControlOf, dealPatchOf, problemsByControl } from '../../../../renderer/backoffice/logic/deal-fields.js';
import { triggerWords } from '../../../../renderer/backoffice/logic/deal-words.js';
import { dealSummary, scheduleWords } from '../../../../shared/deals/deal-words.js';
import { dealView } from './deal-fixture.js';

const draft = (changes: Partial<DealDraft> = {}): DealDraft => ({ ...draftOfDeal(null), ...changes });
const controls = (typed: DealDraft) => problemsByControl(dealOfDraft(typed).problems);

describe('a deal form to the API body', () => {
  it('sends 20 % off edibles on Wednesdays as the API takes it, and the deal reads as the list will say it', () => {
    const { body, deal, problems } = dealOfDraft(
      draft({ name: ' Wednesday edibles ', percent: '20', categories: ['EDIBLE'], weekdays: [3] }),
    );
    expect(problems).toEqual([]);
    expect(body).toMatchObject({
      name: 'Wednesday edibles',
      kind: 'percent',
      percent: 20,
      amountCents: null,
      bundleQuantity: null,
      scope: { productIds: [], brands: [], categories: ['EDIBLE'], tags: [] },
      schedule: { startDate: null, endDate: null, weekdays: [3], startMinute: null, endMinute: null },
      groups: [],
      trigger: 'automatic',
      code: null,
      priority: 0,
      perCustomerLimit: null,
    });
    expect(dealSummary(deal)).toBe('20 % off Edibles, Wednesdays');
  });

  it('sends money in cents and only the kind’s own fields, keeping the others typed for a switch back', () => {
    const typed = draft({
      name: '3 pre-rolls for $20',
      kind: 'bundle',
      percent: '15',
      bundleQuantity: '3',
      bundlePrice: '$20',
      categories: ['PREROLL'],
    });
    const { body, deal } = dealOfDraft(typed);
    expect(body).toMatchObject({ kind: 'bundle', bundleQuantity: 3, bundlePriceCents: 2000, percent: null });
    expect(dealSummary(deal)).toBe('Any 3 of Pre-rolls for $20.00');
    expect(typed.percent).toBe('15');
  });

  it('refuses a bundle of no products beside its scope, and every other problem beside its own field at once', () => {
    const shown = controls(draft({ kind: 'bundle', bundleQuantity: 'three', bundlePrice: '20' }));
    expect(shown).toEqual({
      name: 'Give the deal a name',
      bundleQuantity: 'The units in a bundle must be a whole number',
      scope: 'A bundle needs products in its scope: name its products, brands, categories or tags',
    });
  });

  it('says what cannot be read as a number, rather than the checks’ words about a missing one', () => {
    const shown = controls(draft({ name: 'Half off', percent: '12.34567', perCustomerLimit: '0' }));
    expect(shown.percentPpm).toBe('The rate must be a percent with at most 4 decimals, such as 20 or 12.5');
    expect(shown.perCustomerLimit).toBe('A limit is 1 use or more: leave it empty for no limit');
    const negative = controls(draft({ name: 'Half off', percent: '-10' }));
    expect(negative.percentPpm).toBe('The rate must be more than 0 and at most 100 %: a deal takes off, never adds');
    // 0 saves nothing, as the API and the command line say too: "more than 0 and at most 100".
    for (const percent of ['0', '0.00', '101']) {
      expect(controls(draft({ name: 'Half off', percent })).percentPpm).toBe(
        'The rate off must be more than 0 and at most 100 %',
      );
    }
  });

  it('refuses a price of $0.00 or less, or past what the service takes, in words beside the price', () => {
    const giveaway = '(a free item is a buy X get Y deal)';
    expect(controls(draft({ name: 'Free', kind: 'fixed_price', price: '0', categories: ['PREROLL'] }))).toEqual({
      priceCents: `The price of each unit must be more than $0.00 ${giveaway}`,
    });
    const bundle = draft({
      name: 'Free',
      kind: 'bundle',
      bundleQuantity: '3',
      bundlePrice: '0.00',
      brands: ['Lazy Lynx'],
    });
    expect(controls(bundle)).toEqual({
      bundlePriceCents: `The bundle's price must be more than $0.00 ${giveaway}`,
    });
    // Less than $0.00 is refused in the same words as $0.00.
    expect(controls({ ...bundle, bundlePrice: '-20' })).toEqual(controls(bundle));
    const fixed = (price: string) => controls(draft({ name: 'Each', kind: 'fixed_price', price })).priceCents;
    expect(fixed('-1')).toBe(`The price of each unit must be more than $0.00 ${giveaway}`);
    expect(fixed('2000000')).toBe('The price of each unit must be at most $1,000,000.00');
    const free = draft({ name: 'Buy 2 get 1', kind: 'buy_get', buyQuantity: '2', getQuantity: '1', percent: '100' });
    expect(controls(free)).toEqual({});
  });

  it('asks for the promo code of a code deal, and sends one typed in any case as it is typed (the service keeps it in capitals)', () => {
    expect(controls(draft({ name: 'Spring', percent: '10', trigger: 'code' })).code).toBe(
      'Give the promo code that unlocks this deal',
    );
    const { body, deal } = dealOfDraft(draft({ name: 'Spring', percent: '10', trigger: 'code', code: 'spring10' }));
    expect(body.code).toBe('spring10');
    expect(triggerWords(deal)).toBe('Code SPRING10');
    // A code left in the field of an automatic deal is not sent.
    expect(dealOfDraft(draft({ name: 'Spring', percent: '10', code: 'spring10' })).body.code).toBeNull();
  });

  it('takes a code with spaces around it as the service does, and refuses one that breaks the one rule in its words', () => {
    const code = (typed: string) => dealOfDraft(draft({ name: 'Spring', percent: '10', trigger: 'code', code: typed }));
    const spaced = code(' Save10 ');
    expect(spaced.problems).toEqual([]);
    expect(spaced.body.code).toBe('Save10');
    expect(triggerWords(spaced.deal)).toBe('Code SAVE10');
    expect(code('Z').problems).toEqual([]);
    expect(code('S'.repeat(32)).problems).toEqual([]);
    const rule = 'A promo code is 1 to 32 letters, digits, - or _, without spaces inside it';
    for (const typed of ['SAVE 10', 'S'.repeat(33), 'SAVE10!']) {
      expect(controls(draft({ name: 'Spring', percent: '10', trigger: 'code', code: typed })).code, typed).toBe(rule);
    }
  });

  it('reads hours in store time, says when they run past midnight, and refuses a schedule that never runs', () => {
    const late = draft({ name: 'Late', percent: '10', weekdays: [5], startTime: '22:00', endTime: '02:00' });
    expect(runsPastMidnight(late)).toBe(true);
    expect(runsPastMidnight({ startTime: '10:00', endTime: '14:00' })).toBe(false);
    const { body, deal } = dealOfDraft(late);
    expect(body.schedule).toMatchObject({ startMinute: 1320, endMinute: 120 });
    expect(scheduleWords(deal.schedule)).toBe('Fri 10:00 PM–2:00 AM');
    expect(controls({ ...late, endTime: '' })['schedule.endMinute']).toBe(
      'Give both the start and the end time, or neither (all day)',
    );
    const never = draft({
      name: 'Never',
      percent: '10',
      startDate: '2027-03-01',
      endDate: '2027-03-01',
      weekdays: [0],
    });
    expect(controls(never)['schedule.weekdays']).toBe('No Sunday falls on Mar 1, 2027: the deal would never run');
  });

  it('says dates changed on an open deal that hold none of its days beside the dates, naming them', () => {
    const opened = dealView();
    const moved = { ...draftOfDeal(opened), startDate: '2026-12-10', endDate: '2026-12-11' };
    const words = 'No Wednesday falls between Dec 10, 2026 and Dec 11, 2026: the deal would never run';
    expect(problemsByControl(dealOfDraft(moved, opened).problems)).toEqual({ 'schedule.startDate': words });
    // Its days changed too: beside the days.
    expect(problemsByControl(dealOfDraft({ ...moved, weekdays: [3, 6] }, opened).problems)).toEqual({
      'schedule.weekdays':
        'No Wednesday or Saturday falls between Dec 10, 2026 and Dec 11, 2026: the deal would never run',
    });
  });

  it('sends the groups ticked (an age with its years), asks for one when the deal is not for everyone', () => {
    const seniors = draft({
      name: 'Seniors',
      percent: '10',
      forEveryone: false,
      groups: ['veteran', 'age'],
      minAge: '65',
    });
    expect(dealOfDraft(seniors).body.groups).toEqual([{ kind: 'veteran' }, { kind: 'age', minAge: 65 }]);
    expect(controls({ ...seniors, minAge: '' }).minAge).toBe('Give the age a customer must be at least');
    expect(controls({ ...seniors, groups: [] }).groups).toBe('Choose who the deal is for, or choose everyone');
  });

  it('reads weight breaks in grams and dollars, each refusal beside its row', () => {
    const typed = draft({
      name: 'Eighths',
      kind: 'weight_break',
      breaks: [
        { grams: '3.5', dollars: '30' },
        { grams: '', dollars: '' },
        { grams: '3.5', dollars: '55' },
      ],
    });
    expect(dealOfDraft(typed).body.breaks).toEqual([
      { weightMg: 3500, priceCents: 3000 },
      { weightMg: 3500, priceCents: 5500 },
    ]);
    expect(controls(typed)).toEqual({ 'breaks[1]': 'Each weight must be heavier than the one before (3.5 g)' });
  });

  it('reads thousands commas in money and weights, and refuses any other comma beside its field saying why', () => {
    const amount = draft({ name: 'Big', kind: 'amount', amount: '1,250.00', categories: ['FLOWER'] });
    expect(dealOfDraft(amount).body.amountCents).toBe(125_000);
    const bundle = draft({
      name: 'Three',
      kind: 'bundle',
      bundleQuantity: '3',
      bundlePrice: '$1,250',
      brands: ['Lazy Lynx'],
    });
    expect(dealOfDraft(bundle).body.bundlePriceCents).toBe(125_000);
    expect(controls({ ...amount, amount: '1,5' })).toEqual({
      amountCents:
        'The amount off "1,5" could mean 1.5 or 15: a comma only separates thousands, three digits at a time (1,250); type 1.5 or 15',
    });
    expect(
      controls(draft({ name: 'Each', kind: 'fixed_price', price: '12,50', categories: ['PREROLL'] })).priceCents,
    ).toBe(
      'The price "12,50" could mean 12.50 or 1250: a comma only separates thousands, three digits at a time (1,250); type 12.50 or 1250',
    );
    const breaks = draft({
      name: 'Ounces',
      kind: 'weight_break',
      breaks: [
        { grams: '1,000', dollars: '1,250.00' },
        { grams: '2,5', dollars: '20' },
      ],
    });
    expect(dealOfDraft(breaks).body.breaks?.[0]).toEqual({ weightMg: 1_000_000, priceCents: 125_000 });
    expect(controls(breaks)['breaks[1]']).toMatch(/^The weight "2,5" could mean 2\.5 or 25: /);
  });
});

describe('a deal on file in the form and back', () => {
  it('opens a deal as typed, unchanged until something is typed, and sends only the fields changed', () => {
    const opened = dealView({ scope: { productIds: ['p1'], brands: ['Kiva'], categories: ['EDIBLE'], tags: [] } });
    const typed = draftOfDeal(opened, [{ id: 'p1', name: 'Camino Gummies', sku: 'EDI-001' }]);
    expect(typed).toMatchObject({ percent: '20', weekdays: [3], brands: ['Kiva'], startTime: '' });
    expect(typed.products).toEqual([{ id: 'p1', name: 'Camino Gummies', sku: 'EDI-001' }]);
    expect(sameDealDraft(typed, draftOfDeal(opened, typed.products))).toBe(true);
    const changed = { ...typed, percent: '25', startTime: '16:00', endTime: '19:00' };
    expect(sameDealDraft(changed, typed)).toBe(false);
    expect(dealPatchOf(opened, dealOfDraft(changed, opened).body)).toEqual({
      percent: 25,
      schedule: { startDate: null, endDate: null, weekdays: [3], startMinute: 960, endMinute: 1140 },
    });
  });

  it('keeps a loyalty tier ticked (by its name) and what the form does not show: a reward on other products', () => {
    const opened = dealView({
      kind: 'buy_get',
      percent: 100,
      buyQuantity: 2,
      getQuantity: 1,
      getScope: { productIds: [], brands: [], categories: ['ACCESSORY'], tags: [] },
      groups: [{ kind: 'tier', tierId: 'gold' }],
    });
    const draft = draftOfDeal(opened);
    expect({ forEveryone: draft.forEveryone, tiers: draft.tiers }).toEqual({ forEveryone: false, tiers: ['gold'] });
    const { body } = dealOfDraft(draft, opened);
    expect(body.getScope).toEqual(opened.getScope);
    expect(body.groups).toEqual([{ kind: 'tier', tierId: 'gold' }]);
    expect(dealPatchOf(opened, body)).toEqual({});
    // Unticked, and nobody else chosen: the form asks who the deal is for.
    expect(dealOfDraft({ ...draft, tiers: [] }, opened).problems).toEqual([
      expect.objectContaining({ field: 'groups', words: 'Choose who the deal is for, or choose everyone' }),
    ]);
  });

  it('places the service’s refusals by their field: a rate, a product, a break, an age', () => {
    expect(dealControlOf('percent')).toBe('percentPpm');
    expect(dealControlOf('scope.productIds')).toBe('scope');
    expect(dealControlOf('breaks[2].priceCents')).toBe('breaks[2]');
    expect(dealControlOf('groups[0].minAge')).toBe('minAge');
    expect(dealControlOf('code')).toBe('code');
  });
});
