import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type ServiceProcess } from '../../support/service-process.js';
import { freshDatabase, type TestDatabase } from '../../support/test-database.js';
import { instanceArgs } from '../store-server/two-instances.js';
import { heldProxy, type HeldProxy } from './held-proxy.js';
import {
  attachedRegister,
  claimsIn,
  linkOf,
  openTicket,
  productWithAt,
  reading,
  servicepay,
  waitUntilSent,
  type AttachedRegister,
} from './register-sales.js';

// A refresh from the command line (another process than the register's service) beside the
// register's forwarder: the server's answer to the refresh is read before a forward is applied, and
// written after the register let go of the forwarded changes. That answer's stock lacks them and the
// queue no longer holds them: written as it is, the register's reservation would be in neither. So
// too for a register's first forward ever, whose server's answer names no queue of it at all.
let database: TestDatabase;
let server: ServiceProcess;
let proxy: HeldProxy;
let register: AttachedRegister;

beforeAll(async () => {
  database = await freshDatabase();
  server = await startService(instanceArgs(database));
  proxy = await heldProxy(server.url);
  register = await attachedRegister(proxy, 'front-1');
}, 120_000);
afterAll(async () => {
  await register?.remove();
  await proxy?.close();
  await server?.stop();
  await database?.drop();
});

describe("a refresh read before a forward's answer", { timeout: 90_000 }, () => {
  it('is read again: the reservation the forward carried stays at the register', async () => {
    const { till, dir } = register;
    const productId = await productWithAt(register.service, till.token, 2);
    await waitUntilSent(till);
    const stock = () => reading({ dataDir: dir }, (db) => claimsIn(db, productId));
    const before = await stock();

    await refreshWhileForwarding(register, productId);
    const atServer = await reading(database.config, (db) => claimsIn(db, productId));
    expect(atServer.reserved).toBe(before.reserved + 2000);
  });

  it("is read again when it came before the register's first forward ever", async () => {
    // A register that has sent nothing yet: the server's answer names no queue of it, not a mark
    // below the register's, and must be refused all the same once the register let go of changes.
    const fresh = await attachedRegister(proxy, 'front-2', { drawer: false });
    try {
      const { till } = fresh;
      const productId = await productWithAt(fresh.service, till.token, 2);
      expect((await linkOf(till)).waiting).toEqual({ sales: 0, changes: 0 });
      expect(await queueAtServer('front-2')).toBeNull();
      await refreshWhileForwarding(fresh, productId);
      expect(await queueAtServer('front-2')).not.toBeNull();
    } finally {
      await fresh.remove();
    }
  });
});

/**
 * A reservation made at the register while the command's refresh reads the server's replica: the ticket's
 * forward waits at the proxy, the refresh's answer is read without the reservation, and before that
 * answer arrives the forward reaches the server and the register lets go of what it sent. The
 * reservation must stay at the register, the first answer refused for being read before the
 * forward's and read again.
 */
async function refreshWhileForwarding({ till, dir }: AttachedRegister, productId: string): Promise<void> {
  const stock = () => reading({ dataDir: dir }, (db) => claimsIn(db, productId));
  const before = await stock();
  const held = proxy.holdForward();
  await openTicket(till, productId, 2);
  const sendForward = await held;
  expect((await stock()).reserved).toBe(before.reserved + 2000);
  proxy.delayReplica(async () => {
    sendForward();
    await waitUntilSent(till);
  });
  const reads = proxy.replicaReads();
  const refreshed = await servicepay(dir, '', 'link', '--refresh');
  expect(refreshed.status, refreshed.stderr).toBe(0);
  expect(await stock()).toEqual({ ...before, reserved: before.reserved + 2000 });
  expect(proxy.replicaReads() - reads).toBe(2);
}

/** The queue of register `name` whose changes the server's answers hold (null: it has sent none). */
const queueAtServer = (name: string) =>
  reading(database.config, async (db) => {
    const row = await db.first(
      db.builder.selectFrom('registers').select('forward_queue_id as queueId').where('name', '=', name),
    );
    return row!.queueId;
  });
