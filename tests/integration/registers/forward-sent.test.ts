import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataLayer } from '../../../electron/server/db/data-layer.js';
import { openDataLayer } from '../../../electron/server/db/open-data-layer.js';
import { ForwardQueue, KEEP_SENT_MS } from '../../../electron/server/registers/forward-queue.js';
import { ServerLinkRepository } from '../../../electron/server/registers/server-link-repository.js';
import { migratedFolder } from '../../support/sqlite-template.js';

// A register's changes once its store server answered them applied: kept a week in `forward_sent`
// (a server restored from a backup asks for them again), put back in the queue when it does, and
// forgotten when the folder is attached as another queue. On a register's own SQLite file.
let dir: string;
let db: DataLayer;
const queue = () => new ForwardQueue(db);
const DAY = 24 * 60 * 60_000;
const monday = new Date('2026-12-07T10:00:00.000Z');

const seqs = async (table: 'forward_queue' | 'forward_sent') =>
  (await db.all(db.builder.selectFrom(table).select('seq').orderBy('seq'))).map((row) => Number(row.seq));

/** Changes numbered as the register's triggers number them: a package's stock moved by one unit each. */
async function changes(count: number): Promise<void> {
  await db.write(async (tx) => {
    for (let i = 0; i < count; i += 1) {
      await tx.run(
        db.builder.insertInto('forward_queue').values({
          table_name: 'packages',
          row_id: 'pkg-1',
          row_json: '{"id":"pkg-1"}',
          op: 'stock',
          on_hand_delta: -1000,
          reserved_delta: 0,
          created_at: monday.toISOString(),
        }),
      );
    }
  });
}

const attach = (queueId: string) =>
  db.write((tx) =>
    new ServerLinkRepository(db).attach(tx, {
      registerId: 'r-1',
      serverUrl: 'http://store-server:4610',
      secret: 'spr_test',
      dispensaryId: 'd-1',
      name: 'front-1',
      attachedAt: monday.toISOString(),
      queueId,
    }),
  );

beforeAll(async () => {
  dir = await migratedFolder('servicepay-forward-sent-');
  db = await openDataLayer({ dataDir: dir, poolSize: 1, listen: false });
  await attach('q-1');
});
afterAll(async () => {
  await db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("a register's changes its server answered applied", () => {
  it('are kept a week, sent again when the server asks, and let go of for good after', async () => {
    await changes(5);
    expect(await queue().keptFrom(db)).toBeNull();
    await db.write((tx) => queue().applied(tx, 3, monday));
    expect({ waiting: await seqs('forward_queue'), kept: await seqs('forward_sent') }).toEqual({
      waiting: [4, 5],
      kept: [1, 2, 3],
    });
    expect(await queue().keptFrom(db)).toBe(1);
    expect((await queue().next(db))!.after).toBe(3);

    // The server answered it has up to 1 only: 2 and 3 wait again, before 4 and 5.
    await db.write((tx) => queue().resend(tx, 1));
    expect({ waiting: await seqs('forward_queue'), kept: await seqs('forward_sent') }).toEqual({
      waiting: [2, 3, 4, 5],
      kept: [1],
    });
    const batch = (await queue().next(db))!;
    expect(batch.after).toBe(1);
    expect(batch.records.map((record) => record.seq)).toEqual([2, 3, 4, 5]);
    expect(await queue().waiting(db)).toEqual({ sales: 0, changes: 4 });

    // A week and a day later, what was sent that Monday is let go of for good; what is sent then is kept.
    await db.write((tx) => queue().applied(tx, 5, new Date(monday.getTime() + KEEP_SENT_MS + DAY)));
    expect({ waiting: await seqs('forward_queue'), kept: await seqs('forward_sent') }).toEqual({
      waiting: [],
      kept: [2, 3, 4, 5],
    });
  });

  it('are forgotten when the folder is attached as another queue, never sent under it', async () => {
    await attach('q-1');
    expect(await seqs('forward_sent')).toEqual([2, 3, 4, 5]);
    await attach('q-2');
    expect(await seqs('forward_sent')).toEqual([]);
    expect(await queue().keptFrom(db)).toBeNull();
  });
});
