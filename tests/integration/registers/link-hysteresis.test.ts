import { EventEmitter, once } from 'node:events';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LinkStatus } from '../../../shared/contracts/registers.js';
import type { ServiceContext } from '../../../electron/server/core/context.js';
import type { DataLayer } from '../../../electron/server/db/data-layer.js';
import { openDataLayer } from '../../../electron/server/db/open-data-layer.js';
import { LinkMonitor } from '../../../electron/server/registers/link-monitor.js';
import { ServerLinkRepository } from '../../../electron/server/registers/server-link-repository.js';
import { freshDatabase, type TestDatabase } from '../../support/test-database.js';

// An attached register's check of its store server, against a real HTTP server whose answer to each
// ping the test chooses: one miss of a server that answered (no answer in time, as on a loaded machine)
// is asked again at once and shows nothing; two in a row, a refusal or a connection refused show offline.
// A ping "held" gets no answer until the server closes: the register's own 1 s timeout ends it.

type Reply = 'answer' | 'hold' | 'refuse';

/** A fake store server: answers its pings in the order the test plans (then answers them all). */
class PingServer {
  readonly plan: Reply[] = [];
  pings = 0;
  private readonly held: ServerResponse[] = [];
  private readonly server: Server;

  constructor(private readonly events: EventEmitter) {
    this.server = createServer((request, response) => {
      if (!request.url?.endsWith('/v2.0/register/ping')) return void response.writeHead(404).end();
      this.pings += 1;
      // No keep-alive: every ping opens its own connection, so a closed server refuses the next one.
      response.setHeader('connection', 'close');
      const reply = this.plan.shift() ?? 'answer';
      if (reply === 'hold') this.held.push(response);
      else if (reply === 'refuse')
        response
          .writeHead(401, { 'content-type': 'application/json' })
          .end(JSON.stringify({ resultReason: 'UNAUTHENTICATED', resultDetail: 'this register was revoked' }));
      else response.writeHead(200, { 'content-type': 'application/json' }).end('{"replicaVersion":1}');
      this.events.emit('event');
    });
  }

  async listen(): Promise<string> {
    this.server.listen(0, '127.0.0.1');
    await once(this.server, 'listening');
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    if (!this.server.listening) return;
    const closed = once(this.server, 'close');
    this.server.close();
    this.server.closeAllConnections();
    for (const response of this.held) response.destroy();
    await closed;
  }
}

let database: TestDatabase;
let db: DataLayer;
let events: EventEmitter;
let server: PingServer;
let monitor: LinkMonitor;
/** The link each time the register published it, with how many pings the server had had then. */
let published: { reachable: boolean | null; refused: boolean; problem: string | null; pings: number }[];
let refreshes: number;

/** Resolves once `holds` is true, looked at after each ping and each publication. */
async function until(holds: () => boolean): Promise<void> {
  while (!holds()) await once(events, 'event');
}

/** Starts the register's check against the fake server; resolves once it showed the server reachable. */
async function startChecking(): Promise<void> {
  const serverUrl = await server.listen();
  const links = new ServerLinkRepository(db);
  await db.write((tx) =>
    links.attach(tx, {
      registerId: 'r-1',
      serverUrl,
      secret: 'spr_test',
      dispensaryId: 'd-1',
      name: 'front-1',
      attachedAt: new Date().toISOString(),
      queueId: 'q-1',
    }),
  );
  // The monitor reads only these of its context: the link in the database, the clock, its role, the live channel.
  const ctx = {
    db,
    now: () => new Date(),
    role: { isRegister: async () => true },
    live: {
      provideSnapshot: () => undefined,
      publishTo: (_dispensaryId: string, _key: string, _event: string, status: LinkStatus) => {
        const { reachable, refused, problem } = status;
        published.push({ reachable, refused, problem, pings: server.pings });
        events.emit('event');
      },
    },
  } as unknown as ServiceContext;
  monitor = new LinkMonitor(
    ctx,
    () => void (refreshes += 1),
    async () => ({ sales: 0, changes: 0 }),
  );
  await monitor.start();
  await until(() => published.length === 1);
  expect(published[0]).toMatchObject({ reachable: true, pings: 1 });
}

beforeAll(async () => {
  database = await freshDatabase();
  db = await openDataLayer({ ...database.config, poolSize: 1, listen: false });
});
afterAll(async () => {
  await db?.close();
  await database?.drop();
});
beforeEach(() => {
  events = new EventEmitter();
  server = new PingServer(events);
  published = [];
  refreshes = 0;
});
afterEach(async () => {
  vi.restoreAllMocks();
  await server.close();
  await monitor?.close();
});

describe("an attached register's check that its store server answers", { timeout: 20_000 }, () => {
  it('asks again at once when a check gets no answer in time, and shows nothing when that answers', async () => {
    await startChecking();
    server.plan.push('hold', 'answer');
    // The held ping, the ask again at once, then the next check a second later: the second check ended.
    await until(() => server.pings === 4);
    expect(published).toHaveLength(1);
    expect(monitor.isReachable()).toBe(true);
    expect(monitor.answeringLink()).not.toBeNull();
    expect(refreshes).toBe(0);
  });

  it('shows offline when the ask again gets no answer either, and refreshes when the server answers again', async () => {
    await startChecking();
    server.plan.push('hold', 'hold');
    await until(() => published.length === 2);
    // Both pings of one check went unanswered before it showed offline.
    expect(published[1]).toEqual({
      reachable: false,
      refused: false,
      problem: expect.stringContaining('no answer in time'),
      pings: 3,
    });
    expect(monitor.answeringLink()).toBeNull();
    await until(() => published.length === 3);
    expect(published[2]).toMatchObject({ reachable: true, problem: null, pings: 4 });
    expect(refreshes).toBe(1);
  });

  it('shows offline at once when the server refuses the register', async () => {
    await startChecking();
    server.plan.push('refuse');
    await until(() => published.length === 2);
    expect(published[1]).toEqual({
      reachable: false,
      refused: true,
      problem: expect.stringContaining('this register was revoked'),
      pings: 2,
    });
  });

  it('shows offline at once when nothing takes connections at its address', async () => {
    await startChecking();
    const fetches = vi.spyOn(globalThis, 'fetch');
    await server.close();
    await until(() => published.length === 2);
    expect(published[1]).toMatchObject({
      reachable: false,
      refused: false,
      problem: expect.stringContaining('nothing takes connections at that address'),
    });
    // One ask after the server closed, not two.
    expect(fetches).toHaveBeenCalledTimes(1);
  });
});
