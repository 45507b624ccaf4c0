import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { failures, SuccessFields } from '../../../shared/contracts/common.js';
import { ColumnValue, Count, SequenceMark, StockMilli } from '../../../shared/numbers.js';
import { LinkStatusResponse } from '../../../shared/contracts/registers.js';
import { ServicePayError } from '../../../shared/errors.js';
import type { AuthService } from '../auth/auth-service.js';
import type { ServiceContext } from '../core/context.js';
import { registerGuard } from './register-guard.js';
import { RegistersRepository } from './registers-repository.js';
import { readReplica, replicaScope } from './replica-snapshot.js';
import type { LinkMonitor } from './link-monitor.js';
import { customersChangedAt, readReplicaVersion } from '../db/replica-version.js';
import { forwardMark } from './forward-sequence.js';
import { markedRead } from './marked-read.js';
import { reservedLessHolds } from './stock-holds.js';

const Forwarded = Type.Object({ seq: SequenceMark(), queueId: Type.Union([Type.String(), Type.Null()]) });

export const ReplicaResponse = Type.Object({
  ...SuccessFields,
  register: Type.Object({ registerId: Type.String(), name: Type.String(), dispensaryId: Type.String() }),
  /** When the server read it (its clock). */
  readAt: Type.String({ format: 'date-time' }),
  /** The last change of the register's forward queue applied here, and which queue (null: none yet). */
  forwarded: Forwarded,
  /** Table name to the store's rows of it, as the register's database keeps them. */
  tables: Type.Record(Type.String(), Type.Array(Type.Record(Type.String(), ColumnValue))),
});

export const StockResponse = Type.Object({
  ...SuccessFields,
  /** The last change of the register's forward queue applied here, and which queue. */
  forwarded: Forwarded,
  /**
   * Every package of the store: its stock on hand and reserved, in thousandths (reserved less what
   * the asking register holds here for its sales: those it reserves in its own copy), and short:
   * what its open orders hold beyond what is on hand.
   */
  packages: Type.Array(
    Type.Object({ id: Type.String(), onHand: StockMilli(), reserved: StockMilli(), short: StockMilli() }),
  ),
});

/**
 * What a register attached to this server asks with its own credentials (HTTP Basic):
 * `GET /v2.0/register/replica`, its store's catalog, prices and stock, taxes, staff (password
 * hashes, for signing in offline), payment configuration and receipt printers.
 */
export function registerReplicaRoutes(
  app: FastifyInstance,
  ctx: ServiceContext,
  auth: AuthService,
  monitor: LinkMonitor,
): void {
  const guard = registerGuard(ctx.db, new RegistersRepository(ctx.db), ctx.now);
  /** Reads where the register's queue stands here. */
  const mark = (registerId: string) => () => forwardMark(ctx.db, ctx.db, registerId);
  app.get(
    '/v2.0/register/replica',
    {
      schema: {
        tags: ['registers'],
        summary: "The store's replica for a register attached to this server (its own credentials)",
        security: [{ register: [] }],
        response: { 200: ReplicaResponse, ...failures(401, 429) },
      },
    },
    async (request) => {
      const register = await guard(request);
      const scope = await replicaScope(ctx.db, register.dispensaryId);
      if (!scope) throw new ServicePayError('NOT_FOUND', `the store of register ${register.name} is gone`);
      const readAt = ctx.now().toISOString();
      const { forwarded, value: tables } = await markedRead(mark(register.registerId), () =>
        readReplica(ctx.db, scope, register.registerId),
      );
      return { resultCode: 'SUCCESS' as const, resultReason: null, register, readAt, forwarded, tables };
    },
  );
  app.get(
    '/v2.0/register/stock',
    {
      schema: {
        tags: ['registers'],
        summary: "The store's stock of every package, for a register attached to this server (asked every few seconds)",
        security: [{ register: [] }],
        response: { 200: StockResponse, ...failures(401, 429) },
      },
    },
    async (request) => {
      const register = await guard(request);
      const { forwarded, value: packages } = await markedRead(mark(register.registerId), () =>
        ctx.db.all(
          ctx.db.builder
            .selectFrom('packages')
            .select([
              'id',
              'on_hand_milli as onHand',
              reservedLessHolds(register.registerId).as('reserved'),
              'short_milli as short',
            ])
            .where('location_id', 'in', (k) =>
              k.selectFrom('locations').select('id').where('dispensary_id', '=', register.dispensaryId),
            ),
        ),
      );
      return { resultCode: 'SUCCESS' as const, resultReason: null, forwarded, packages };
    },
  );
  app.get(
    '/v2.0/register/ping',
    {
      schema: {
        tags: ['registers'],
        summary: 'Whether this server answers a register attached to it (asked every second)',
        security: [{ register: [] }],
        response: {
          200: Type.Object({
            ...SuccessFields,
            serverTime: Type.String({ format: 'date-time' }),
            replicaVersion: Count(
              "Moves with every set-up change of the register's store or its organization: it refreshes then",
            ),
            customersChangedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
              description:
                "When the register's store's customers last changed (null: it has none): the register refreshes then",
            }),
          }),
          ...failures(401, 429),
        },
      },
    },
    async (request) => {
      const register = await guard(request);
      const replicaVersion = await readReplicaVersion(ctx.db, register.dispensaryId);
      return {
        resultCode: 'SUCCESS' as const,
        resultReason: null,
        serverTime: ctx.now().toISOString(),
        replicaVersion,
        customersChangedAt: await customersChangedAt(ctx.db, register.dispensaryId),
      };
    },
  );
  app.get(
    '/v2.0/register/link',
    {
      onRequest: auth.guard({ permission: 'config:read' }),
      schema: {
        tags: ['registers'],
        summary:
          "On a register: its store server, whether it answers, and the replica's last refresh (null: standalone)",
        security: [{ bearer: [] }],
        response: { 200: LinkStatusResponse, ...failures(401, 403, 429) },
      },
    },
    async () => ({ resultCode: 'SUCCESS' as const, resultReason: null, link: await monitor.status() }),
  );
}
