import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, stock, setStock, count, type FixtureProduct } from '../support/catalog-fixtures.js';
import { cents, demoService, type DemoService } from '../support/demo-service.js';

const URL = '/v2.0/dispensary/demo/ecommerce/ticket';
let service: DemoService;
let counted: FixtureProduct[];

beforeAll(async () => {
  service = await demoService();
  counted = await products(service.app, 'p.deli = 0 AND k.on_hand_milli >= 10000 AND k.discount_ppm = 0');
});
afterAll(() => service.close());

const post = (payload: unknown, headers: Record<string, string> = {}) =>
  service.request({
    method: 'POST',
    url: URL,
    headers: { ...service.headers, ...headers },
    payload: payload as object,
  });

describe('POST ticket (spec 4.1)', () => {
  it('creates a priced order with every field of spec 2.2–2.4', async () => {
    const [a, b] = counted;
    const before = await stock(service.app, a!.id);
    const response = await post({
      type: 'PICKUP',
      items: [
        { productId: a!.id, quantity: 2 },
        { productId: b!.id, quantity: 1 },
      ],
      rewardDollars: 0,
    });
    expect(response.statusCode).toBe(201);
    const ticket = response.json();
    expect(ticket).toMatchObject({
      resultCode: 'SUCCESS',
      resultReason: null,
      type: 'PICKUP',
      status: 'AWAITING_PROCESSING',
      unavailableItems: [],
      message: [],
      // No deal at the demo store yet: none applied, no code typed.
      deals: [],
      promoCodes: [],
    });
    expect(ticket.orderId).toMatch(/^[0-9a-f-]{36}$/);
    expect(ticket.orderNumber).toMatch(/^[2-9A-HJ-NP-Z]{6}$/);
    expect(ticket.totalItems).toBe(3);
    expect(ticket.eta).toMatch(/ready for pickup at .+ Please pick it up before/);
    for (const key of [
      'subTotal',
      'adjustedSubTotal',
      'tax',
      'total',
      'deliveryCost',
      'discount',
      'tierDiscount',
      'payByPoints',
    ]) {
      expect(ticket[key], key).toMatch(/^-?\d+\.\d{2}$/);
    }
    expect(Object.keys(ticket.address).sort()).toEqual([
      'apt',
      'city',
      'comment',
      'country',
      'county',
      'id',
      'latitude',
      'longitude',
      'primary',
      'state',
      'street',
      'type',
      'zip',
    ]);
    expect(Number.isInteger(ticket.address.id)).toBe(true);
    const [line] = ticket.items;
    expect(Object.keys(line).sort()).toEqual([
      'barcodes',
      'brand',
      'deli',
      'discountDescription',
      'discounts',
      'id',
      'lineIndex',
      'locationId',
      'name',
      'originalPrice',
      'originalQuantity',
      'packageId',
      'packageLabel',
      'priceSell',
      'productId',
      'quantity',
      'refundedQuantity',
      'size',
      'subtype',
      'tax',
      'type',
      'unitId',
      'unitType',
      'weight',
    ]);
    expect(line).toMatchObject({
      productId: a!.id,
      quantity: 2,
      originalQuantity: 2,
      lineIndex: 1,
      refundedQuantity: 0,
      deli: false,
    });
    expect(line.priceSell).toBe(((a!.priceCents * 2) / 100).toFixed(2));
    expect(typeof line.tax).toBe('number');
    expect((await stock(service.app, a!.id)).reservedMilli).toBe(before.reservedMilli + 2000);
  });

  it('reconciles totals and lines', async () => {
    const discounted = (
      await products(service.app, 'k.discount_ppm > 0 AND k.on_hand_milli - k.reserved_milli >= 3000')
    )[0]!;
    const deli = (await products(service.app, 'p.deli = 1 AND k.on_hand_milli - k.reserved_milli >= 10000'))[0]!;
    const response = await post({
      type: 'PICKUP',
      items: [
        { productId: discounted.id, quantity: 3 },
        { productId: deli.id, quantity: 3.5 },
        { productId: counted[2]!.id, quantity: 1 },
      ],
      rewardDollars: 5,
    });
    expect(response.statusCode).toBe(201);
    const t = response.json();
    expect(cents(t.adjustedSubTotal)).toBe(cents(t.subTotal) + cents(t.discount) + cents(t.tierDiscount));
    expect(cents(t.total)).toBe(
      cents(t.adjustedSubTotal) + cents(t.tax) + cents(t.deliveryCost) + cents(t.payByPoints),
    );
    expect(cents(t.payByPoints)).toBe(-500);
    expect(cents(t.discount)).toBeLessThan(0);
    const lineSum = t.items.reduce((sum: number, item: { priceSell: string }) => sum + cents(item.priceSell), 0);
    expect(lineSum).toBe(cents(t.adjustedSubTotal) - cents(t.tierDiscount));
    const taxSum = t.items.reduce((sum: number, item: { tax: number }) => sum + Math.round(item.tax * 100), 0);
    expect(taxSum).toBe(cents(t.tax));
    const weighed = t.items.find((item: { productId: string }) => item.productId === deli.id);
    expect(weighed).toMatchObject({ quantity: 3.5, deli: true });
    expect(cents(weighed.priceSell)).toBe(Math.round((deli.priceCents * 3500) / 1000));
    const promo = t.items.find((item: { productId: string }) => item.productId === discounted.id);
    expect(promo.discountDescription).not.toBe('');
  });

  it('caps reward dollars at the order value', async () => {
    const response = await post({
      type: 'PICKUP',
      items: [{ productId: counted[3]!.id, quantity: 1 }],
      rewardDollars: 100000,
    });
    const t = response.json();
    expect(t.total).toBe('0.00');
    expect(cents(t.payByPoints)).toBe(-(cents(t.adjustedSubTotal) + cents(t.tax)));
  });

  it('fills what it can and lists the rest in unavailableItems', async () => {
    const [short, none] = [counted[4]!, counted[5]!];
    await setStock(service.app, short.id, 2000);
    await setStock(service.app, none.id, 0);
    const response = await post({
      type: 'PICKUP',
      items: [
        { productId: short.id, quantity: 5 },
        { productId: none.id, quantity: 1 },
      ],
    });
    expect(response.statusCode).toBe(201);
    const t = response.json();
    expect(t.items).toHaveLength(1);
    expect(t.items[0]).toMatchObject({ productId: short.id, quantity: 2, originalQuantity: 5 });
    expect(t.unavailableItems).toEqual([
      { productId: short.id, requestedQuantity: 5, availableQuantity: 2, reason: 'INSUFFICIENT_STOCK' },
      { productId: none.id, requestedQuantity: 1, availableQuantity: 0, reason: 'OUT_OF_STOCK' },
    ]);
    expect(t.message).toHaveLength(1);
    expect(await stock(service.app, short.id)).toEqual({ onHandMilli: 2000, reservedMilli: 2000 });
  });

  it('creates no order when nothing is available', async () => {
    const product = counted[5]!;
    await setStock(service.app, product.id, 0);
    const orders = await count(service.app, 'orders');
    const response = await post({ type: 'PICKUP', items: [{ productId: product.id, quantity: 1 }] });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      resultCode: 'FAIL',
      resultReason: 'NOTHING_AVAILABLE',
      resultDetail: 'none of the requested items is available at Green Valley Dispensary; no order was created',
    });
    expect(await count(service.app, 'orders')).toBe(orders);
    // A quote never makes an order: it does not say it made none.
    const quote = await service.request({
      method: 'POST',
      url: `${URL}/quote`,
      headers: service.headers,
      payload: { type: 'PICKUP', items: [{ productId: product.id, quantity: 1 }] },
    });
    expect(quote.statusCode).toBe(409);
    expect(quote.json().resultDetail).toBe('none of the requested items is available at Green Valley Dispensary');
  });

  it('never oversells a package under concurrent tickets', async () => {
    const product = counted[6]!;
    await setStock(service.app, product.id, 10_000);
    const responses = await Promise.all(
      Array.from({ length: 30 }, () => post({ type: 'PICKUP', items: [{ productId: product.id, quantity: 1 }] })),
    );
    const statuses = responses.map((response) => response.statusCode);
    // Any answer but a sale or a refusal of the sold-out package is printed whole.
    const odd = responses.filter((response) => response.statusCode !== 201 && response.statusCode !== 409);
    expect(odd.map((response) => `${response.statusCode} ${response.body}`)).toEqual([]);
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    expect(statuses.filter((status) => status === 409)).toHaveLength(20);
    expect(await stock(service.app, product.id)).toEqual({ onHandMilli: 10_000, reservedMilli: 10_000 });
  });

  it('fills the last units once when concurrent tickets read the same stock', async () => {
    const [scarce, plenty] = [counted[7]!, counted[8]!];
    await setStock(service.app, scarce.id, 10_000);
    await setStock(service.app, plenty.id, 100_000);
    // Each ticket reads 10 or fewer left and wants 3; a write whose units went meanwhile is built again.
    const responses = await Promise.all(
      Array.from({ length: 12 }, () =>
        post({
          type: 'PICKUP',
          items: [
            { productId: scarce.id, quantity: 3 },
            { productId: plenty.id, quantity: 1 },
          ],
        }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(12).fill(201));
    const taken = responses
      .map((response) => response.json() as { items: { productId: string; quantity: number }[] })
      .map((t) => t.items.find((item) => item.productId === scarce.id)?.quantity ?? 0)
      .filter((quantity) => quantity > 0)
      .sort();
    expect(taken).toEqual([1, 3, 3, 3]);
    expect(await stock(service.app, scarce.id)).toEqual({ onHandMilli: 10_000, reservedMilli: 10_000 });
    expect(await stock(service.app, plenty.id)).toMatchObject({ reservedMilli: 12_000 });
  });
});
