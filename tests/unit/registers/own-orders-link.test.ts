import type { FastifyBaseLogger } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CONFIG } from '../../../electron/server/core/config.js';
import type { ServiceContext } from '../../../electron/server/core/context.js';
import { KeyedLock } from '../../../electron/server/db/keyed-lock.js';
import { LINK_LOCK } from '../../../electron/server/registers/forwarder.js';
import { ownOrdersLink } from '../../../electron/server/registers/own-orders-pull.js';
import type { ServerLink } from '../../../electron/server/registers/server-link-repository.js';

const link: ServerLink = {
  registerId: 'r-1',
  serverUrl: 'http://127.0.0.1:9',
  secret: 'spr_x',
  dispensaryId: 'd-1',
  name: 'front-1',
  attachedAt: '2026-11-27T00:00:00.000Z',
  queueId: 'q-1',
  appliedSeq: 0,
  refreshedAt: null,
  lastProblem: null,
  answeredAt: null,
};

// A service whose database must not be read: the pull never starts in these cases.
const untouched = new Proxy(
  {},
  {
    get() {
      throw new Error('the database was read');
    },
  },
);
// The link only reads `db`, `now` and how long a sale waits for its server (the default, a second)
// of its context; the rest of ServiceContext plays no part.
const ctx = {
  db: untouched,
  now: () => new Date(),
  config: { serverWaitMs: DEFAULT_CONFIG.serverWaitMs },
} as unknown as ServiceContext;

describe('ownOrdersLink: before money goes back at a register', () => {
  let warn: ReturnType<typeof vi.fn>;
  let log: FastifyBaseLogger;
  beforeEach(() => {
    vi.useFakeTimers();
    warn = vi.fn();
    // Only `warn` is called.
    log = { warn } as unknown as FastifyBaseLogger;
  });
  afterEach(() => vi.useRealTimers());

  it('asks nothing while the server does not answer the register', async () => {
    const learn = ownOrdersLink(ctx, log, new KeyedLock(), () => null).learn;
    await expect(learn('o-1')).resolves.toBe(false);
    expect(warn).not.toHaveBeenCalled();
  });

  it('waits at most a second for a busy link, then goes on from the register’s copy and never pulls late', async () => {
    const lock = new KeyedLock();
    let release!: () => void;
    // A batch of the register's own changes on its way to the server, holding the link.
    void lock.run(LINK_LOCK, () => new Promise<void>((resolve) => (release = resolve)));
    const learnt = ownOrdersLink(ctx, log, lock, () => link).learn('o-1');
    await vi.advanceTimersByTimeAsync(999);
    expect(warn).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await expect(learnt).resolves.toBe(false);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('the link to the store server was busy'));
    // The batch ends: the turn the refund gave up runs nothing (the database is not read).
    release();
    await expect(lock.run(LINK_LOCK, async () => 'free')).resolves.toBe('free');
  });
});
