import { randomUUID } from 'node:crypto';
import { CompiledQuery, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { DataLayer } from '../../../electron/server/db/data-layer.js';
import { openDataLayer } from '../../../electron/server/db/open-data-layer.js';
import { StaleWriteError, writeStep } from '../../../electron/server/db/query.js';
import { products } from '../support/catalog-fixtures.js';
import { testApp } from '../support/demo-service.js';
import { blockedBy } from '../support/row-locks.js';
import { freshDatabase, type TestDatabase } from '../../support/test-database.js';

// On PostgreSQL the writes that commit on their own (a ticket's one statement) are committed in
// groups, one transaction per group on a pipelined connection, and a ticket's stock is read on
// another: what each of them answers, what the server keeps, and what a lost connection does.
let database: TestDatabase;
let app: FastifyInstance;
let db: DataLayer;
let admin: pg.Client;

beforeAll(async () => {
  database = await freshDatabase();
  app = await testApp({ ...database.config, demo: true });
  db = app.ctx.db;
  admin = new pg.Client({ connectionString: database.config.database });
  await admin.connect();
});
afterAll(async () => {
  await admin?.end();
  await app?.close();
  await database?.drop();
});

const insertOrganization = () =>
  db.prepare((k, p: { id: string }) =>
    k.insertInto('organizations').values({ id: p.id, name: 'Grouped', created_at: '2026-11-28T00:00:00.000Z' }),
  );

/** Takes a unit of a package while it has one: the conditional update a ticket's reservation is. */
const takeUnit = () =>
  db.prepare((k, p: { id: string }) =>
    k
      .updateTable('packages')
      .set((eb) => ({ reserved_milli: eb('reserved_milli', '+', 1000) }))
      .where('id', '=', p.id)
      .where((eb) => eb(eb('on_hand_milli', '-', eb.ref('reserved_milli')), '>=', 1000)),
  );

const transactionsOf = async (prefix: string) =>
  (
    await admin.query<{ xmin: string }>('SELECT DISTINCT xmin::text AS xmin FROM organizations WHERE id LIKE $1', [
      `${prefix}%`,
    ])
  ).rows.length;

describe('write groups (postgres)', () => {
  it('commits the writes asked for at one moment as one transaction, each answered once it committed', async () => {
    const insert = insertOrganization();
    const prefix = `together-${randomUUID()}-`;
    await Promise.all(
      Array.from({ length: 12 }, (_, i) => db.writeSteps([writeStep(insert, { id: `${prefix}${i}` })], 1)),
    );
    expect(await transactionsOf(prefix)).toBe(1);
    const { rows } = await admin.query('SELECT count(*)::int AS n FROM organizations WHERE id LIKE $1', [`${prefix}%`]);
    expect(rows[0]).toEqual({ n: 12 });
  });

  it('answers a refused write its own error and keeps every other write of its group', async () => {
    const insert = insertOrganization();
    const prefix = `refused-${randomUUID()}-`;
    await db.writeSteps([writeStep(insert, { id: `${prefix}taken` })], 1);
    const rename = db.prepare((k, p: { id: string }) =>
      k.updateTable('organizations').set({ name: 'Renamed' }).where('id', '=', p.id),
    );
    const writes = [
      ...Array.from({ length: 5 }, (_, i) => db.writeSteps([writeStep(insert, { id: `${prefix}${i}` })], 1)),
      // A key already there: the server refuses it.
      db.writeSteps([writeStep(insert, { id: `${prefix}taken` })], 1),
      // A conditional write whose row is gone: it changes nothing, so it is stale.
      db.writeSteps([writeStep(insert, { id: `${prefix}stale` }), writeStep(rename, { id: `${prefix}none` })], 1),
      ...Array.from({ length: 5 }, (_, i) => db.writeSteps([writeStep(insert, { id: `${prefix}${i + 5}` })], 1)),
    ];
    const outcomes = await Promise.allSettled(writes);
    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      ...Array<string>(5).fill('fulfilled'),
      'rejected',
      'rejected',
      ...Array<string>(5).fill('fulfilled'),
    ]);
    expect((outcomes[5] as PromiseRejectedResult).reason).toSatisfy((error: unknown) =>
      db.dialect.isUniqueViolation(error, ['id']),
    );
    expect((outcomes[6] as PromiseRejectedResult).reason).toBeInstanceOf(StaleWriteError);
    const { rows } = await admin.query<{ id: string }>('SELECT id FROM organizations WHERE id LIKE $1 ORDER BY id', [
      `${prefix}%`,
    ]);
    expect(rows.map((row) => row.id.slice(prefix.length))).toEqual([
      '0',
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
      '9',
      'taken',
    ]);
  });

  it('takes the rows of a group in id order before writing, so two groups never wait on each other in a circle', async () => {
    const [low, high] = (await products(app, 'k.on_hand_milli >= 10000'))
      .map((product) => product.packageId)
      .sort()
      .slice(0, 2);
    const other = await openDataLayer(database.config);
    const holder = new pg.Client({ connectionString: database.config.database });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT 1 FROM packages WHERE id = $1 FOR NO KEY UPDATE', [low]);
      // The group's first write is on the higher package: written first, it would hold that row
      // while it waited for the lower one, as another instance's group might hold them the other way.
      const take = takeUnit();
      const group = Promise.all(
        [high!, low!].map((id) => other.writeSteps([writeStep(take, { id })], 1, { table: 'packages', ids: [id] })),
      );
      await blockedBy(admin, holder);
      const free = await admin.query('SELECT 1 FROM packages WHERE id = $1 FOR NO KEY UPDATE NOWAIT', [high]);
      expect(free.rowCount).toBe(1);
      await holder.query('COMMIT');
      await group;
    } finally {
      await holder.end();
      await other.close();
    }
  });

  it('sends the next group beside one held up by a row locked elsewhere, and keeps both', async () => {
    const [product] = await products(app, 'k.on_hand_milli >= 10000');
    const holder = new pg.Client({ connectionString: database.config.database });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT 1 FROM packages WHERE id = $1 FOR NO KEY UPDATE', [product!.packageId]);
      const held = db.writeSteps([writeStep(takeUnit(), { id: product!.packageId })], 1, {
        table: 'packages',
        ids: [product!.packageId],
      });
      await blockedBy(admin, holder);
      // Its row is free: written while the group before it still waits for the lock.
      const prefix = `beside-${randomUUID()}-`;
      await db.writeSteps([writeStep(insertOrganization(), { id: `${prefix}0` })], 1);
      expect(await transactionsOf(prefix)).toBe(1);
      await holder.query('COMMIT');
      await held;
    } finally {
      await holder.end();
    }
  });

  it('answers every write of a group whose connection is lost, keeps none, and sends the next group on a new one', async () => {
    const [product] = await products(app, 'k.on_hand_milli >= 10000');
    const before = (await admin.query('SELECT reserved_milli FROM packages WHERE id = $1', [product!.packageId]))
      .rows[0];
    const holder = new pg.Client({ connectionString: database.config.database });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT 1 FROM packages WHERE id = $1 FOR NO KEY UPDATE', [product!.packageId]);
      const take = takeUnit();
      const lost = Promise.allSettled(
        Array.from({ length: 3 }, () =>
          db.writeSteps([writeStep(take, { id: product!.packageId })], 1, {
            table: 'packages',
            ids: [product!.packageId],
          }),
        ),
      );
      await admin.query('SELECT pg_terminate_backend($1)', [await blockedBy(admin, holder)]);
      const outcomes = await lost;
      expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected', 'rejected']);
      await holder.query('COMMIT');
    } finally {
      await holder.end();
    }
    expect(
      (await admin.query('SELECT reserved_milli FROM packages WHERE id = $1', [product!.packageId])).rows[0],
    ).toEqual(before);
    await db.writeSteps([writeStep(takeUnit(), { id: product!.packageId })], 1, {
      table: 'packages',
      ids: [product!.packageId],
    });
    expect(
      (await admin.query('SELECT reserved_milli FROM packages WHERE id = $1', [product!.packageId])).rows[0],
    ).toEqual({ reserved_milli: String(Number(before.reserved_milli) + 1000) });
  });
});

