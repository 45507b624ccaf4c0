import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cli, freePort } from '../../support/service-process.js';
import type { ServiceApi } from './service-api.js';
import type { WorkerService } from './service-start.js';

const SHOP = ['--import', 'tsx', 'examples/server.ts'];

/** The example shop's partner: its private key's file, and what `servicepay partners add` issued. */
interface ShopPartner {
  keyFile: string;
  certId: string;
  organizationId: string;
}

/**
 * Registers the shop as a partner of the demo organization with the real CLI, as examples/README.md
 * says (`jwt keygen`, then `partners add`), its key pair in the empty folder `dir`.
 */
async function registerShopPartner(api: ServiceApi, service: WorkerService, dir: string): Promise<ShopPartner> {
  cli(service.dataDir, 'jwt', 'keygen', '--out', dir);
  const add = ['add', 'Example shop', '--org', await api.organizationId(), '--public-key', join(dir, 'public.pem')];
  const added = cli(service.dataDir, ...service.databaseArgs, '--json', 'partners', ...add);
  const { certId, organizationId } = JSON.parse(added) as { certId: string; organizationId: string };
  return { keyFile: join(dir, 'private.pem'), certId, organizationId };
}

/**
 * Starts the example shop (examples/server.ts) against `service` on `port`, as a partner registered
 * for it; answers how to stop it (which deletes its key pair too).
 */
export async function startShop(
  api: ServiceApi,
  service: WorkerService,
  port: number,
  env: Record<string, string> = {},
): Promise<() => void> {
  return (await launchShop(api, service, port, env)).stop;
}

/**
 * The example shop as `startShop` starts it, with the `certId` of its partner, told to find
 * ServicePay at `serviceUrl` (the service's own unless told: another is a service it cannot reach).
 */
export async function launchShop(
  api: ServiceApi,
  service: WorkerService,
  port: number,
  env: Record<string, string> = {},
  serviceUrl = service.url,
): Promise<ExampleShop & { certId: string }> {
  const keys = mkdtempSync(join(tmpdir(), 'servicepay-e2e-partner-'));
  const removeKeys = () => rmSync(keys, { recursive: true, force: true });
  try {
    const { keyFile, certId, organizationId } = await registerShopPartner(api, service, keys);
    const partner = ['--partner-key', keyFile, '--cert-id', certId, '--org-id', organizationId];
    const child = spawn(process.execPath, [...SHOP, '--service', serviceUrl, '--port', String(port), ...partner], {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, ...env },
    });
    await new Promise<void>((resolve, reject) => {
      child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('example shop on') && resolve());
      child.once('exit', (code) => reject(new Error(`the example shop exited (${code})`)));
    });
    const stop = () => {
      child.kill('SIGTERM');
      removeKeys();
    };
    return { url: `http://127.0.0.1:${port}`, stop, certId };
  } catch (error) {
    removeKeys();
    throw error;
  }
}

/** The example shop started with no partner key (none in the environment either): its exit code and what it said. */
export function startShopWithoutPartner(): { status: number | null; stderr: string } {
  const { EXAMPLE_PARTNER_KEY: _key, EXAMPLE_CERT_ID: _cert, EXAMPLE_ORG_ID: _org, ...env } = process.env;
  const { status, stderr } = spawnSync(process.execPath, SHOP, { encoding: 'utf8', env });
  return { status, stderr };
}

/** A running example shop: where it is, and how to stop it. */
export interface ExampleShop {
  url: string;
  stop(): void;
}

/**
 * An example shop told of the demo store's orders by webhook, as an integrator sets one up: its
 * endpoint added by the manager (allowLocal: it is on 127.0.0.1) for every stage of an order, and
 * the endpoint's secret in the shop's environment.
 */
export async function startShopWithWebhooks(api: ServiceApi, service: WorkerService): Promise<ExampleShop> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const endpoint = await api.call<{ secret: string }>(
    'POST',
    '/v2.0/dispensary/demo/setup/webhooks',
    JSON.stringify({
      url: `${url}/webhooks/servicepay`,
      events: ['order.created', 'order.in_process', 'order.ready', 'order.paid', 'order.completed'],
      allowLocal: true,
    }),
    { authorization: `Bearer ${await api.token('manager')}`, 'content-type': 'application/json' },
  );
  const stop = await startShop(api, service, port, { SERVICEPAY_WEBHOOK_SECRET: endpoint.secret });
  return { url, stop };
}
