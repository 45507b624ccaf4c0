import { createServer, type Server } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { RegisterStockHolder } from '../../../electron/server/registers/register-holder.js';
import type { ServerLink } from '../../../electron/server/registers/server-link-repository.js';

// A register's hold answered by its store server (README "Loyalty"): reward dollars her points do not
// cover there are refused at the register in the server's words; any other refusal of the hold leaves
// the register to decide alone (the offline cap then applies).
let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** A store server that answers every hold with `status` and `body`, and the link to it. */
async function answering(status: number, body: unknown): Promise<ServerLink> {
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { serverUrl: `http://127.0.0.1:${port}`, registerId: 'r-1', secret: 'spr_x' } as ServerLink;
}

/** A log that keeps the register's warnings to itself. */
const quiet = { warn: () => undefined } as unknown as FastifyBaseLogger;

const hold = (link: ServerLink) =>
  new RegisterStockHolder(quiet, () => link, 5000).hold(
    '0190d6a0-0000-7000-8000-000000000001',
    [{ packageId: 'pkg-1', milli: 1000 }],
    undefined,
    { customerId: 'c-1', rewardCents: 2600 },
  );

describe("a register's hold of points refused by its store server", () => {
  it("refuses the sale in the server's words when her points there do not cover it", async () => {
    const words = 'rewardDollars of $26.00 need 2,600 points; Maria has 50 points ($0.50 in reward dollars)';
    const link = await answering(400, { resultCode: 'FAIL', resultReason: 'INVALID_INPUT', resultDetail: words });
    await expect(hold(link)).rejects.toMatchObject({ code: 'INVALID_INPUT', field: 'rewardDollars', message: words });
  });

  it('goes on alone, nothing held, when the server refuses the hold for anything else (an older server)', async () => {
    const detail = 'body must NOT have additional properties (points)';
    const link = await answering(400, { resultCode: 'FAIL', resultReason: 'INVALID_INPUT', resultDetail: detail });
    expect(await hold(link)).toEqual({ outcome: 'unasked' });
  });

  it('answers the points the server holds with the units', async () => {
    const link = await answering(200, { resultCode: 'SUCCESS', resultReason: null, held: true, pointsHeld: 2600 });
    expect(await hold(link)).toEqual({ outcome: 'held', purchases: null, pointsHeld: 2600 });
  });
});
