import { PackageStocks } from '../catalog/package-stock.js';
import { moveStock } from '../catalog/stock-claims.js';
import type { ServiceContext } from '../core/context.js';
import type { DataLayer } from '../db/data-layer.js';
import type { Queryable } from '../db/query.js';
import { ForwardQueue } from './forward-queue.js';
import { fetchStock, type StockAnswer } from './server-client.js';
import { ServerLinkRepository, type ServerLink } from './server-link-repository.js';

/** How many times a refresh reads the server when its answer came before a forward's (the last is written). */
export const STALE_READS = 3;

/** A refresh's answer read before the server's answer to a forward the register has let go of since. */
export class StaleAnswer extends Error {}

/** How a refresh's answer is checked when it is written (readFresh). */
export interface Freshness {
  /** Refuse an answer read before a forward's (`StaleAnswer`): it is read again. */
  strict: boolean;
  /** The last change the forwarder had let go of when the answer was asked for. */
  letGoBefore: number;
}

/**
 * The last change of this register's queue the server's answer holds: the register's waiting stock
 * after it goes on top. An answer of no queue of this register or of another (it has forwarded
 * nothing yet, or a machine replaced under its name forwarded last) holds the changes the forwarder
 * had let go of before it was asked for, and perhaps more: all the waiting stock goes on top. An
 * answer below what the forwarder has let go of since (`strict`) is refused: its stock lacks
 * changes the queue no longer holds, so the register would show them in neither (a reservation
 * gone, its units sold twice).
 */
export function appliedIn(
  link: ServerLink | undefined,
  forwarded: { seq: number; queueId: string | null } | undefined,
  { strict, letGoBefore }: Freshness,
): number {
  if (!link || !forwarded) return 0;
  const own = forwarded.queueId === link.queueId;
  const holds = own ? forwarded.seq : letGoBefore;
  if (strict && holds < link.appliedSeq) {
    throw new StaleAnswer(`the server's answer holds changes up to ${holds}, ${link.appliedSeq} were applied`);
  }
  return own ? forwarded.seq : 0;
}

/** What the forwarder of the register at `db` has let go of now (readFresh's `letGo`). */
export const letGoIn = (db: DataLayer) => async () => (await new ServerLinkRepository(db).get(db))?.appliedSeq ?? 0;

/**
 * Reads an answer from the server and writes it, reading again while the answer came before a
 * forward's (another process, the command line, refreshes beside the register's forwarder). The
 * last read is written as it is: a server restored from a backup answers less than it once applied
 * for good, and its refreshes must not stop.
 */
export async function readFresh<A, R>(
  letGo: () => Promise<number>,
  read: () => Promise<A>,
  write: (answer: A, freshness: Freshness) => Promise<R>,
): Promise<R> {
  for (let reads = 1; ; reads += 1) {
    // Read before the answer is asked for: what was let go of then, the server had applied.
    const letGoBefore = await letGo();
    const answer = await read();
    try {
      return await write(answer, { strict: reads < STALE_READS, letGoBefore });
    } catch (error) {
      if (!(error instanceof StaleAnswer)) throw error;
    }
  }
}

/**
 * After a refresh wrote the server's stock, adds the register's own stock changes the server has
 * not applied yet (those after `appliedSeq`): the register's reservations and offline sales stand
 * on top of the store's one stock. Kept within what a package can hold (never below zero; no more
 * reserved than on hand, the rest of its open orders' claims short), as the server will keep it.
 * Answers the packages it moved.
 */
export async function addWaitingStock(tx: Queryable, db: DataLayer, appliedSeq: number): Promise<string[]> {
  const waiting = await new ForwardQueue(db).stockAfter(tx, appliedSeq);
  const stocks = new PackageStocks(db);
  for (const [id, delta] of waiting) await stocks.move(tx, id, { onHand: delta.onHand, claims: delta.reserved });
  return [...waiting.keys()];
}

const NO_MOVE = { onHand: 0, claims: 0 };

/**
 * Writes the store's stock from its server, with the register's own waiting changes on top: what
 * the other registers and the ecommerce site took shows here within seconds. Only packages whose
 * stock moved are written, and the register's own screens are told of them (`stock.changed`);
 * nothing of it is forwarded.
 */
export async function refreshStock(ctx: Pick<ServiceContext, 'db' | 'stockMoves'>): Promise<boolean> {
  const { db } = ctx;
  const links = new ServerLinkRepository(db);
  const link = await links.get(db);
  if (!link) return false;
  const moved = await readFresh(
    letGoIn(db),
    () => fetchStock(link.serverUrl, link.registerId, link.secret),
    (answer, freshness) =>
      db.write(async (tx) => {
        const waitingAfter = appliedIn(await links.get(tx), answer.forwarded, freshness);
        await links.capture(tx, false);
        const written: string[] = [];
        for (const p of answer.packages) if (await writeStock(tx, db, p)) written.push(p.id);
        const waiting = await addWaitingStock(tx, db, waitingAfter);
        await links.capture(tx, true);
        return [...written, ...waiting];
      }),
  );
  ctx.stockMoves.packages(link.dispensaryId, moved);
  return true;
}

/** Writes one package's stock as the server has it, when it moved (true then). */
async function writeStock(tx: Queryable, db: DataLayer, p: StockAnswer['packages'][number]): Promise<boolean> {
  // The server's reserved is less this register's holds there: its claims, split again.
  const { stock } = moveStock({ onHand: p.onHand, reserved: p.reserved, short: p.short ?? 0 }, NO_MOVE);
  const changed = await tx.run(
    db.builder
      .updateTable('packages')
      .set({ on_hand_milli: stock.onHand, reserved_milli: stock.reserved, short_milli: stock.short })
      .where('id', '=', p.id)
      .where((e) =>
        e.or([
          e('on_hand_milli', '<>', stock.onHand),
          e('reserved_milli', '<>', stock.reserved),
          e('short_milli', '<>', stock.short),
        ]),
      ),
  );
  return changed > 0;
}
