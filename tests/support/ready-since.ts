import { openDataLayer } from '../../electron/server/db/open-data-layer.js';

/**
 * Moves the time an order became ready for pickup (its status history's moves to PACKED_READY) back
 * to `at`, in a database (a running service's folder), so the screens of orders ready over a day
 * can be checked without waiting a day.
 */
export async function backdateReady(
  location: { database?: string; dataDir: string },
  orderId: string,
  at: Date,
): Promise<void> {
  const db = await openDataLayer({ ...location, poolSize: 1, listen: false });
  try {
    const changed = await db.write((tx) =>
      tx.run(
        db.builder
          .updateTable('order_status_history')
          .set({ at: at.toISOString() })
          .where('order_id', '=', orderId)
          .where('to_status', '=', 'PACKED_READY'),
      ),
    );
    if (changed === 0) throw new Error(`order ${orderId} was never packed`);
  } finally {
    await db.close();
  }
}
