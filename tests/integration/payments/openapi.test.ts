import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../../electron/server/app.js';

let app: Awaited<ReturnType<typeof buildApp>>;
beforeAll(async () => {
  app = await buildApp({ logLevel: 'silent' });
});
afterAll(() => app.close());

it('documents every payment route with its schemas in /openapi.json (the gateway sandbox stays hidden)', async () => {
  const document = (await app.inject({ method: 'GET', url: '/openapi.json' })).json();
  const paths = Object.keys(document.paths);
  for (const path of [
    '/v2.0/payments/config',
    '/v2.0/payments/sessions',
    '/v2.0/payments/sessions/{id}',
    '/v2.0/payments/sessions/{id}/events',
    '/v2.0/payments/sessions/{id}/payments',
    '/v2.0/payments/sessions/{id}/select',
    '/v2.0/payments/sessions/{id}/cancel',
    '/v2.0/payments',
    '/v2.0/payments/summary',
    '/v2.0/payments/{paymentId}/void',
    '/v2.0/payments/{paymentId}/present-card',
    '/v2.0/payments/{paymentId}/refund',
    '/v2.0/ticket/{orderId}/refundable',
    '/v2.0/ticket/{orderId}/refund-points',
    '/v2.0/paylinks/{token}',
    '/v2.0/paylinks/{token}/authorize',
    '/v2.0/paylinks/{token}/cancel',
  ]) {
    expect(paths).toContain(path);
  }
  expect(paths.some((path) => path.startsWith('/paynet-sandbox'))).toBe(false);
  const pay = document.paths['/v2.0/payments/sessions/{id}/payments'].post;
  expect(Object.keys(pay.responses)).toEqual(expect.arrayContaining(['201', '202', '400', '409']));
  expect(pay.requestBody.content['application/json'].schema.properties).toHaveProperty('paymentMethod');
  expect(pay.parameters.map((p: { name: string }) => p.name)).toContain('idempotency-key');
});
