// @vitest-environment happy-dom
// @vitest-environment-options {"url":"http://127.0.0.1:4610/backoffice/"}
import { afterEach, describe, expect, it, vi } from 'vitest';
import { nextTick } from 'vue';
import type { ManifestPackageView, ReceiptPreview } from '../../../../shared/contracts/receiving.js';
import { useReceivingStore } from '../../../../renderer/backoffice/stores/receiving.js';
import { fakeService, refused, signedIn, storeIn, type Answer } from './fake-service.js';

const SETUP = '/v2.0/dispensary/demo/setup';
const ok = { resultCode: 'SUCCESS', resultReason: null } as const;
const CSV = '# Manifest: 0004512873\nPackage Label,Item Name,Shipped Qty,UOM\n…';
const pkg = (label: string, fields: Partial<ManifestPackageView> = {}): ManifestPackageView => ({
  label,
  itemName: 'Blue Dream Flower 3.5g',
  quantity: 40,
  unit: 'each',
  wholesaleCents: 56000,
  packagedOn: null,
  expiresOn: null,
  strain: null,
  category: null,
  suggestions: [{ productId: 'p1', name: 'Blue Dream', sku: 'FLW-001', score: 0.63, cannotTake: null }],
  tagInStockAt: null,
  ...fields,
});
const preview = (fields: Partial<ReceiptPreview> = {}): Answer => ({
  body: {
    ...ok,
    manifest: {
      manifestNumber: '0004512873',
      shipperLicense: 'C11-0000123-LIC',
      shipperName: 'Emerald Valley Distribution, LLC',
      packages: [pkg('T1'), pkg('T2', { itemName: 'Gummies', quantity: 10, suggestions: [] })],
    },
    problems: [],
    receivedAlready: null,
    receivedBefore: null,
    ...fields,
  },
});
const ROOMS: Answer = {
  body: {
    ...ok,
    rooms: [
      {
        id: 'sales-floor',
        name: 'Sales floor',
        kind: 'sales_floor',
        kindName: 'Sales floor',
        sells: true,
        archived: false,
        packages: 9,
      },
      {
        id: 'r1',
        name: 'Quarantine',
        kind: 'quarantine',
        kindName: 'Quarantine',
        sells: false,
        archived: false,
        packages: 0,
      },
    ],
  },
};
const file = (text = CSV, name = 'delivery.csv') => new File([text], name, { type: 'text/csv' });

afterEach(() => vi.unstubAllGlobals());

