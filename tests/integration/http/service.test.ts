import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../electron/server/app.js';
import { DEMO_CLIENT, demoService, type DemoService } from '../support/demo-service.js';

let service: DemoService;
beforeAll(async () => {
  service = await demoService();
});
afterAll(() => service.close());

describe('service plumbing', () => {
  it('answers the static health check', async () => {
    const response = await service.request({ method: 'GET', url: '/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', service: 'servicepay' });
  });

  it('answers HEAD on the health check (uptime checks ask so) but not on the API, whose reads are GETs', async () => {
    const health = await service.request({ method: 'HEAD', url: '/health' });
    expect(health.statusCode).toBe(200);
    expect(health.body).toBe('');
    // A route of the API (GET asks for credentials), not an unknown path.
    const get = await service.request({ method: 'GET', url: '/v2.0/dispensary/demo/setup/store' });
    expect(get.statusCode).toBe(401);
    const api = await service.request({ method: 'HEAD', url: '/v2.0/dispensary/demo/setup/store' });
    expect(api.statusCode).toBe(404);
    expect(api.body).toBe('');
  });

  it('answers unknown routes with the error model', async () => {
    const response = await service.request({ method: 'GET', url: '/v9/nothing?x=1' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      resultCode: 'FAIL',
      resultReason: 'NOT_FOUND',
      resultDetail: 'no route GET /v9/nothing',
    });
  });

  it('serves an OpenAPI document generated from the validating schemas', async () => {
    const response = await service.request({ method: 'GET', url: '/openapi.json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toBe('3.1.0');
    const create = doc.paths['/v2.0/dispensary/{dispensaryShortName}/ecommerce/ticket'].post;
    const body = create.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(expect.arrayContaining(['type', 'items']));
    expect(body.properties.items.items.properties.productId.format).toBe('uuid');
    expect(Object.keys(create.responses)).toEqual(
      expect.arrayContaining(['201', '400', '401', '409', '413', '415', '429']),
    );
    // Credentials are security schemes, not plain parameters.
    expect(create.security).toEqual([{ bearer: [], clientId: [], clientSecret: [] }]);
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual([
      'bearer',
      'clientId',
      'clientSecret',
      'register',
    ]);
    expect(create.parameters.map((parameter: { name: string }) => parameter.name)).toEqual(
      expect.arrayContaining(['dispensaryShortName', 'idempotency-key']),
    );
    expect(doc.paths['/auth-v2/login'].post).toBeDefined();
    expect(doc.paths['/openapi.json']).toBeUndefined();
  });
});

describe('rate limiting', () => {
  it('answers 429 with Retry-After past the limit and counts clients apart', async () => {
    const app = await buildApp({ logLevel: 'silent', demo: true, rateLimit: { max: 3, windowMs: 60_000 } });
    try {
      const hit = (clientId: string) =>
        app.inject({
          method: 'GET',
          url: '/v2.0/dispensary/demo/ecommerce/tickets',
          headers: { ...DEMO_CLIENT, client_id: clientId },
        });
      for (let i = 0; i < 3; i += 1) expect((await hit('spc_demo')).statusCode).toBe(401);
      const limited = await hit('spc_demo');
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ resultCode: 'FAIL', resultReason: 'RATE_LIMITED' });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect((await hit('spc_other')).statusCode).toBe(401);
      expect((await app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
