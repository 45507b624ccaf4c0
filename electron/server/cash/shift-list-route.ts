import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { ShiftListQuerySchema, ShiftListResponseSchema, type ShiftListQuery } from '../../../shared/contracts/cash.js';
import { failures } from '../../../shared/contracts/common.js';
import type { AuthService } from '../auth/auth-service.js';
import type { DispensaryRepository } from '../dispensaries/dispensary-repository.js';
import type { ServiceContext } from '../core/context.js';
import { dispensaryInScope } from '../dispensaries/dispensary-scope.js';
import { ShiftLister } from './shift-list.js';

type Params = { dispensaryShortName: string };

/**
 * `GET /v2.0/dispensary/:short/drawers/shifts`: the back office's shifts of a store (managers,
 * `store:manage`), see ./shift-list.ts. A static segment: it wins over `drawers/:terminalId`.
 */
export function registerShiftListRoute(
  app: FastifyInstance,
  ctx: ServiceContext,
  auth: AuthService,
  dispensaries: DispensaryRepository,
): void {
  const lister = new ShiftLister(ctx);
  app.get<{ Params: Params; Querystring: ShiftListQuery }>(
    '/v2.0/dispensary/:dispensaryShortName/drawers/shifts',
    {
      onRequest: auth.guard({ permission: 'store:manage', staffOnly: true }),
      schema: {
        tags: ['drawers'],
        security: [{ bearer: [] }],
        summary:
          "The store's shifts, newest first: open drawers with their expected cash, closed ones with over/short; " +
          'by store day, register, cashier and status',
        params: Type.Object({ dispensaryShortName: Type.String() }),
        querystring: ShiftListQuerySchema,
        response: { 200: ShiftListResponseSchema, ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const dispensary = await dispensaryInScope(dispensaries, request.params.dispensaryShortName, request);
      return lister.list(dispensary, request.query);
    },
  );
}