describe('receiving a delivery', () => {
  it('reads the file, suggests each package’s product and defaults to the quarantine', async () => {
    signedIn(['store:manage', 'inventory:adjust']);
    const calls = fakeService({
      [`POST ${SETUP}/inventory/receipts/preview`]: [preview()],
      [`GET ${SETUP}/rooms`]: [ROOMS],
    });
    const receiving = useReceivingStore();
    expect(await receiving.read(file())).toBe(true);
    expect(calls[0]!.body).toEqual({ format: 'csv', text: CSV });
    expect(receiving.drafts.map((d) => [d.label, d.productId, d.received])).toEqual([
      ['T1', 'p1', '40'],
      ['T2', '', '10'],
    ]);
    expect(receiving.room).toBe('r1');
    expect(receiving.cannotReceive).toBe('');
  });

  it('says a file’s problems, and a delivery received already, in words and the store’s time', async () => {
    signedIn(['inventory:adjust']);
    const problems = [
      { where: 'row 2, column "Shipped Qty"', message: 'quantity must be a number above 0, not "abc"' },
    ];
    fakeService({
      [`POST ${SETUP}/inventory/receipts/preview`]: [
        { body: { ...ok, manifest: null, problems, receivedAlready: null, receivedBefore: null } },
        preview({
          receivedAlready: 'received at Green Valley Dispensary on 2026-11-30',
          receivedBefore: { storeName: 'Green Valley Dispensary', at: new Date().toISOString() },
        }),
      ],
      [`GET ${SETUP}/rooms`]: [ROOMS],
      'GET /v2.0/dispensary/demo': [storeIn('America/Los_Angeles')],
    });
    const receiving = useReceivingStore();
    await receiving.read(file('{}', 'bad.json'));
    expect(receiving.manifest).toBeNull();
    expect(receiving.problems).toEqual(problems);
    await receiving.read(file());
    // As other screens say a moment ("Today, 4:46 AM PST"), never the ISO day.
    const said =
      /^Manifest 0004512873 was received at Green Valley Dispensary \(Today, \d{1,2}:\d\d\u00a0[AP]M\u00a0P[SD]T\)\.$/;
    expect(receiving.cannotReceive).toMatch(said);
    // Said first, whatever is undecided (the second package has no product yet), and nothing is sent.
    expect(await receiving.receive()).toBe(false);
    expect(receiving.refusals).toEqual([{ sentence: receiving.cannotReceive, row: null, control: '' }]);
    expect(receiving.overall).toBe(receiving.cannotReceive);
  });

  it('finds products in the product list for a manager, in the catalog for a cashier', async () => {
    signedIn(['inventory:adjust']);
    const item = { productId: 'p7', name: 'Watermelon Gummies 10 x 10mg', sku: 'EDI-001', deli: false };
    const calls = fakeService({
      'GET /v2.0/dispensary/demo/catalog': [{ body: { ...ok, items: [item], nextCursor: null } }],
    });
    expect(await useReceivingStore().findProducts(' EDI-001 ')).toEqual([item]);
    expect(calls[0]!.url.search).toBe('?search=EDI-001&limit=20');
    signedIn(['store:manage', 'inventory:adjust']);
    const listed = fakeService({
      [`GET ${SETUP}/products`]: [{ body: { ...ok, products: [item], nextCursor: null } }],
    });
    expect(await useReceivingStore().findProducts('gummies')).toEqual([item]);
    expect(listed[0]!.url.search).toBe('?search=gummies&limit=20');
  });

  it('keeps everything chosen when the service refuses a package, beside it, until that package changes', async () => {
    signedIn(['store:manage', 'inventory:adjust']);
    const receipt = {
      receiptId: 'x',
      manifestNumber: '0004512873',
      room: 'Quarantine',
      accepted: 1,
      refused: 1,
      short: 0,
      lines: [],
    };
    const calls = fakeService({
      [`POST ${SETUP}/inventory/receipts/preview`]: [preview()],
      [`GET ${SETUP}/rooms`]: [ROOMS],
      [`POST ${SETUP}/inventory/receipts`]: [
        refused(400, 'INVALID_INPUT', 'packages[0].received is more than was shipped (40) for package T1'),
        { body: { ...ok, receipt } },
      ],
    });
    const receiving = useReceivingStore();
    await receiving.read(file());
    // Nothing chosen for the second package: said before anything is sent.
    expect(await receiving.receive()).toBe(false);
    expect(receiving.refusals).toMatchObject([{ row: 1, control: 'product' }]);
    receiving.drafts[1]!.refuse = true;
    receiving.drafts[1]!.reason = 'Not ordered';
    await nextTick();
    expect(receiving.refusals).toEqual([]);
    receiving.note = ' Truck 4 ';
    expect(await receiving.receive()).toBe(false);
    expect(receiving.refusals).toEqual([
      { sentence: 'Received is more than was shipped (40) for package T1.', row: 0, control: 'received' },
    ]);
    expect(receiving.refusedAt(0, 'received')).toBe('Received is more than was shipped (40) for package T1.');
    expect(receiving.drafts[1]).toMatchObject({ refuse: true, reason: 'Not ordered' });
    expect(calls.at(-1)!.body).toEqual({
      format: 'csv',
      text: CSV,
      room: 'r1',
      packages: [
        { label: 'T1', productId: 'p1' },
        { label: 'T2', refused: 'Not ordered' },
      ],
      note: 'Truck 4',
    });
    expect(await receiving.receive()).toBe(true);
    expect(receiving.receipt).toMatchObject({ accepted: 1, room: 'Quarantine' });
    expect(receiving.sells).toBe(false);
    receiving.startOver();
    expect(receiving.manifest).toBeNull();
    expect(receiving.room).toBe('r1');
  });

  it('says every problem at once, each beside its package’s field and the room’s, keeping the others while one is fixed', async () => {
    signedIn(['store:manage', 'inventory:adjust']);
    fakeService({
      [`POST ${SETUP}/inventory/receipts/preview`]: [preview()],
      [`GET ${SETUP}/rooms`]: [ROOMS],
    });
    const receiving = useReceivingStore();
    await receiving.read(file());
    receiving.drafts[0]!.received = '1,5';
    receiving.drafts[1]!.received = 'eleven';
    receiving.room = '';
    expect(await receiving.receive()).toBe(false);
    expect(receiving.refusals).toEqual([
      {
        row: 0,
        control: 'received',
        sentence:
          'Received "1,5" could mean 1.5 or 15: a comma only separates thousands, three digits at a time (1,250); type 1.5 or 15.',
      },
      { row: 1, control: 'product', sentence: 'Choose the product this package is, or refuse it.' },
      { row: 1, control: 'received', sentence: 'Type what arrived: a number of units, such as 10.' },
      { row: null, control: 'room', sentence: 'Choose the room the packages go to.' },
    ]);
    // The first package fixed: its problem goes, the second's and the room's stay.
    receiving.drafts[0]!.received = '15';
    await nextTick();
    expect(receiving.refusals.map((r) => [r.row, r.control])).toEqual([
      [1, 'product'],
      [1, 'received'],
      [null, 'room'],
    ]);
  });

  it('says every problem the service found in a delivery beside its package, not only the first', async () => {
    signedIn(['store:manage', 'inventory:adjust']);
    const first =
      'packages[0].productId Blue Dream (FLW-001) is archived: bring it back first, or choose another product';
    const second = 'packages[1].received is more than was shipped (10) for package T2';
    fakeService({
      [`POST ${SETUP}/inventory/receipts/preview`]: [preview()],
      [`GET ${SETUP}/rooms`]: [ROOMS],
      [`POST ${SETUP}/inventory/receipts`]: [
        refused(400, 'INVALID_INPUT', first, {
          problems: [
            { field: 'packages[0].productId', message: first },
            { field: 'packages[1].received', message: second },
          ],
        }),
      ],
    });
    const receiving = useReceivingStore();
    await receiving.read(file());
    receiving.drafts[1]!.found.push({ productId: 'p8', name: 'Watermelon Gummies', sku: 'EDI-001', deli: false });
    receiving.drafts[1]!.productId = 'p8';
    expect(await receiving.receive()).toBe(false);
    expect(receiving.refusedAt(0, 'product')).toBe(
      'Blue Dream (FLW-001) is archived: bring it back first, or choose another product.',
    );
    expect(receiving.refusedAt(1, 'received')).toBe('Received is more than was shipped (10) for package T2.');
  });
});
