import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, products, stock } from '../support/catalog-fixtures.js';
import { DEMO_CLIENT, demoService, login, type DemoService } from '../support/demo-service.js';

const URL = '/v2.0/dispensary/demo/ecommerce/ticket';
let service: DemoService;
let counted: string;
let deli: string;

beforeAll(async () => {
  service = await demoService();
  counted = (await products(service.app, 'p.deli = 0 AND k.on_hand_milli >= 5000'))[0]!.id;
  deli = (await products(service.app, 'p.deli = 1 AND k.on_hand_milli >= 5000'))[0]!.id;
});
afterAll(() => service.close());

// Cases are listed before the demo products are known: `COUNTED` and `DELI` stand for their ids.
const COUNTED = '<counted>';
const DELI = '<deli>';
const item = (quantity: unknown = 1, productId: unknown = COUNTED) => ({ productId, quantity });
const withIds = (body: unknown) => JSON.stringify(body).replaceAll(COUNTED, counted).replaceAll(DELI, deli);

interface Case {
  name: string;
  body?: unknown;
  raw?: string;
  headers?: Record<string, string | undefined>;
  url?: string;
  status: number;
  reason: string;
  detail: RegExp;
}

const cases: Case[] = [
  {
    name: 'type missing',
    body: { items: [item()] },
    status: 400,
    reason: 'INVALID_INPUT',
    detail: /^type is required/,
  },
  {
    name: 'unknown type',
    body: { type: 'DELIVERY', items: [item()] },
    status: 400,
    reason: 'INVALID_INPUT',
    detail: /^type must be "PICKUP"/,
  },
  {
    name: 'items missing',
    body: { type: 'PICKUP' },
    status: 400,
    reason: 'INVALID_INPUT',
    detail: /^items is required/,
  },
  {
    name: 'items empty',
    body: { type: 'PICKUP', items: [] },
    status: 400,
    reason: 'INVALID_INPUT',
    detail: /^items must have at least 1 item/,
  },
  {
    name: 'items not an array',
    body: { type: 'PICKUP', items: {} },
    status: 400,
    reason: 'INVALID_INPUT',
    detail: /^items must be a list/,
  },
  {
    name: 'productId not a UUID',
    body: { type: 'PICKUP', items: [item(1, 'abc')] },
    status: 400,
    reason: 'INVALID_INPUT',
    detail: /^items\[0\]\.productId must be an id as a UUID, such as "3f2c8a9e-/,
  },
  {
    name: 'unknown product',
    body: { type: 'PICKUP', items: [item(1, '00000000-0000-4000-8000-000000000000')] },
    status: 400,
    reason: 'INVALID_INPUT',
    detail: /^items\[0\]\.productId is not a product sold by Green Valley Dispensary$/,
  },
  {
    name: 'quantity zero',
    body: { type: 'PICKUP', items: [item(0)] },
    status: 400,
    reason: 'INVALID_INPUT',
    detail: /^items\[0\]\.quantity must be a number more than 0 and at most 100,000, not 0$/,
  },
  {
    name: 'quantity negative',
    body: { type: 'PICKUP', items: [item(-2)] },
    status: 400,
    reason: 'INVALID_INPUT',
    detail: /^items\[0\]\.quantity must be a number more than 0 and at most 100,000, not -2$/,
  },
  {
    name: 'quantity as text',
    body: { type: 'PICKUP', items: [item('2')] },
    status: 400,
    reason: 'INVALID_INPUT',
    detail: /^items\[0\]\.quantity must be a number/,
  },
  {
    name: 'fractional units',
    body: { type: 'PICKUP', items: [item(1.5)] },
    status: 400,
    reason: 'INVALID_INPUT',
    detail: /^items\[0\]\.quantity must be a whole number/,
  },
  {
    name: 'deli weight with 4 decimals',
    body: { type: 'PICKUP', items: [item(1.2345, DELI)] },
    status: 400,
    reason: 'INVALID_INPUT',
    detail: /^items\[0\]\.quantity must have at most 3 decimals/,
  },
  {
    name: 'same product twice',
    body: { type: 'PICKUP', items: [item(), item(2)] },
    status: 400,
    reason: 'INVALID_INPUT',
    detail: /^items\[1\]\.productId repeats the product of items\[0\]/,
  },
  {
    name: 'reward dollars negative',
    body: { type: 'PICKUP', items: [item()], rewardDollars: -1 },
    status: 400,
    reason: 'INVALID_INPUT',
    detail: /^rewardDollars must be a number from 0 to [\d,]+, not -1$/,
  },
  {
    name: 'a promo code with a space',
    body: { type: 'PICKUP', items: [item()], promoCodes: ['SPRING 10'] },
    status: 400,
    reason: 'INVALID_INPUT',
    detail: /^promoCodes\[0\] must be a code of 1 to 32 letters, digits, - or _, without spaces inside it$/,
  },
  {
    name: 'a promo code of spaces only',
    body: { type: 'PICKUP', items: [item()], promoCodes: ['SPRING10', '   '] },
    status: 400,
    reason: 'INVALID_INPUT',
    detail: /^promoCodes\[1\] must not be blank$/,
  },
  {
    name: 'reward dollars below a cent',
    body: { type: 'PICKUP', items: [item()], rewardDollars: 1.005 },
    status: 400,
    reason: 'INVALID_INPUT',
    detail: /^rewardDollars must have at most 2 decimals/,
  },
  {
    name: 'unknown field',
    body: { type: 'PICKUP', items: [item()], coupon: 'X' },
    status: 400,
    reason: 'INVALID_INPUT',
    detail: /^coupon is not an allowed field/,
  },
  {
    name: 'malformed JSON',
    raw: '{"type": "PICKUP", ',
    status: 400,
    reason: 'INVALID_INPUT',
    detail: /not valid JSON/,
  },
  {
    name: 'wrong content type',
    raw: 'type=PICKUP',
    headers: { 'content-type': 'text/plain' },
    status: 415,
    reason: 'UNSUPPORTED_MEDIA_TYPE',
    detail: /^Content-Type must be application\/json, not text\/plain/,
  },
  {
    name: 'body over the limit',
    body: { type: 'PICKUP', items: [item()], pad: 'x'.repeat(300 * 1024) },
    status: 413,
    reason: 'PAYLOAD_TOO_LARGE',
    detail: /^the request body is larger than 256 KiB, the most accepted here$/,
  },
  {
    name: 'unknown dispensary',
    body: { type: 'PICKUP', items: [item()] },
    url: '/v2.0/dispensary/nowhere/ecommerce/ticket',
    status: 404,
    reason: 'NOT_FOUND',
    detail: /no dispensary with short name "nowhere"/,
  },
  {
    name: 'dispensary in capitals',
    body: { type: 'PICKUP', items: [item()] },
    url: '/v2.0/dispensary/DEMO/ecommerce/ticket',
    status: 404,
    reason: 'NOT_FOUND',
    detail: /^no dispensary with short name "DEMO" \(short names are lowercase: "demo"\)$/,
  },
  {
    name: 'no client_id',
    body: { type: 'PICKUP', items: [item()] },
    headers: { client_id: undefined },
    status: 401,
    reason: 'UNAUTHENTICATED',
    detail: /client_id/,
  },
  {
    name: 'no client_secret',
    body: { type: 'PICKUP', items: [item()] },
    headers: { client_secret: undefined },
    status: 401,
    reason: 'UNAUTHENTICATED',
    detail: /client_secret/,
  },
  {
    name: 'wrong client_secret',
    body: { type: 'PICKUP', items: [item()] },
    headers: { client_secret: 'sps_wrong' },
    status: 401,
    reason: 'UNAUTHENTICATED',
    detail: /client/,
  },
  {
    name: 'no bearer token',
    body: { type: 'PICKUP', items: [item()] },
    headers: { authorization: undefined },
    status: 401,
    reason: 'UNAUTHENTICATED',
    detail: /[Bb]earer|[Aa]uthorization/,
  },
  {
    name: 'unknown bearer token',
    body: { type: 'PICKUP', items: [item()] },
    headers: { authorization: 'Bearer spt_not-a-token' },
    status: 401,
    reason: 'UNAUTHENTICATED',
    detail: /token/,
  },
];

