/** Where a register's queue stands at the server: its last change applied here, and which queue. */
export interface ForwardMark {
  seq: number;
  queueId: string | null;
}

/** How many times a read is tried again when one of the register's forwards landed during it. */
export const MARKED_READS = 5;

const same = (a: ForwardMark, b: ForwardMark) => a.seq === b.seq && a.queueId === b.queueId;

/**
 * A read of the store for an attached register (its replica, its stock) with the mark of its own
 * changes the read holds, so that the register adds on top exactly those after it. A forward
 * commits its changes and moves the mark in one transaction; the read's statements see commits as
 * they come (PostgreSQL's read committed, SQLite's writes between awaits). So the mark is read
 * before and after: unchanged, the read holds exactly the changes up to it; moved, a forward landed
 * during the read (a refresh from another process than the register's service, which holds its
 * forwarding while it refreshes), and the read is made again. Past MARKED_READS the mark before is
 * answered: the register then counts the landed changes twice until its next refresh (units held
 * too long), never not at all (units sold twice).
 */
export async function markedRead<T>(
  mark: () => Promise<ForwardMark>,
  read: () => Promise<T>,
): Promise<{ forwarded: ForwardMark; value: T }> {
  for (let reads = 1; ; reads += 1) {
    const forwarded = await mark();
    const value = await read();
    if (reads === MARKED_READS || same(forwarded, await mark())) return { forwarded, value };
  }
}
