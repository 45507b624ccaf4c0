import { spawn } from 'node:child_process';
import { freePort } from '../../support/service-process.js';
import type { ServiceApi } from './service-api.js';

/** Starts the example shop (examples/server.ts) against `serviceUrl` on `port`; answers how to stop it. */
export async function startShop(
  serviceUrl: string,
  port: number,
  env: Record<string, string> = {},
): Promise<() => void> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'examples/server.ts', '--service', serviceUrl, '--port', String(port)],
    { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ...env } },
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('example shop on') && resolve());
    child.once('exit', (code) => reject(new Error(`the example shop exited (${code})`)));
  });
  return () => child.kill('SIGTERM');
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
export async function startShopWithWebhooks(api: ServiceApi, serviceUrl: string): Promise<ExampleShop> {
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
  const stop = await startShop(serviceUrl, port, { SERVICEPAY_WEBHOOK_SECRET: endpoint.secret });
  return { url, stop };
}
