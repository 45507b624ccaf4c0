import { describe, expect, it } from 'vitest';
import {
  barcodesOf,
  bodyOf,
  draftOf,
  patchOf,
  sameDraft,
  withUsualWeights,
  type ProductDraft,
} from '../../../../renderer/backoffice/logic/product-draft.js';
import { controlOf } from '../../../../renderer/backoffice/logic/product-words.js';
import { product } from './product-fixture.js';

const flowerByTheGram = (changes: Partial<ProductDraft> = {}): ProductDraft => ({
  ...draftOf(null),
  name: 'OG Kush (by the gram)',
  sku: 'GV-OG-1',
  type: 'FLOWER',
  subtype: 'Hybrid',
  deli: true,
  unitType: 'g',
  price: '11',
  taxClass: 'cannabis',
  thcMg: '230',
  lowStock: '56.5',
  priceBreaks: [
    { grams: '7', dollars: '65' },
    { grams: '', dollars: '' },
    { grams: '3.5', dollars: '$35.50' },
  ],
  ...changes,
});

describe('a product form to the API body and back', () => {
  it('sends dollars as cents, grams as milligrams, blank numbers as null, and leaves blank price-break rows out', () => {
    const checked = bodyOf(flowerByTheGram({ cannabisWeight: '3.5' }));
    expect(checked).toEqual({
      ok: true,
      body: expect.objectContaining({
        priceCents: 1100,
        priceBreaks: [
          { weightMg: 7000, priceCents: 6500 },
          { weightMg: 3500, priceCents: 3550 },
        ],
        unitType: 'g',
        deli: true,
        thcMg: 230,
        cbdMg: null,
        // A weighed product counts by the weight sold: what was typed before it was one is not sent.
        cannabisWeightMg: null,
        lowStockThreshold: 56.5,
        weight: 0,
        discountPercent: 0,
        barcodes: [],
      }),
    });
  });

  it('sends no price breaks for a product sold by the unit, and its cannabis weight in milligrams', () => {
    const checked = bodyOf(flowerByTheGram({ deli: false, unitType: 'each', cannabisWeight: '0.35', lowStock: '5' }));
    expect(checked.ok && checked.body).toMatchObject({ priceBreaks: [], unitType: 'each', cannabisWeightMg: 350 });
  });

  it('sends a cost typed in dollars as cents, and a blank one as not known', () => {
    expect(bodyOf(flowerByTheGram({ cost: '$6.25' }))).toMatchObject({ ok: true, body: { unitCostCents: 625 } });
    expect(bodyOf(flowerByTheGram({ cost: ' ' }))).toMatchObject({ ok: true, body: { unitCostCents: null } });
    expect(bodyOf(flowerByTheGram({ cost: 'six' }))).toEqual({
      ok: false,
      field: 'unitCostCents',
      sentence: 'Cost must be an amount in dollars with at most 2 decimals, such as 35 or 35.50.',
    });
    expect(draftOf(product({ unitCostCents: 1800 })).cost).toBe('18.00');
    expect(draftOf(product({ unitCostCents: null })).cost).toBe('');
  });

  it('says an empty form’s first field to fill from the top: name, SKU, category, then the price, then the tax class', () => {
    const empty = draftOf(null);
    expect(bodyOf(empty)).toEqual({ ok: false, field: 'name', sentence: 'Name must not be empty.' });
    expect(bodyOf({ ...empty, name: 'Jar' })).toMatchObject({ field: 'sku', sentence: 'SKU must not be empty.' });
    expect(bodyOf({ ...empty, name: 'Jar', sku: 'J-1' })).toMatchObject({
      field: 'type',
      sentence: 'Choose a category.',
    });
    expect(bodyOf({ ...empty, name: 'Jar', sku: 'J-1', type: 'ACCESSORY' })).toMatchObject({ field: 'priceCents' });
    expect(bodyOf({ ...empty, name: 'Jar', sku: 'J-1', type: 'ACCESSORY', price: '3' })).toMatchObject({
      field: 'taxClass',
      sentence: 'Choose a tax class.',
    });
    expect(bodyOf(flowerByTheGram({ name: '  ' }))).toMatchObject({ field: 'name' });
  });

  it('refuses what is not a number, naming the field as the API does, in words', () => {
    expect(bodyOf(flowerByTheGram({ price: '' }))).toEqual({
      ok: false,
      field: 'priceCents',
      sentence: 'Price must be an amount in dollars with at most 2 decimals, such as 35 or 35.50.',
    });
    expect(bodyOf(flowerByTheGram({ price: '-1' }))).toMatchObject({
      field: 'priceCents',
      sentence: 'Price must be $0.00 or more.',
    });
    expect(bodyOf(flowerByTheGram({ price: '12.345' }))).toMatchObject({ field: 'priceCents' });
    expect(bodyOf(flowerByTheGram({ thcMg: '2.5' }))).toMatchObject({
      field: 'thcMg',
      sentence: 'THC must be a whole number, such as 735.',
    });
    // A negative whole number is refused for its sign, not as if it were not a number.
    expect(bodyOf(flowerByTheGram({ thcMg: '-3' }))).toMatchObject({
      field: 'thcMg',
      sentence: 'THC must be 0 or more.',
    });
    // A unit product's threshold is whole units; a weighed one's may be grams to the milligram.
    expect(bodyOf(flowerByTheGram({ deli: false, lowStock: '2.5' }))).toMatchObject({ field: 'lowStockThreshold' });
    // The index is the row's among those sent (blank rows left out).
    expect(
      bodyOf(
        flowerByTheGram({
          priceBreaks: [
            { grams: '', dollars: '' },
            { grams: '3.5', dollars: 'ten' },
          ],
        }),
      ),
    ).toMatchObject({
      field: 'priceBreaks[0].priceCents',
    });
    expect(bodyOf(flowerByTheGram({ priceBreaks: [{ grams: '', dollars: '30' }] }))).toMatchObject({
      field: 'priceBreaks[0].weightMg',
      sentence: 'A price break needs its weight in grams, such as 3.5.',
    });
  });

  it('reads money and numbers with thousands grouped by commas, and refuses any other comma saying why', () => {
    const body = bodyOf(
      flowerByTheGram({
        price: '$1,250.00',
        cost: '1,000',
        thcMg: '1,200',
        lowStock: '1,500.5',
        priceBreaks: [{ grams: '1,000', dollars: '9,500' }],
      }),
    );
    expect(body).toMatchObject({
      ok: true,
      body: {
        priceCents: 125_000,
        unitCostCents: 100_000,
        thcMg: 1200,
        lowStockThreshold: 1500.5,
        priceBreaks: [{ weightMg: 1_000_000, priceCents: 950_000 }],
      },
    });
    expect(bodyOf(flowerByTheGram({ price: '1,5' }))).toEqual({
      ok: false,
      field: 'priceCents',
      sentence:
        'Price "1,5" could mean 1.5 or 15: a comma only separates thousands, three digits at a time (1,250); type 1.5 or 15.',
    });
    expect(bodyOf(flowerByTheGram({ weight: '3,5' }))).toMatchObject({
      field: 'weight',
      sentence: expect.stringMatching(/^Weight "3,5" could mean 3\.5 or 35: /),
    });
    expect(bodyOf(flowerByTheGram({ cost: '1,00,000' }))).toMatchObject({
      field: 'unitCostCents',
      sentence: expect.stringMatching(/^Cost "1,00,000" has a comma that does not separate thousands/),
    });
  });

  it('opens a product on file as it was typed, and a new one blank, sold by the unit', () => {
    const draft = draftOf(
      product({ deli: true, priceCents: 1000, priceBreaks: [{ weightMg: 3500, priceCents: 3000 }] }),
    );
    expect(draft).toMatchObject({
      price: '10.00',
      priceBreaks: [{ grams: '3.5', dollars: '30.00' }],
      cannabisWeight: '3.5',
      thcMg: '735',
      cbdMg: '',
      barcodes: '012345678905',
      lowStock: '5',
    });
    expect(draftOf(null)).toMatchObject({ name: '', unitType: 'each', deli: false, price: '', priceBreaks: [] });
  });

  it('sends a change as only the fields that differ from the product as it was opened', () => {
    const opened = product();
    const draft = { ...draftOf(opened), price: '36', lowStock: '' };
    const checked = bodyOf(draft);
    expect(checked.ok && patchOf(opened, checked.body)).toEqual({ priceCents: 3600, lowStockThreshold: null });
    const unchanged = bodyOf(draftOf(opened));
    expect(unchanged.ok && patchOf(opened, unchanged.body)).toEqual({});
  });

  it('reads tags apart by commas, trimmed and each once in any case; a change of them alone is sent', () => {
    const opened = product({ tags: ['Staff-Pick'] });
    expect(draftOf(opened).tags).toBe('Staff-Pick');
    const checked = bodyOf({ ...draftOf(opened), tags: ' Staff-Pick, clearance ,, staff-pick, ' });
    expect(checked.ok && checked.body.tags).toEqual(['Staff-Pick', 'clearance']);
    expect(checked.ok && patchOf(opened, checked.body)).toEqual({ tags: ['Staff-Pick', 'clearance'] });
    const same = bodyOf({ ...draftOf(opened), tags: 'Staff-Pick,' });
    expect(same.ok && patchOf(opened, same.body)).toEqual({});
  });

  it('refuses a tag too long, or too many tags, beside the field and in words', () => {
    expect(bodyOf(flowerByTheGram({ tags: `sale, ${'x'.repeat(41)}` }))).toEqual({
      ok: false,
      field: 'tags[1]',
      sentence: `A tag must be at most 40 characters: "${'x'.repeat(41)}".`,
    });
    const many = Array.from({ length: 21 }, (_, index) => `t${index}`).join(', ');
    expect(bodyOf(flowerByTheGram({ tags: many }))).toEqual({
      ok: false,
      field: 'tags',
      sentence: 'Tags must be at most 20 tags, not 21.',
    });
    expect(controlOf('tags[1]')).toBe('tags');
  });

  it('reads barcodes apart by commas, spaces or lines', () => {
    expect(barcodesOf(' 012345678905, 96385074\n4006381333931 ')).toEqual([
      '012345678905',
      '96385074',
      '4006381333931',
    ]);
    expect(barcodesOf('')).toEqual([]);
  });

  it('adds a row for each usual weight not there yet, keeping what was typed, lightest first', () => {
    expect(
      withUsualWeights([
        { grams: '3.5', dollars: '35' },
        { grams: '', dollars: '' },
      ]),
    ).toEqual([
      { grams: '1', dollars: '' },
      { grams: '3.5', dollars: '35' },
      { grams: '7', dollars: '' },
      { grams: '14', dollars: '' },
      { grams: '28', dollars: '' },
    ]);
  });

  it('tells a form typed in from one as it was opened, blank price-break rows aside', () => {
    const opened = draftOf(product());
    expect(sameDraft({ ...opened, priceBreaks: [{ grams: '', dollars: '' }] }, opened)).toBe(true);
    expect(sameDraft({ ...opened, price: '36' }, opened)).toBe(false);
  });
});
