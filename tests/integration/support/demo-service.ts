import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../../electron/server/app.js';
import type { ServiceConfig } from '../../../electron/server/core/config.js';
import { freshDatabase } from '../../support/test-database.js';

/** The demo API client and application, as seeded by `--demo` (documented in the README). */
export const DEMO_CLIENT = { client_id: 'spc_demo', client_secret: 'sps_demo_secret_change_me' };
export const DEMO_APPLICATION = 'servicepay-demo';

/** A real service on an in-memory database with the demo data, and a logged-in user's headers. */
export interface DemoService {
  app: FastifyInstance;
  token: string;
  /** Client credentials + bearer token of the logged-in user. */
  headers: Record<string, string>;
  request(options: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/** Logs in through `POST /auth-v2/login` and returns the bearer token. */
export async function login(app: FastifyInstance, username: string, password: string): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/auth-v2/login',
    headers: { 'x-application': DEMO_APPLICATION, 'content-type': 'text/plain' },
    payload: Buffer.from(JSON.stringify({ username, password })).toString('base64'),
  });
  if (response.statusCode !== 200) throw new Error(`login as ${username} failed: ${response.body}`);
  return response.json<{ token: string }>().token;
}

/**
 * A real service on a fresh database of the engine under test (SQLite in memory, or a new schema of
 * the test PostgreSQL server, dropped with the others when the run ends), or on the database
 * `overrides` name.
 */
export async function testApp(overrides: Partial<ServiceConfig> = {}): Promise<FastifyInstance> {
  const named = overrides.dataDir !== undefined || overrides.database !== undefined;
  const database = named ? {} : (await freshDatabase({ onDisk: false })).config;
  return buildApp({ logLevel: 'silent', ...database, ...overrides });
}

export async function demoService(
  overrides: Partial<ServiceConfig> = {},
  user = ['cashier', 'cashier-demo-1'] as const,
): Promise<DemoService> {
  const app = await testApp({ demo: true, ...overrides });
  const token = await login(app, user[0], user[1]);
  const headers = { ...DEMO_CLIENT, authorization: `Bearer ${token}` };
  return { app, token, headers, request: (options) => app.inject(options), close: () => app.close() };
}

/** Parses a decimal amount of the ticket API into cents, failing loudly on a malformed one. */
export function cents(decimal: string): number {
  if (!/^-?\d+\.\d{2}$/.test(decimal)) throw new Error(`"${decimal}" is not a two-place decimal amount`);
  return Math.round(Number(decimal) * 100);
}

/** A call, with `token` as its bearer, to the demo store's setup API (`/v2.0/dispensary/demo/setup<path>`). */
export function setupRequest(
  service: DemoService,
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH',
  path: string,
  payload?: object,
): Promise<LightMyRequestResponse> {
  return service.request({
    method,
    url: `/v2.0/dispensary/demo/setup${path}`,
    headers: { authorization: `Bearer ${token}` },
    ...(payload === undefined ? {} : { payload }),
  });
}
