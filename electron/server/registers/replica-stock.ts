import { PackageStocks } from '../catalog/package-stock.js';
import { moveStock } from '../catalog/stock-claims.js';
import type { DataLayer } from '../db/data-layer.js';
import type { Queryable } from '../db/query.js';
import { ForwardQueue } from './forward-queue.js';
import { fetchStock } from './server-client.js';
import { ServerLinkRepository } from './server-link-repository.js';

/**
 * After a refresh wrote the server's stock, adds the register's own stock changes the server has
 * not applied yet (those after `appliedSeq`): the register's reservations and offline sales stand
 * on top of the store's one stock. Kept within what a package can hold (never below zero; no more
 * reserved than on hand, the rest of its open orders' claims short), as the server will keep it.
 */
export async function addWaitingStock(tx: Queryable, db: DataLayer, appliedSeq: number): Promise<void> {
  const waiting = await new ForwardQueue(db).stockAfter(tx, appliedSeq);
  const stocks = new PackageStocks(db);
  for (const [id, delta] of waiting) await stocks.move(tx, id, { onHand: delta.onHand, claims: delta.reserved });
}

const NO_MOVE = { onHand: 0, claims: 0 };

/**
 * Writes the store's stock from its server, with the register's own waiting changes on top: what
 * the other registers and the ecommerce site took shows here within seconds. Only packages whose
 * stock moved are written; nothing of it is forwarded.
 */
export async function refreshStock(db: DataLayer): Promise<boolean> {
  const links = new ServerLinkRepository(db);
  const link = await links.get(db);
  if (!link) return false;
  const answer = await fetchStock(link.serverUrl, link.registerId, link.secret);
  await db.write(async (tx) => {
    await links.capture(tx, false);
    for (const p of answer.packages) {
      // The server's reserved is less this register's holds there: its claims, split again.
      const { stock } = moveStock({ onHand: p.onHand, reserved: p.reserved, short: p.short ?? 0 }, NO_MOVE);
      await tx.run(
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
    }
    const ownQueue = answer.forwarded.queueId === link.queueId;
    await addWaitingStock(tx, db, ownQueue ? answer.forwarded.seq : 0);
    await links.capture(tx, true);
  });
  return true;
}
