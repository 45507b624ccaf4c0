// The catalog routes inside the real service (buildApp with --demo, real login and auth guard).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../../electron/server/demo/demo-catalog.js';
import { DispensaryRepository } from '../../../electron/server/dispensaries/dispensary-repository.js';
import { OrganizationRepository } from '../../../electron/server/dispensaries/organization-repository.js';
import { newDispensary, NOW } from '../../fixtures/catalog/test-store.js';
import { demoService, type DemoService } from '../support/demo-service.js';

describe('catalog API in the service', () => {
  let service: DemoService;
  const bearer = () => ({ authorization: `Bearer ${service.token}` });

  beforeAll(async () => {
    service = await demoService();
    const db = service.app.ctx.db;
    await db.write(async (tx) => {
      const other = await new OrganizationRepository(db).create(tx, 'Other Holdings', NOW);
      await new DispensaryRepository(db).create(tx, newDispensary(other.id, { shortName: 'other' }), NOW);
    });
  });
  afterAll(() => service.close());

  it('serves the demo catalog to a logged-in cashier, page by page', async () => {
    const seen: string[] = [];
    let cursor = '';
    for (let page = 0; page < 10; page += 1) {
      const response = await service.request({
        method: 'GET',
        url: `/v2.0/dispensary/demo/catalog?limit=20${cursor ? `&cursor=${cursor}` : ''}`,
        headers: bearer(),
      });
      expect(response.statusCode).toBe(200);
      const body = response.json<{ items: { productId: string; price: string }[]; nextCursor: string | null }>();
      for (const item of body.items) expect(item.price).toMatch(/^\d+\.\d{2}$/);
      seen.push(...body.items.map((item) => item.productId));
      if (!body.nextCursor) break;
      cursor = encodeURIComponent(body.nextCursor);
    }
    expect(seen.length).toBeGreaterThanOrEqual(40);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('serves store information and categories', async () => {
    const store = await service.request({ method: 'GET', url: '/v2.0/dispensary/demo', headers: bearer() });
    expect(store.statusCode).toBe(200);
    expect(store.json().dispensary).toMatchObject({ id: DEMO.dispensaryId, timezone: 'America/Los_Angeles' });
    const categories = await service.request({
      method: 'GET',
      url: '/v2.0/dispensary/demo/catalog/categories',
      headers: bearer(),
    });
    expect(categories.json().categories).toHaveLength(8);
  });

  it.each([
    ['without a token', '/v2.0/dispensary/demo/catalog', false, 401, 'UNAUTHENTICATED'],
    ['for an unknown dispensary', '/v2.0/dispensary/nowhere/catalog', true, 404, 'NOT_FOUND'],
    ['for a dispensary of another organization', '/v2.0/dispensary/other/catalog', true, 403, 'FORBIDDEN'],
  ])('refuses a request %s', async (_case, url, withToken, status, reason) => {
    const response = await service.request({ method: 'GET', url, headers: withToken ? bearer() : {} });
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ resultCode: 'FAIL', resultReason: reason });
  });

  it('documents the catalog routes in the OpenAPI document', async () => {
    const document = (await service.request({ method: 'GET', url: '/openapi.json' })).json();
    const catalog = document.paths['/v2.0/dispensary/{dispensaryShortName}/catalog'].get;
    expect(catalog.tags).toEqual(['catalog']);
    expect(catalog.summary).toMatch(/catalog/i);
    expect(document.paths['/v2.0/dispensary/{dispensaryShortName}'].get.tags).toEqual(['catalog']);
  });
});
