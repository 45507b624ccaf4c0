import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoService, type DemoService } from '../support/demo-service.js';

let service: DemoService;
beforeAll(async () => {
  service = await demoService();
});
afterAll(() => service.close());

const catalog = (query: string) =>
  service.request({
    method: 'GET',
    url: `/v2.0/dispensary/demo/catalog?${query}`,
    headers: { authorization: service.headers.authorization! },
  });

describe('catalog type filter', () => {
  it.each(['EDIBLE', 'edibles', 'Edible'])('understands %s as EDIBLE', async (type) => {
    const response = await catalog(`type=${type}&limit=50`);
    expect(response.statusCode).toBe(200);
    const items = response.json().items as { type: string }[];
    expect(items.length).toBeGreaterThan(0);
    expect(new Set(items.map((item) => item.type))).toEqual(new Set(['EDIBLE']));
  });

  it('names the allowed types for an unknown one', async () => {
    const response = await catalog('type=snacks');
    expect(response.statusCode).toBe(400);
    expect(response.json().resultDetail).toMatch(/^type must be one of FLOWER, PREROLL/);
  });
});
