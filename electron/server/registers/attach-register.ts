import { randomUUID } from 'node:crypto';
import { invalidInput, ServicePayError } from '../../../shared/errors.js';
import { isTerminalId, TERMINAL_ID_RULE } from '../../../shared/terminal-id.js';
import type { DataLayer } from '../db/data-layer.js';
import type { Queryable } from '../db/query.js';
import { writeChangingCached } from '../db/epoch-cache.js';
import { addWaitingStock, appliedIn, letGoIn, readFresh, type Freshness } from './replica-stock.js';
import { applyReplica, scopeOfReplica, type ReplicaCounts } from './replica-apply.js';
import { enrollAtServer, fetchReplica, serverBaseUrl, signInAtServer, type ReplicaAnswer } from './server-client.js';
import { ServerLinkRepository, type ServerLink } from './server-link-repository.js';
import { DealUses } from '../tickets/deal-uses.js';

/** What attaching a register needs: the server, the register's name, the store, and a manager's sign-in. */
export interface AttachInput {
  serverUrl: string;
  /** The register's terminal id at the store (`front-1`). */
  name: string;
  /** The store's short name on the server. */
  dispensary: string;
  username: string;
  password: string;
}

/** A register just attached: its link and what its first replica wrote. */
export interface Attached {
  link: ServerLink;
  dispensaryName: string;
  counts: ReplicaCounts;
  /** What is left to do at the server, in words (a drawer shift of this name still open there). */
  notice?: string;
}

/** How a replica is written: `before` runs first in its transaction (attaching writes the link there). */
interface StoreOptions {
  before?: (tx: Queryable) => Promise<void>;
  /** How the answer is checked against what the forwarder let go of (none: written as it is). */
  freshness?: Freshness;
}

/** Writes a replica from the server and the time it was read, in one transaction. */
export async function storeReplica(
  db: DataLayer,
  dispensaryId: string,
  answer: ReplicaAnswer,
  at: Date,
  { before, freshness = { strict: false, letGoBefore: 0 } }: StoreOptions = {},
) {
  const links = new ServerLinkRepository(db);
  const uses = new DealUses(db);
  return writeChangingCached(db, async (tx) => {
    await before?.(tx);
    const waitingAfter = appliedIn(await links.get(tx), answer.forwarded, freshness);
    // The server's rows are not this register's changes: nothing of the refresh is forwarded.
    await links.capture(tx, false);
    // A deal the refresh gave a limit has its uses here counted from this register's orders (online,
    // its sales count them at the server too: README "Deals").
    const limited = await uses.limitedOf(tx, dispensaryId);
    const counts = await applyReplica(tx, db.builder, answer.tables, scopeOfReplica(answer.tables, dispensaryId));
    await uses.follow(tx, dispensaryId, limited);
    await addWaitingStock(tx, db, waitingAfter);
    await links.capture(tx, true);
    await links.refreshed(tx, at);
    return counts;
  });
}

/**
 * Refuses a name that is no register's name (INVALID_INPUT on `name`, the rule in words), before
 * the server is asked: its refusal would name its own API's field, not the option the person typed.
 */
export function checkRegisterName(name: string): void {
  if (!isTerminalId(name)) throw invalidInput('name', `must be a register name: ${TERMINAL_ID_RULE}, not "${name}"`);
}

/**
 * Attaches this register (its own SQLite database) to a store server: a manager signs in at the
 * server once, the server enrolls the register and gives it its own credentials, and the store's
 * replica (catalog, taxes, staff, payment configuration) is written here. A database that holds a
 * store of its own (a standalone register's, or the demo) is refused: its sales would mix with the
 * server's store. Attaching again (a new secret) keeps the replica and refreshes it.
 */
export async function attachRegister(db: DataLayer, input: AttachInput, now: () => Date): Promise<Attached> {
  checkRegisterName(input.name);
  const base = serverBaseUrl(input.serverUrl);
  const links = new ServerLinkRepository(db);
  const existing = await links.get(db);
  if (existing && existing.serverUrl !== base) {
    throw new ServicePayError(
      'CONFLICT',
      `this register is attached to ${existing.serverUrl} already: attach a new data folder (--data DIR) to another server`,
    );
  }
  const own = await db.first(db.builder.selectFrom('dispensaries').select(['id', 'name']));
  if (!existing && own) {
    throw new ServicePayError(
      'CONFLICT',
      `this register's database holds a store of its own (${own.name}, a standalone register's or the demo): ` +
        'attach with a new data folder (--data DIR)',
    );
  }
  const { token } = await signInAtServer(base, input.username, input.password);
  const enrolled = await enrollAtServer(base, token, input.dispensary, input.name).catch((error: unknown) => {
    // The server's refusal names a role and a permission: the person attaching reads who may.
    if (error instanceof ServicePayError && error.code === 'FORBIDDEN') {
      throw new ServicePayError(
        'FORBIDDEN',
        `only a manager or an administrator of the store attaches a register: ${input.username} is neither`,
      );
    }
    throw error;
  });
  if (existing && existing.dispensaryId !== enrolled.dispensary.id) {
    throw new ServicePayError(
      'CONFLICT',
      `this register keeps another store's replica: attach a new data folder (--data DIR)`,
    );
  }
  const { registerId } = enrolled.register;
  const link = {
    registerId,
    serverUrl: base,
    secret: enrolled.secret,
    dispensaryId: enrolled.dispensary.id,
    name: input.name,
    attachedAt: now().toISOString(),
    queueId: existing?.queueId ?? randomUUID(),
  };
  const counts = await readFresh(
    letGoIn(db),
    () => fetchReplica(base, registerId, enrolled.secret),
    (answer, freshness) =>
      storeReplica(db, link.dispensaryId, answer, now(), { before: (tx) => links.attach(tx, link), freshness }),
  );
  const { notice } = enrolled;
  return {
    link: (await links.get(db))!,
    dispensaryName: enrolled.dispensary.name,
    counts,
    ...(notice ? { notice } : {}),
  };
}

/** Reads the replica again from the server (the register's own credentials) and writes it here. */
export async function refreshReplica(db: DataLayer, now: () => Date): Promise<ReplicaCounts | null> {
  const links = new ServerLinkRepository(db);
  const link = await links.get(db);
  if (!link) return null;
  try {
    return await readFresh(
      letGoIn(db),
      () => fetchReplica(link.serverUrl, link.registerId, link.secret),
      (answer, freshness) => storeReplica(db, link.dispensaryId, answer, now(), { freshness }),
    );
  } catch (error) {
    await db.write((tx) => links.problem(tx, (error as Error).message));
    throw error;
  }
}
