import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { failures, SuccessFields } from '../../../shared/contracts/common.js';
import {
  DisplayOutcomeSchema,
  DisplayResponseSchema,
  DisplayStateSchema,
  type DisplayOutcome,
  type DisplayState,
} from '../../../shared/contracts/display.js';
import { ServicePayError } from '../../../shared/errors.js';
import { TERMINAL_ID_PATTERN } from '../../../shared/terminal-id.js';
import type { AuthService } from '../auth/auth-service.js';
import { DispensaryRepository } from '../dispensaries/dispensary-repository.js';
import type { ServiceContext } from '../core/context.js';
import { dispensaryInScope } from '../dispensaries/dispensary-scope.js';
import { DisplayBoard } from './display-board.js';

const PATH = '/v2.0/dispensary/:dispensaryShortName/display/:terminalId';
const Params = Type.Object({
  dispensaryShortName: Type.String(),
  terminalId: Type.String({ pattern: TERMINAL_ID_PATTERN }),
});
type Params = { dispensaryShortName: string; terminalId: string };
const common = { tags: ['display'], security: [{ bearer: [] }] };

/**
 * The pole display's state: the POS sets it (`ticket:create`), the display and the POS read it
 * (`display:pole` or `ticket:create`), and the display reports the customer's outcome (`display:pole`).
 */
export function registerDisplayRoutes(app: FastifyInstance, ctx: ServiceContext, auth: AuthService): DisplayBoard {
  const dispensaries = new DispensaryRepository(ctx.db);
  const board = new DisplayBoard(ctx.db, ctx.live, ctx.now, async (id) => (await dispensaries.findById(id))?.name);
  const scope = (request: FastifyRequest<{ Params: Params }>) =>
    dispensaryInScope(dispensaries, request.params.dispensaryShortName, request);
  const answer = (display: Awaited<ReturnType<DisplayBoard['get']>>) => ({
    resultCode: 'SUCCESS' as const,
    resultReason: null,
    display,
  });

  app.get<{ Params: Params }>(
    PATH,
    {
      onRequest: auth.guard({}),
      schema: {
        ...common,
        summary: "A terminal's pole-display state",
        params: Params,
        response: { 200: DisplayResponseSchema, ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { permissions, role } = request.principal!;
      if (!permissions.has('display:pole') && !permissions.has('ticket:create')) {
        throw new ServicePayError('FORBIDDEN', `the ${role} role may not read a pole display`);
      }
      return answer(await board.get(await scope(request), request.params.terminalId));
    },
  );

  app.put<{ Params: Params; Body: DisplayState }>(
    PATH,
    {
      onRequest: auth.guard({ permission: 'ticket:create' }),
      config: { consumes: ['application/json'] },
      schema: {
        ...common,
        summary: "Set what a terminal's pole display shows (the cashier's current sale)",
        params: Params,
        body: DisplayStateSchema,
        response: { 200: DisplayResponseSchema, ...failures(400, 401, 403, 404, 413, 415) },
      },
    },
    async (request) =>
      answer(await board.set(await scope(request), request.params.terminalId, request.body, request.principal!)),
  );

  app.post<{ Params: Params; Body: DisplayOutcome }>(
    `${PATH}/outcome`,
    {
      onRequest: auth.guard({ permission: 'display:pole' }),
      config: { consumes: ['application/json'] },
      schema: {
        ...common,
        summary: 'Report what the customer did on the pole display (to the POS)',
        params: Params,
        body: DisplayOutcomeSchema,
        response: { 200: Type.Object(SuccessFields), ...failures(400, 401, 403, 404, 415) },
      },
    },
    async (request) => {
      board.reportOutcome(await scope(request), request.params.terminalId, request.body);
      return { resultCode: 'SUCCESS' as const, resultReason: null };
    },
  );
  return board;
}
