import { describe, expect, it } from 'vitest';
import type { ManifestPackageView, ReceiptView } from '../../../../shared/contracts/receiving.js';
import type { Room } from '../../../../shared/contracts/rooms.js';
import { ApiError } from '../../../../renderer/common/http.js';
import {
  checkReceipt,
  choicesOf,
  defaultRoom,
  draftOf,
  likelihood,
  planWords,
  shippedWords,
  shortWords,
  typedPrice,
} from '../../../../renderer/backoffice/logic/receipt-draft.js';
import {
  receiptRefusal,
  receiptRefusals,
  receiptWords,
  whereWords,
} from '../../../../renderer/backoffice/logic/receipt-words.js';

const pkg = (fields: Partial<ManifestPackageView> = {}): ManifestPackageView => ({
  label: '1A4FF0100000022000000201',
  itemName: 'Blue Dream Flower 3.5g',
  quantity: 40,
  unit: 'each',
  wholesaleCents: 56000,
  packagedOn: null,
  expiresOn: '2027-05-02',
  strain: null,
  category: null,
  suggestions: [
    { productId: 'p1', name: 'Blue Dream', sku: 'FLW-001', score: 0.63, cannotTake: null },
    { productId: 'p2', name: 'Blue Dream Pre-Roll', sku: 'PRE-001', score: 0.49, cannotTake: null },
  ],
  tagInStockAt: null,
  ...fields,
});
const BULK = pkg({
  label: '1A4FF0100000022000000203',
  itemName: 'Sour Diesel Bulk Flower',
  quantity: 453.592,
  unit: 'grams',
  suggestions: [],
});
const room = (fields: Partial<Room>): Room => ({
  id: 'sales-floor',
  name: 'Sales floor',
  kind: 'sales_floor',
  kindName: 'Sales floor',
  sells: true,
  archived: false,
  packages: 0,
  ...fields,
});

describe('a package’s draft', () => {
  it('takes the likeliest product and all that was shipped, saying how likely each suggestion is', () => {
    const draft = draftOf(pkg());
    expect(draft).toMatchObject({ productId: 'p1', received: '40', refuse: false });
    expect(choicesOf(pkg(), draft).map((c) => c.words)).toEqual([
      'Blue Dream (FLW-001): likely',
      'Blue Dream Pre-Roll (PRE-001): possible',
    ]);
    const [best, next] = pkg().suggestions;
    expect(
      likelihood({ ...best!, score: 0.63 }, [
        { ...best!, score: 0.63 },
        { ...next!, score: 0.6 },
      ]),
    ).toBe('possible');
    expect(likelihood({ ...best!, score: 0.5 }, [{ ...best!, score: 0.5 }])).toBe('possible');
    expect(draftOf(BULK).productId).toBe('');
  });

  it('calls only the product --match would take likely: the next one is possible, however high it scores', () => {
    const preRoll = pkg({
      itemName: 'Blue Dream Pre-Roll 1g',
      suggestions: [
        { productId: 'p2', name: 'Blue Dream Pre-Roll', sku: 'PRE-001', score: 0.99, cannotTake: null },
        { productId: 'p1', name: 'Blue Dream', sku: 'FLW-001', score: 0.75, cannotTake: null },
      ],
    });
    expect(choicesOf(preRoll, draftOf(preRoll)).map((c) => c.words)).toEqual([
      'Blue Dream Pre-Roll (PRE-001): likely',
      'Blue Dream (FLW-001): possible',
    ]);
  });

  it('never chooses a product that cannot take the package: offered, it says why and cannot be chosen', () => {
    const sells = 'sells by the unit, but this package is counted in grams';
    const sour = { productId: 'p6', name: 'Sour Diesel', sku: 'FLW-006', score: 0.64, cannotTake: sells };
    const bulk = { ...BULK, suggestions: [sour] };
    const draft = draftOf(bulk);
    expect(draft.productId).toBe('');
    expect(choicesOf(bulk, draft)).toEqual([
      expect.objectContaining({
        productId: 'p6',
        disabled: true,
        words: `Sour Diesel (FLW-006): cannot be chosen, it ${sells}`,
      }),
    ]);
    // Chosen anyway (found again by search), it is refused before anything is sent.
    expect(checkReceipt([bulk], [{ ...draft, productId: 'p6' }])).toEqual({
      ok: false,
      problems: [{ row: 0, control: 'product', sentence: `Sour Diesel (FLW-006): cannot be chosen, it ${sells}.` }],
    });
    // How likely the others are is said among those that can take it: the deli ahead of the jar is likely.
    const deli = { productId: 'p7', name: 'Sour Diesel (by the gram)', sku: 'DEL-006', score: 0.62, cannotTake: null };
    const both = { ...BULK, suggestions: [sour, deli] };
    expect(draftOf(both).productId).toBe('p7');
    expect(choicesOf(both, draftOf(both)).map((c) => [c.productId, c.disabled, c.words.split(': ')[1]])).toEqual([
      ['p6', true, `cannot be chosen, it ${sells}`],
      ['p7', false, 'likely'],
    ]);
  });

  it('offers a product found by search beside the suggestions, once', () => {
    const draft = draftOf(pkg());
    draft.found.push({ productId: 'p9', name: 'Blue Dream 7g', sku: 'FLW-009', deli: false });
    draft.found.push({ productId: 'p1', name: 'Blue Dream', sku: 'FLW-001', deli: false });
    expect(choicesOf(pkg(), draft).map((c) => c.productId)).toEqual(['p1', 'p2', 'p9']);
  });

  it('shows a shortage in the package’s unit', () => {
    expect(shortWords(pkg(), { ...draftOf(pkg()), received: '38' })).toBe('2 short');
    expect(shortWords(BULK, { ...draftOf(BULK), received: '450' })).toBe('3.592 g short');
    expect(shortWords(pkg(), { ...draftOf(pkg()), received: '40' })).toBe('');
    expect(shortWords(pkg(), { ...draftOf(pkg()), received: 'abc' })).toBe('');
    expect(shippedWords(453.592, 'grams')).toBe('453.592 g');
    expect(shippedWords(1, 'each')).toBe('1 unit');
    // Thousands grouped: three pounds of bulk flower, a case of pre-rolls.
    expect(shippedWords(1360.776, 'grams')).toBe('1,360.776 g');
    expect(shippedWords(1200, 'each')).toBe('1,200 units');
    expect(shortWords({ ...BULK, quantity: 1360.776 }, { ...draftOf(BULK), received: '100' })).toBe(
      '1,260.776 g short',
    );
  });
});

