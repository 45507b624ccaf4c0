import { sql } from 'kysely';
import type { Migration } from './migration.js';

/**
 * Migration 71: on the server, where each forward queue of a register stands
 * (`register_queue_marks`: its last change applied and the `after` of its last forward), not only
 * its latest queue's (`registers.forwarded_seq`, `forward_after`, `forward_queue_id`, kept as the
 * queue the replica answers of). A machine replaced under the same name starts a queue of its own;
 * when the earlier machine comes back (repaired, attached again with its folder) and sends what
 * waited, its queue is followed from where it stood, instead of from 0 as a queue never seen, which
 * listed its changes this server had applied as missing (README "Selling offline").
 */
export const forwardQueueMarks: Migration = {
  version: 71,
  name: 'forward-queue-marks',
  async up({ db, types: t }) {
    await db.schema
      .createTable('register_queue_marks')
      .addColumn('register_id', 'text', (c) => c.notNull().references('registers.id'))
      .addColumn('queue_id', 'text', (c) => c.notNull())
      .addColumn('forwarded_seq', t.integer, (c) => c.notNull().defaultTo(0))
      .addColumn('forward_after', t.integer, (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('register_queue_marks_pk', ['register_id', 'queue_id'])
      .execute();
    await sql`
      INSERT INTO register_queue_marks (register_id, queue_id, forwarded_seq, forward_after)
      SELECT id, forward_queue_id, forwarded_seq, forward_after FROM registers
      WHERE forward_queue_id IS NOT NULL`.execute(db);
  },
};