describe('writes the server keeps refusing for other writes (postgres)', () => {
  /** A statement that counts its tries and is refused as a deadlock each time, as a contended write might be. */
  async function contended(): Promise<{ tries: () => Promise<number> }> {
    const name = `contended_${randomUUID().replaceAll('-', '')}`;
    await admin.query(`CREATE SEQUENCE ${name}_tries`);
    await admin.query(`CREATE FUNCTION ${name}() RETURNS bigint LANGUAGE plpgsql AS $$
      BEGIN PERFORM nextval('${name}_tries'); RAISE EXCEPTION 'made-up deadlock' USING ERRCODE = '40P01'; END $$`);
    contendedName = name;
    const tries = async () =>
      Number((await admin.query<{ n: string }>(`SELECT last_value AS n FROM ${name}_tries`)).rows[0]!.n);
    return { tries };
  }
  let contendedName = '';
  const busy = {
    code: 'UNAVAILABLE',
    retryAfterSeconds: 1,
    message: expect.stringMatching(/nothing of this one was saved; send it again$/),
  };

  it('runs a transaction again, and after its last try refuses it as busy, keeping nothing', async () => {
    const { tries } = await contended();
    const prefix = `busy-${randomUUID()}-`;
    const write = db.write(async (tx) => {
      await tx.run(insertOrganization(), { id: `${prefix}${randomUUID()}` });
      await tx.run(CompiledQuery.raw(`SELECT ${contendedName}()`));
    });
    await expect(write).rejects.toMatchObject(busy);
    expect(await tries()).toBe(5);
    expect((await admin.query('SELECT 1 FROM organizations WHERE id LIKE $1', [`${prefix}%`])).rowCount).toBe(0);
  });

  it('sends a grouped write again, and after its last try refuses it as busy, keeping the others', async () => {
    const { tries } = await contended();
    const refused = db.prepare((k, p: { id: string }) =>
      k.insertInto('organizations').values({
        id: p.id,
        name: sql<string>`${sql.raw(contendedName)}()::text`,
        created_at: '2026-11-28T00:00:00.000Z',
      }),
    );
    const prefix = `busy-group-${randomUUID()}-`;
    const outcomes = await Promise.allSettled([
      db.writeSteps([writeStep(insertOrganization(), { id: `${prefix}0` })], 1),
      db.writeSteps([writeStep(refused, { id: `${prefix}refused` })], 1),
      db.writeSteps([writeStep(insertOrganization(), { id: `${prefix}1` })], 1),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((outcomes[1] as PromiseRejectedResult).reason).toMatchObject(busy);
    expect(await tries()).toBe(5);
    expect((await admin.query('SELECT 1 FROM organizations WHERE id LIKE $1', [`${prefix}%`])).rowCount).toBe(2);
  });
});

describe('pipelined reads (postgres)', () => {
  const number = () =>
    db.prepare((k, p: { value: string }) => k.selectNoFrom((eb) => eb.cast(eb.val(p.value), 'integer').as('n')));

  it('answers each read of one moment its own rows, and a failing one alone its error', async () => {
    const read = number();
    const values = ['1', '2', 'three', '4', '5'];
    const outcomes = await Promise.allSettled(values.map((value) => db.pipelined.first(read, { value })));
    expect(outcomes.map((outcome) => (outcome.status === 'fulfilled' ? outcome.value : 'refused'))).toEqual([
      { n: 1 },
      { n: 2 },
      'refused',
      { n: 4 },
      { n: 5 },
    ]);
  });

  it('reads on a new connection after its connection was lost', async () => {
    const pid = async () =>
      (await db.pipelined.first(db.builder.selectNoFrom((eb) => eb.fn<number>('pg_backend_pid').as('pid'))))!.pid;
    const first = await pid();
    await admin.query('SELECT pg_terminate_backend($1)', [first]);
    // A read sent before the news of the loss arrived fails with it, as on a pooled connection.
    await expect.poll(() => pid().catch(() => first), { timeout: 10_000 }).toSatisfy((now: number) => now !== first);
    expect(await db.pipelined.first(number(), { value: '7' })).toEqual({ n: 7 });
  });
});
