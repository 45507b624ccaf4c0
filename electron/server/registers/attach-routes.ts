import type { FastifyInstance } from 'fastify';
import { failures } from '../../../shared/contracts/common.js';
import {
  AttachedResponse,
  AttachRequestSchema,
  AttachStateResponse,
  type AttachRequest,
} from '../../../shared/contracts/registers.js';
import { ServicePayError } from '../../../shared/errors.js';
import type { ServiceContext } from '../core/context.js';
import { KeyedLock } from '../db/keyed-lock.js';
import { attachRegister } from './attach-register.js';
import type { ServerLinkRunner } from './replica-sync.js';
import { ServerLinkRepository } from './server-link-repository.js';

/**
 * A new register attached from its own screen (the POS's first start, the Electron shell's
 * equivalent of `npm start -- --server URL`): `GET /v2.0/register/attach` says whether it can be,
 * `POST` attaches it with a manager's sign-in at the server. Only a register whose database holds
 * no store and no link answers yes: there is nobody to sign in at it yet, and once attached (or
 * holding a store of its own) the route refuses. A store server on PostgreSQL is never attached.
 */
export function registerAttachRoutes(app: FastifyInstance, ctx: ServiceContext, serverLink: ServerLinkRunner): void {
  const links = new ServerLinkRepository(ctx.db);
  const lock = new KeyedLock();
  const state = async () => {
    const role = await ctx.role.current();
    const link = role === 'register' ? await links.get(ctx.db) : undefined;
    const store = await ctx.db.first(
      ctx.db.builder
        .selectFrom('dispensaries')
        .select(['id', 'short_name as shortName'])
        .$if(link !== undefined, (q) => q.where('id', '=', link!.dispensaryId))
        .limit(1),
    );
    const attached =
      link && store ? { serverUrl: link.serverUrl, name: link.name, dispensaryShortName: store.shortName } : null;
    return { attachable: role === 'standalone' && !store, attached };
  };
  app.get(
    '/v2.0/register/attach',
    {
      schema: {
        tags: ['registers'],
        summary: 'On a register: whether it is new and can be attached to a store server from its screen',
        response: { 200: AttachStateResponse, ...failures(429) },
      },
    },
    async () => ({ resultCode: 'SUCCESS' as const, resultReason: null, ...(await state()) }),
  );
  app.post<{ Body: AttachRequest }>(
    '/v2.0/register/attach',
    {
      schema: {
        tags: ['registers'],
        summary: "On a new register: attach it to a store server, with a manager's sign-in there",
        body: AttachRequestSchema,
        response: { 200: AttachedResponse, ...failures(400, 401, 403, 409, 429, 503) },
      },
    },
    async (request) =>
      lock.run('attach', async () => {
        if (!(await state()).attachable) {
          throw new ServicePayError(
            'CONFLICT',
            'this register is attached already, or holds a store of its own: a manager attaches it from the command line (servicepay attach)',
          );
        }
        const { serverUrl, dispensary, name, username, password } = request.body;
        const input = { serverUrl, dispensary: dispensary.trim(), name, username: username.trim(), password };
        const attached = await attachRegister(ctx.db, input, ctx.now);
        // The link's machinery starts with the service; on a register attached just now, it starts here.
        await serverLink.start();
        const { link, dispensaryName, notice } = attached;
        const dispensaryShortName = (await state()).attached?.dispensaryShortName ?? input.dispensary;
        return {
          resultCode: 'SUCCESS' as const,
          resultReason: null,
          serverUrl: link.serverUrl,
          name: link.name,
          dispensaryName,
          dispensaryShortName,
          ...(notice ? { notice } : {}),
        };
      }),
  );
}
