import { EventEmitter, once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LinkStatus } from '../../../shared/contracts/registers.js';
import type { ServiceContext } from '../../../electron/server/core/context.js';
import type { DataLayer } from '../../../electron/server/db/data-layer.js';
import { openDataLayer } from '../../../electron/server/db/open-data-layer.js';
import { LinkMonitor } from '../../../electron/server/registers/link-monitor.js';
import { ServerLinkRepository } from '../../../electron/server/registers/server-link-repository.js';
import { freshDatabase, type TestDatabase } from '../../support/test-database.js';

// An attached register started without its store server says it is offline since the server last
// answered it (kept in `server_link.answered_at`, migration 069), not since its own start: against a
// real HTTP server that answers its pings, then an address where nothing listens. The clock is the
// test's: each check reads the next of `times`.

const ATTACHED = new Date('2026-12-06T09:00:00.000Z');
let database: TestDatabase;
let db: DataLayer;
let links: ServerLinkRepository;
let events: EventEmitter;
let published: LinkStatus[];
let monitor: LinkMonitor | null;
let server: Server | null;
let clock: Date;

/** A store server answering every ping (no keep-alive, so once closed it refuses the next). */
async function answeringServer(): Promise<string> {
  server = createServer((request, response) => {
    response.setHeader('connection', 'close');
    if (!request.url?.endsWith('/v2.0/register/ping')) return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"replicaVersion":1}');
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function closeServer(): Promise<void> {
  if (!server?.listening) return;
  const closed = once(server, 'close');
  server.close();
  server.closeAllConnections();
  await closed;
}

async function attach(serverUrl: string, answeredAt: string | null = ATTACHED.toISOString()): Promise<void> {
  await db.write(async (tx) => {
    await links.attach(tx, {
      registerId: 'r-1',
      serverUrl,
      secret: 'spr_test',
      dispensaryId: 'd-1',
      name: 'front-1',
      attachedAt: ATTACHED.toISOString(),
      queueId: 'q-1',
    });
    // A link attached before migration 069 has no time of its server's last answer.
    if (answeredAt === null) await tx.run(db.builder.updateTable('server_link').set({ answered_at: null }));
  });
}

/** Starts a register's check (a new start of the register); resolves with the link it first shows. */
async function startRegister(): Promise<LinkStatus> {
  const ctx = {
    db,
    now: () => clock,
    role: { isRegister: async () => true },
    live: {
      provideSnapshot: () => undefined,
      publishTo: (_dispensaryId: string, _key: string, _event: string, status: LinkStatus) => {
        published.push(status);
        events.emit('published');
      },
    },
  } as unknown as ServiceContext;
  published = [];
  monitor = new LinkMonitor(
    ctx,
    () => undefined,
    async () => ({ sales: 0, changes: 0 }),
  );
  await monitor.start();
  while (published.length === 0) await once(events, 'published');
  return published[0]!;
}

async function stopRegister(): Promise<void> {
  await monitor?.close();
  monitor = null;
}

const answeredAt = async () => (await links.get(db))?.answeredAt;

beforeAll(async () => {
  database = await freshDatabase();
  db = await openDataLayer({ ...database.config, poolSize: 1, listen: false });
  links = new ServerLinkRepository(db);
});
afterAll(async () => {
  await db?.close();
  await database?.drop();
});
beforeEach(() => {
  events = new EventEmitter();
  clock = new Date('2026-12-06T10:00:00.000Z');
});
afterEach(async () => {
  await stopRegister();
  await closeServer();
});

describe('an attached register started without its store server', { timeout: 20_000 }, () => {
  it('is offline since the server answered its enrolment when it never answered after', async () => {
    const url = await answeringServer();
    await closeServer();
    await attach(url);
    const shown = await startRegister();
    expect(shown).toMatchObject({ reachable: false, since: ATTACHED.toISOString() });
  });

  it('is offline since the last answer the register had before it stopped', async () => {
    await attach(await answeringServer());
    expect(await startRegister()).toMatchObject({ reachable: true, since: clock.toISOString() });
    // The first answer is written at once; the next ones at most once a minute, and the last on closing.
    expect(await answeredAt()).toBe('2026-12-06T10:00:00.000Z');
    clock = new Date('2026-12-06T10:00:30.000Z');
    const pinged = once(server!, 'request');
    await pinged;
    await stopRegister();
    expect(await answeredAt()).toBe('2026-12-06T10:00:30.000Z');
    await closeServer();

    clock = new Date('2026-12-06T18:45:00.000Z');
    expect(await startRegister()).toMatchObject({ reachable: false, since: '2026-12-06T10:00:30.000Z' });
    // Started again, still without its server: still since that answer.
    await stopRegister();
    clock = new Date('2026-12-07T08:00:00.000Z');
    expect(await startRegister()).toMatchObject({ reachable: false, since: '2026-12-06T10:00:30.000Z' });
  });

  it('counts from its own start when its link does not know the last answer (attached before)', async () => {
    const url = await answeringServer();
    await closeServer();
    await attach(url, null);
    expect(await startRegister()).toMatchObject({ reachable: false, since: clock.toISOString() });
  });
});
