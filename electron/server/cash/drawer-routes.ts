import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import {
  CashCountSchema,
  CashMovementRequestSchema,
  MovementResponseSchema,
  OpenDrawerSchema,
  ReportResponseSchema,
  ShiftResponseSchema,
  type CashCount,
  type CashMovementRequest,
  type DrawerReport,
  type OpenDrawer,
} from '../../../shared/contracts/cash.js';
import { DrawerStateResponseSchema } from '../../../shared/contracts/cash-policy.js';
import { failures } from '../../../shared/contracts/common.js';
import { TERMINAL_ID_PATTERN } from '../../../shared/terminal-id.js';
import type { AuthService } from '../auth/auth-service.js';
import { DispensaryRepository } from '../dispensaries/dispensary-repository.js';
import type { ServiceContext } from '../core/context.js';
import { dispensaryInScope } from '../dispensaries/dispensary-scope.js';
import { CashDrawers } from './cash-drawers.js';
import { namedDrawerActor } from './drawer-access.js';
import { registerLateCountRoute } from './late-count-route.js';
import { registerShiftListRoute } from './shift-list-route.js';

const PATH = '/v2.0/dispensary/:dispensaryShortName/drawers/:terminalId';
const Params = Type.Object({
  dispensaryShortName: Type.String(),
  terminalId: Type.String({ pattern: TERMINAL_ID_PATTERN }),
});
type Params = { dispensaryShortName: string; terminalId: string };
const common = { tags: ['drawers'], security: [{ bearer: [] }] };
const success = { resultCode: 'SUCCESS' as const, resultReason: null };

/**
 * A register's cash drawer: open it with a float, record cash movements, read its shift and X
 * report, close it with a count (the Z report). Staff who take payments (`payment:create`), at their
 * own register; managers at any (see ./drawer-access.ts). Managers also list the store's shifts
 * (./shift-list-route.ts) and count a shift closed as replaced (./late-count-route.ts).
 */
export function registerDrawerRoutes(app: FastifyInstance, ctx: ServiceContext, auth: AuthService): CashDrawers {
  const dispensaries = new DispensaryRepository(ctx.db);
  const drawers = new CashDrawers(ctx);
  const guard = auth.guard({ permission: 'payment:create', staffOnly: true });
  const at = async (request: FastifyRequest<{ Params: Params }>) => {
    const dispensary = await dispensaryInScope(dispensaries, request.params.dispensaryShortName, request);
    const actor = await namedDrawerActor(auth.users, ctx.db, request.principal!, request.params.terminalId);
    return { dispensary, terminalId: request.params.terminalId, actor };
  };
  const report = (done: DrawerReport) => ({ ...success, report: done });
  registerShiftListRoute(app, ctx, auth, dispensaries);
  registerLateCountRoute(app, ctx, auth, dispensaries);

  app.get<{ Params: Params }>(
    PATH,
    {
      onRequest: guard,
      schema: {
        ...common,
        summary:
          "A register's open shift with the cash its drawer should hold (null: the drawer is closed), and the " +
          "store's cash policy: blind closes, the movements needing a manager's PIN and who can approve them",
        params: Params,
        response: { 200: DrawerStateResponseSchema, ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { dispensary, terminalId, actor } = await at(request);
      return { ...success, ...(await drawers.current(dispensary, terminalId, actor)) };
    },
  );

  app.post<{ Params: Params; Body: OpenDrawer }>(
    `${PATH}/open`,
    {
      onRequest: guard,
      config: { consumes: ['application/json'] },
      schema: {
        ...common,
        summary: "Open a register's drawer with a float counted as one amount or by denomination",
        params: Params,
        body: OpenDrawerSchema,
        response: { 201: ShiftResponseSchema, ...failures(400, 401, 403, 404, 409, 413, 415) },
      },
    },
    async (request, reply) => {
      const { dispensary, terminalId, actor } = await at(request);
      const shift = await drawers.open(dispensary, terminalId, request.body, actor);
      return reply.code(201).send({ ...success, shift });
    },
  );

  app.post<{ Params: Params; Body: CashMovementRequest }>(
    `${PATH}/movements`,
    {
      onRequest: guard,
      config: { consumes: ['application/json'] },
      schema: {
        ...common,
        summary: 'Record a paid-in, paid-out, safe drop or no-sale on the open drawer',
        description:
          "A kind the store's cash policy guards needs `approval` (a manager's username and PIN) unless a " +
          'manager records it: 403 APPROVAL_REQUIRED without it or with a wrong PIN.',
        params: Params,
        body: CashMovementRequestSchema,
        response: { 201: MovementResponseSchema, ...failures(400, 401, 403, 404, 409, 413, 415, 429) },
      },
    },
    async (request, reply) => {
      const { dispensary, terminalId, actor } = await at(request);
      const movement = await drawers.movement(dispensary, terminalId, request.body, actor);
      return reply.code(201).send({ ...success, movement });
    },
  );

  app.get<{ Params: Params }>(
    `${PATH}/x-report`,
    {
      onRequest: guard,
      schema: {
        ...common,
        summary: "The X report of a register's open shift",
        params: Params,
        response: { 200: ReportResponseSchema, ...failures(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { dispensary, terminalId, actor } = await at(request);
      return report(await drawers.xReport(dispensary, terminalId, actor));
    },
  );

  app.post<{ Params: Params; Body: CashCount }>(
    `${PATH}/close`,
    {
      onRequest: guard,
      config: { consumes: ['application/json'] },
      schema: {
        ...common,
        summary: "Close a register's shift with the counted cash: final; answers its Z report",
        params: Params,
        body: CashCountSchema,
        response: { 200: ReportResponseSchema, ...failures(400, 401, 403, 404, 409, 413, 415) },
      },
    },
    async (request) => {
      const { dispensary, terminalId, actor } = await at(request);
      return report(await drawers.close(dispensary, terminalId, request.body, actor));
    },
  );
  app.get<{ Params: Params & { shiftId: string } }>(
    `${PATH}/shifts/:shiftId`,
    {
      onRequest: guard,
      schema: {
        ...common,
        summary: "One shift's report: its Z report once closed (never changing after the close), else its X report",
        params: Type.Object({ ...Params.properties, shiftId: Type.String({ maxLength: 64 }) }),
        response: { 200: ReportResponseSchema, ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { dispensary, terminalId, actor } = await at(request);
      return report(await drawers.report(dispensary, terminalId, request.params.shiftId, actor));
    },
  );
  return drawers;
}
