import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { ServiceConfig } from '../../../../electron/server/core/config.js';
import { DEMO } from '../../../../electron/server/demo/load-demo.js';
import { DispensaryRepository } from '../../../../electron/server/dispensaries/dispensary-repository.js';
import { demoService, login, type DemoService } from '../../support/demo-service.js';

export { DEMO };

/** The demo service plus a second store of the demo organization, made the way the CLI makes one: nothing set up. */
export interface SetupHarness extends DemoService {
  tokens: { admin: string; manager: string; cashier: string };
  /** Calls a set-up route of store `shortName` as `token`. */
  call(
    token: string,
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    path: string,
    payload?: unknown,
    shortName?: string,
  ): Promise<LightMyRequestResponse>;
}

/**
 * A new, empty store of the demo organization: an address, a primary location and nothing else
 * (`named` "Store <shortName>" unless given; made `at` now unless given).
 */
export async function addStore(
  app: FastifyInstance,
  shortName: string,
  organizationId = DEMO.organizationId,
  { named = `Store ${shortName}`, at = new Date() }: { named?: string; at?: Date } = {},
) {
  const { db } = app.ctx;
  return db.write((tx) =>
    new DispensaryRepository(db).create(
      tx,
      {
        organizationId,
        shortName,
        name: named,
        timezone: 'America/Denver',
        preparationMinutes: 15,
        openingHours: Array(7).fill({ open: '09:00', close: '21:00' }),
        address: {
          street: '1200 Larimer St',
          city: 'Denver',
          state: 'CO',
          zip: '80204',
          county: null,
          country: 'US',
          type: 'STORE',
          comment: '',
          latitude: null,
          longitude: null,
          apt: '',
        },
      },
      at,
    ),
  );
}

/** The demo service and its logins; `overrides` set its config (a clock of the test's: `now`). */
export async function setupHarness(overrides: Partial<ServiceConfig> = {}): Promise<SetupHarness> {
  const service = await demoService(overrides);
  const tokens = {
    admin: await login(service.app, 'admin', 'admin-demo-1'),
    manager: await login(service.app, 'manager', 'manager-demo-1'),
    cashier: service.token,
  };
  const call: SetupHarness['call'] = (token, method, path, payload, shortName = 'mesa') =>
    service.request({
      method,
      url: `/v2.0/dispensary/${shortName}/setup${path}`,
      headers: { authorization: `Bearer ${token}` },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  return { ...service, tokens, call };
}

/** The JSON of an answer that must have succeeded. */
export function ok<T>(response: LightMyRequestResponse): T {
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
}

/** A refusal in the one error shape, with its status and a sentence matching `detail`. */
export function refused(response: LightMyRequestResponse, status: number, detail: RegExp): void {
  expect(response.statusCode, response.body).toBe(status);
  const body = response.json<Record<string, unknown>>();
  expect(Object.keys(body).sort()).toEqual(['resultCode', 'resultDetail', 'resultReason']);
  expect(body.resultDetail).toMatch(detail);
}