describe('POST ticket refuses bad input clearly and writes nothing', () => {
  it.each(cases)('$name → $status $reason', async ({ body, raw, headers = {}, url = URL, status, reason, detail }) => {
    const before = {
      orders: await count(service.app, 'orders'),
      items: await count(service.app, 'order_items'),
      stock: await stock(service.app, counted),
    };
    const merged = Object.fromEntries(
      Object.entries({ ...service.headers, 'content-type': 'application/json', ...headers }).filter(
        ([, value]) => value !== undefined,
      ),
    ) as Record<string, string>;
    const response = await service.request({
      method: 'POST',
      url,
      headers: merged,
      payload: raw ?? withIds(body),
    });
    expect(response.statusCode).toBe(status);
    const failure = response.json();
    expect(failure).toMatchObject({ resultCode: 'FAIL', resultReason: reason });
    expect(failure.resultDetail).toMatch(detail);
    expect(failure).not.toHaveProperty('stack');
    expect(await count(service.app, 'orders')).toBe(before.orders);
    expect(await count(service.app, 'order_items')).toBe(before.items);
    expect(await stock(service.app, counted)).toEqual(before.stock);
  });

  it('refuses a user whose role may not create tickets (403)', async () => {
    const token = await login(service.app, 'display', 'display-demo-1');
    const response = await service.request({
      method: 'POST',
      url: URL,
      headers: { ...DEMO_CLIENT, authorization: `Bearer ${token}` },
      payload: { type: 'PICKUP', items: [item()] },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ resultReason: 'FORBIDDEN' });
    expect(response.json().resultDetail).toMatch(/ticket:create/);
  });
});