describe('checking the decisions before they are sent', () => {
  const check = (drafts: ReturnType<typeof draftOf>[]) => checkReceipt([pkg(), BULK], drafts);

  it('sends one decision per package in the manifest’s order, received only when short', () => {
    const blue = { ...draftOf(pkg()), received: '38' };
    const bulk = { ...draftOf(BULK), refuse: true, reason: ' Seal broken ' };
    expect(check([blue, bulk])).toEqual({
      ok: true,
      decisions: [
        { label: pkg().label, productId: 'p1', received: 38 },
        { label: BULK.label, refused: 'Seal broken' },
      ],
    });
    expect(planWords([pkg(), BULK], [blue, bulk], 'Quarantine')).toBe('1 package into Quarantine (1 short), 1 refused');
  });

  it('sends a new product instead of a product, its price in cents', () => {
    const create = { name: ' Sour Diesel Bulk ', brand: '', type: 'FLOWER', price: '9.5', taxClass: 'cannabis' };
    const bulk = { ...draftOf(BULK), productId: '', create };
    expect(check([draftOf(pkg()), bulk])).toMatchObject({
      ok: true,
      decisions: [
        { label: pkg().label, productId: 'p1' },
        {
          label: BULK.label,
          create: { name: 'Sour Diesel Bulk', type: 'FLOWER', priceCents: 950, taxClass: 'cannabis' },
        },
      ],
    });
    expect(check([draftOf(pkg()), { ...bulk, create: { ...create, price: 'lots' } }])).toEqual({
      ok: false,
      problems: [{ row: 1, control: 'product', sentence: 'Type the new product’s price in dollars, such as 12.50.' }],
    });
    // Thousands grouped by commas are read; any other comma is refused, saying why.
    expect(check([draftOf(pkg()), { ...bulk, create: { ...create, price: '$1,250.00' } }])).toMatchObject({
      ok: true,
      decisions: [{}, { create: { priceCents: 125_000 } }],
    });
    expect(typedPrice('12,50')).toEqual({
      sentence:
        'Price "12,50" could mean 12.50 or 1250: a comma only separates thousands, three digits at a time (1,250); type 12.50 or 1250.',
    });
  });

  it('says what is missing or wrong beside the package’s field', () => {
    const blue = draftOf(pkg());
    // The bulk flower refused, so that only the Blue Dream's problem is said.
    const bulk = { ...draftOf(BULK), refuse: true, reason: 'Seal broken' };
    const refused = (fields: Partial<ReturnType<typeof draftOf>>, drafts = [blue, { ...draftOf(BULK), ...fields }]) =>
      check(drafts);
    /** The one problem found, where and why. */
    const only = (checked: ReturnType<typeof check>) => {
      expect(checked.ok).toBe(false);
      const { problems } = checked as Extract<typeof checked, { ok: false }>;
      expect(problems).toHaveLength(1);
      return problems[0]!;
    };
    expect(refused({})).toEqual({
      ok: false,
      problems: [{ row: 1, control: 'product', sentence: 'Choose the product this package is, or refuse it.' }],
    });
    expect(only(refused({ refuse: true }))).toMatchObject({ row: 1, control: 'reason' });
    const jar = { productId: 'p9', name: 'Sour Diesel', sku: 'FLW-006', deli: false };
    expect(only(refused({ productId: 'p9', found: [jar] }))).toMatchObject({
      control: 'product',
      sentence: 'Sour Diesel (FLW-006) sells by the unit, but this package is counted in grams.',
    });
    expect(only(check([{ ...blue, received: '41' }, bulk]))).toMatchObject({
      row: 0,
      control: 'received',
      sentence: 'More than was shipped (40) cannot be received.',
    });
    expect(only(check([{ ...blue, received: '0' }, bulk]))).toMatchObject({ control: 'received' });
    expect(only(check([{ ...blue, received: '2.5' }, bulk]))).toMatchObject({
      sentence: 'Type a whole number of units.',
    });
    expect(only(check([{ ...blue, received: 'eight' }, bulk]))).toMatchObject({
      sentence: 'Type what arrived: a number of units, such as 40.',
    });
    expect(only(check([{ ...blue, received: '-1' }, bulk]))).toMatchObject({
      sentence: 'Type what arrived: a number of units (not below 0), such as 40.',
    });
    expect(only(check([{ ...blue, received: '39.0005' }, bulk]))).toMatchObject({
      sentence: 'Type what arrived: a number of units (at most 3 decimals), such as 40.',
    });
  });

  it('says every problem of every package at once, in the screen’s order', () => {
    const blue = { ...draftOf(pkg()), received: '41' };
    const bulk = { ...draftOf(BULK), received: 'lots' };
    expect(check([blue, bulk])).toEqual({
      ok: false,
      problems: [
        { row: 0, control: 'received', sentence: 'More than was shipped (40) cannot be received.' },
        { row: 1, control: 'product', sentence: 'Choose the product this package is, or refuse it.' },
        { row: 1, control: 'received', sentence: 'Type what arrived: a number of grams, such as 453.592.' },
      ],
    });
  });

  it('reads what arrived with thousands grouped by commas, and refuses any other comma saying why', () => {
    const cases = { ...pkg(), quantity: 1200 };
    expect(checkReceipt([cases], [{ ...draftOf(cases), received: '1,150' }])).toEqual({
      ok: true,
      decisions: [{ label: cases.label, productId: 'p1', received: 1150 }],
    });
    expect(shortWords(cases, { ...draftOf(cases), received: '1,150' })).toBe('50 short');
    expect(checkReceipt([cases], [{ ...draftOf(cases), received: '1,15' }])).toEqual({
      ok: false,
      problems: [
        {
          row: 0,
          control: 'received',
          sentence:
            'Received "1,15" could mean 1.15 or 115: a comma only separates thousands, three digits at a time (1,250); type 1.15 or 115.',
        },
      ],
    });
  });
});

