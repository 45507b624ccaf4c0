// The catalog routes on a bare Fastify app with the service's validator and error handler, and a
// stand-in for the auth guard (the real one is exercised by tests/integration/catalog/catalog-app.test.ts).
import { NO_STOCK_MOVES } from '../../../electron/server/core/stock-moves.js';
import { NodeRole } from '../../../electron/server/core/node-role.js';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ServicePayError } from '../../../shared/errors.js';
import { ROLE_PERMISSIONS, type Permission } from '../../../shared/permissions.js';
import type { AuthService } from '../../../electron/server/auth/auth-service.js';
import type { AccessRule, Principal } from '../../../electron/server/core/principal.js';
import { registerCatalogRoutes } from '../../../electron/server/catalog/catalog-routes.js';
import { DEMO } from '../../../electron/server/demo/demo-catalog.js';
import { seedDemoCatalog } from '../../../electron/server/demo/seed-demo-catalog.js';
import { makeConfig } from '../../../electron/server/core/config.js';
import type { ServiceContext } from '../../../electron/server/core/context.js';
import { openSqlite } from '../../../electron/server/db/sqlite/sqlite-data-layer.js';
import { handleError } from '../../../electron/server/http/errors.js';
import { validatorCompiler } from '../../../electron/server/http/validators.js';
import { ServiceInstances } from '../../../electron/server/core/service-instances.js';
import { LiveHub } from '../../../electron/server/core/live-hub.js';
import { NOW } from '../../fixtures/catalog/test-store.js';
import { SHIPPED_PROFILES } from '../../../electron/server/core/state-profiles/state-profiles.js';

/** Bearer "org:<id>:<role>" becomes a principal of that organization and role. */
const standInAuth = {
  guard: (rule: AccessRule) => async (request: FastifyRequest) => {
    const match = /^Bearer org:([^:]+):(\w+)$/.exec(request.headers.authorization ?? '');
    if (!match) throw new ServicePayError('UNAUTHENTICATED', 'a bearer token is required');
    const role = match[2] as keyof typeof ROLE_PERMISSIONS;
    const permissions = new Set<Permission>(ROLE_PERMISSIONS[role]);
    if (rule.permission && !permissions.has(rule.permission)) throw new ServicePayError('FORBIDDEN', 'not permitted');
    const principal: Principal = {
      kind: 'staff',
      subjectId: 'u1',
      organizationId: match[1]!,
      dispensaryId: null,
      role,
      permissions,
      name: 'tester',
      employeeRef: null,
      terminalId: null,
    };
    request.principal = principal;
  },
} as unknown as AuthService;

const CASHIER = { authorization: `Bearer org:${DEMO.organizationId}:cashier` };

