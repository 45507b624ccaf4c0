import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { failures, SuccessFields } from '../../../shared/contracts/common.js';
import { LinkStatusResponse } from '../../../shared/contracts/registers.js';
import { ServicePayError } from '../../../shared/errors.js';
import type { AuthService } from '../auth/auth-service.js';
import type { ServiceContext } from '../context.js';
import { registerGuard } from './register-guard.js';
import { RegistersRepository } from './registers-repository.js';
import { readReplica, replicaScope } from './replica-snapshot.js';
import type { LinkMonitor } from './link-monitor.js';
import { readReplicaVersion } from './replica-version.js';

const Value = Type.Union([Type.String(), Type.Number(), Type.Null()]);

export const ReplicaResponse = Type.Object({
  ...SuccessFields,
  register: Type.Object({ registerId: Type.String(), name: Type.String(), dispensaryId: Type.String() }),
  /** When the server read it (its clock). */
  readAt: Type.String({ format: 'date-time' }),
  /** Table name to the store's rows of it, as the register's database keeps them. */
  tables: Type.Record(Type.String(), Type.Array(Type.Record(Type.String(), Value))),
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
      const tables = await readReplica(ctx.db, scope);
      return { resultCode: 'SUCCESS' as const, resultReason: null, register, readAt, tables };
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
            replicaVersion: Type.Integer({
              description: 'Moves with every set-up change: the register refreshes then',
            }),
          }),
          ...failures(401, 429),
        },
      },
    },
    async (request) => {
      await guard(request);
      const replicaVersion = await readReplicaVersion(ctx.db);
      return {
        resultCode: 'SUCCESS' as const,
        resultReason: null,
        serverTime: ctx.now().toISOString(),
        replicaVersion,
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