describe('the service’s refusals and the receipt, in words', () => {
  it('puts a refusal beside the package field it names, else over the screen', () => {
    const at = (message: string) => receiptRefusal(new ApiError(400, 'INVALID_INPUT', message), 'x');
    expect(at('packages[1].received is more than was shipped (10) for package 1A4')).toEqual({
      sentence: 'Received is more than was shipped (10) for package 1A4.',
      row: 1,
      control: 'received',
    });
    expect(
      at('packages[2].productId Sour Diesel (FLW-006) sells by the unit, but package X is counted in grams'),
    ).toEqual({
      sentence: 'Sour Diesel (FLW-006) sells by the unit, but package X is counted in grams.',
      row: 2,
      control: 'product',
    });
    expect(
      at('manifest.packages[0].label package X is already a package at demo: a state tag is received once'),
    ).toMatchObject({
      row: 0,
    });
    expect(at('room is not a room of demo: "Freezer" (Sales floor, Quarantine, Vault)')).toMatchObject({
      control: 'room',
      sentence: 'Room is not a room of demo: "Freezer" (Sales floor, Quarantine, Vault).',
    });
    expect(at('manifest 0004512873 was already received at demo on Nov 30, 2026, 7:15 PM PST')).toEqual({
      sentence: 'Manifest 0004512873 was already received at demo on Nov 30, 2026, 7:15 PM PST.',
      row: null,
      control: '',
    });
    expect(at('packages[0].create.taxClass is not a tax class of demo: "luxury" (package 1A4, Blue Dream)')).toEqual({
      sentence: 'The new product’s tax class is not a tax class of demo: "luxury" (package 1A4, Blue Dream).',
      row: 0,
      control: 'product',
    });
    expect(receiptRefusal(new Error('offline'), 'Try again.')).toMatchObject({ sentence: 'Try again.', row: null });
    // A delivery checked whole: every problem the service found, each beside its package's field.
    const first = 'packages[0].received is more than was shipped (40) for package T1';
    const second =
      'packages[1].productId is needed for package T2: the product it is (or a new one, create), or refuse it';
    const both = new ApiError(400, 'INVALID_INPUT', first, undefined, {
      problems: [
        { field: 'packages[0].received', message: first },
        { field: 'packages[1].productId', message: second },
      ],
    });
    expect(receiptRefusals(both, 'x').map((r) => [r.row, r.control])).toEqual([
      [0, 'received'],
      [1, 'product'],
    ]);
    expect(receiptRefusals(new ApiError(400, 'INVALID_INPUT', first), 'x')).toHaveLength(1);
  });

  it('defaults to the quarantine, else the sales floor', () => {
    const floor = room({});
    const vault = room({ id: 'r1', name: 'Vault', kind: 'storage', sells: false });
    const hold = room({ id: 'r2', name: 'Quarantine', kind: 'quarantine', sells: false });
    expect(defaultRoom([floor, vault, hold])).toBe('r2');
    expect(defaultRoom([floor, vault, { ...hold, archived: true }])).toBe('sales-floor');
  });

  it('sums the receipt up and says where its packages are', () => {
    const receipt = {
      manifestNumber: '0004512873',
      room: 'Quarantine',
      accepted: 2,
      refused: 1,
      short: 1,
    } as ReceiptView;
    expect(receiptWords(receipt)).toBe('Received manifest 0004512873 into Quarantine: 2 accepted, 1 refused, 1 short.');
    // A part of 0 is left out: never "0 refused, 0 short".
    expect(receiptWords({ ...receipt, accepted: 12, refused: 0, short: 0 })).toBe(
      'Received manifest 0004512873 into Quarantine: 12 packages accepted.',
    );
    expect(receiptWords({ ...receipt, accepted: 1, refused: 0, short: 0 })).toBe(
      'Received manifest 0004512873 into Quarantine: 1 package accepted.',
    );
    expect(receiptWords({ ...receipt, accepted: 12, refused: 1, short: 0 })).toBe(
      'Received manifest 0004512873 into Quarantine: 12 accepted, 1 refused.',
    );
    expect(receiptWords({ ...receipt, refused: 0 })).toBe(
      'Received manifest 0004512873 into Quarantine: 2 accepted, 1 short.',
    );
    expect(whereWords(receipt, false)).toBe(
      'The 2 packages were received into Quarantine, where nothing sells: move them to the sales floor once ' +
        "checked (the product's Packages say where each is now).",
    );
    expect(whereWords({ ...receipt, accepted: 1, room: 'Sales floor' }, true)).toBe(
      'The package was received onto the sales floor, where it sells.',
    );
  });
});