describe('catalog routes', () => {
  let app: FastifyInstance;

  beforeEach(async () => {
    const db = await openSqlite(':memory:');
    await db.write((tx) => seedDemoCatalog(db, tx, NOW));
    const config = makeConfig({ logLevel: 'silent' });
    const instances = new ServiceInstances(db, () => undefined);
    const ctx: ServiceContext = {
      config,
      db,
      now: () => NOW,
      live: new LiveHub(db),
      instances,
      role: new NodeRole(db),
      profiles: SHIPPED_PROFILES,
      stockMoves: NO_STOCK_MOVES,
    };
    app = Fastify({ logger: false });
    app.addHook('onClose', () => db.close());
    app.setValidatorCompiler(validatorCompiler);
    app.setErrorHandler(handleError);
    registerCatalogRoutes(app, ctx, standInAuth);
    await app.ready();
  });
  afterEach(() => app.close());

  const get = (url: string, headers: Record<string, string> = CASHIER) => app.inject({ method: 'GET', url, headers });

  it('answers a page of the catalog with decimal prices and numeric quantities', async () => {
    const response = await get('/v2.0/dispensary/demo/catalog?search=gummies&limit=1');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ resultCode: 'SUCCESS', resultReason: null });
    expect(body.items).toHaveLength(1);
    expect(body.items[0]).toMatchObject({
      type: 'EDIBLE',
      price: '24.00',
      priceSell: '21.60',
      discountPercent: 10,
      discountDescription: '10% off edibles',
      taxClass: 'cannabis',
      taxPercent: 23.25,
      quantityOnHand: 32,
      quantityAvailable: 32,
      inStock: true,
      deli: false,
      locationId: DEMO.locationId,
    });
    expect(typeof body.nextCursor).toBe('string');
    const next = (await get(`/v2.0/dispensary/demo/catalog?search=gummies&limit=1&cursor=${body.nextCursor}`)).json();
    expect(next.items[0].name).toBe('Watermelon Gummies 10 x 10mg');
    expect(next.nextCursor).toBeNull();
  });

  it('filters by type (any case) and renders deli quantities in grams', async () => {
    const body = (await get('/v2.0/dispensary/demo/catalog?type=flower&search=gram')).json();
    expect(body.items.length).toBeGreaterThanOrEqual(2);
    expect(body.items.every((item: { deli: boolean; unitType: string }) => item.deli && item.unitType === 'g')).toBe(
      true,
    );
    expect(body.items.map((item: { quantityOnHand: number }) => item.quantityOnHand)).toContain(453.6);
  });

  it.each([
    ['/v2.0/dispensary/demo/catalog?limit=500', 'limit'],
    ['/v2.0/dispensary/demo/catalog?limit=abc', 'limit'],
    ['/v2.0/dispensary/demo/catalog?type=plants', 'type'],
    ['/v2.0/dispensary/demo/catalog?cursor=garbage', 'cursor'],
  ])('answers 400 naming the field for %s', async (url, field) => {
    const response = await get(url);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ resultCode: 'FAIL', resultReason: 'INVALID_INPUT' });
    expect(response.json().resultDetail).toContain(field);
  });

  it('lists categories with counts', async () => {
    const body = (await get('/v2.0/dispensary/demo/catalog/categories')).json();
    expect(body.categories).toHaveLength(8);
    expect(body.categories).toContainEqual({ type: 'VAPE', count: 6, inStock: 5 });
  });

  it('answers store information: address, hours, time zone and taxes', async () => {
    const body = (await get('/v2.0/dispensary/demo')).json();
    expect(body.dispensary).toMatchObject({
      id: DEMO.dispensaryId,
      shortName: 'demo',
      name: 'Green Valley Dispensary',
      timezone: 'America/Los_Angeles',
      preparationMinutes: 15,
      locationId: DEMO.locationId,
      address: { city: 'Sacramento', state: 'CA', primary: true },
    });
    expect(body.dispensary.openingHours[0]).toEqual({ open: '10:00', close: '18:00' });
    expect(body.dispensary.taxes).toContainEqual({
      code: 'non-cannabis',
      name: 'Accessories and other goods',
      percent: 8.25,
      rates: [
        { name: 'State sales tax', percent: 7.25 },
        { name: 'Local sales tax', percent: 1 },
      ],
    });
  });

  it.each([
    ['no token', '/v2.0/dispensary/demo/catalog', {}, 401, 'UNAUTHENTICATED'],
    ['an unknown dispensary', '/v2.0/dispensary/nowhere/catalog', CASHIER, 404, 'NOT_FOUND'],
    ['a malformed short name', '/v2.0/dispensary/Not_A_Name', CASHIER, 404, 'NOT_FOUND'],
    [
      'another organization',
      '/v2.0/dispensary/demo/catalog/categories',
      { authorization: 'Bearer org:other:cashier' },
      403,
      'FORBIDDEN',
    ],
  ])('refuses %s', async (_case, url, headers, status, reason) => {
    const response = await get(url, headers as Record<string, string>);
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ resultCode: 'FAIL', resultReason: reason });
  });
});
