import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { CashCountSchema, ReportResponseSchema, type CashCount } from '../../../shared/contracts/cash.js';
import { failures } from '../../../shared/contracts/common.js';
import { TERMINAL_ID_PATTERN } from '../../../shared/terminal-id.js';
import type { AuthService } from '../auth/auth-service.js';
import type { ServiceContext } from '../core/context.js';
import type { DispensaryRepository } from '../dispensaries/dispensary-repository.js';
import { dispensaryInScope } from '../dispensaries/dispensary-scope.js';
import { namedDrawerActor } from './drawer-access.js';
import { LateCounts } from './late-counts.js';

const Params = Type.Object({
  dispensaryShortName: Type.String(),
  terminalId: Type.String({ pattern: TERMINAL_ID_PATTERN }),
  shiftId: Type.String({ maxLength: 64 }),
});
type Params = { dispensaryShortName: string; terminalId: string; shiftId: string };

/**
 * `POST /v2.0/dispensary/:short/drawers/:terminalId/shifts/:shiftId/count`: a manager (`store:manage`)
 * counts the drawer of a shift the store server closed as replaced, not counted, with the close's
 * body (`{amount}` or `{count}`); see ./late-counts.ts.
 */
export function registerLateCountRoute(
  app: FastifyInstance,
  ctx: ServiceContext,
  auth: AuthService,
  dispensaries: DispensaryRepository,
): void {
  const counts = new LateCounts(ctx);
  app.post<{ Params: Params; Body: CashCount }>(
    '/v2.0/dispensary/:dispensaryShortName/drawers/:terminalId/shifts/:shiftId/count',
    {
      onRequest: auth.guard({ permission: 'store:manage', staffOnly: true }),
      config: { consumes: ['application/json'] },
      schema: {
        tags: ['drawers'],
        security: [{ bearer: [] }],
        summary:
          'Count the drawer of a shift closed as replaced, not counted (its machine replaced under the same ' +
          'name): over/short against what it should hold, once; answers its report',
        params: Params,
        body: CashCountSchema,
        response: { 200: ReportResponseSchema, ...failures(400, 401, 403, 404, 409, 413, 415) },
      },
    },
    async (request) => {
      const { dispensaryShortName, terminalId, shiftId } = request.params;
      const dispensary = await dispensaryInScope(dispensaries, dispensaryShortName, request);
      const actor = await namedDrawerActor(auth.users, ctx.db, request.principal!, terminalId);
      const report = await counts.count(dispensary, terminalId, shiftId, request.body, actor);
      return { resultCode: 'SUCCESS' as const, resultReason: null, report };
    },
  );
}
