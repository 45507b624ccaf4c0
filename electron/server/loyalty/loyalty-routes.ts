import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { failures } from '../../../shared/contracts/common.js';
import {
  CustomerLoyaltyResponseSchema,
  LoyaltyAdjustmentSchema,
  LoyaltyEntriesQuerySchema,
  type LoyaltyAdjustment,
  type LoyaltyEntriesQuery,
} from '../../../shared/contracts/loyalty.js';
import type { AuthService } from '../auth/auth-service.js';
import type { ServiceContext } from '../core/context.js';
import { DispensaryRepository } from '../dispensaries/dispensary-repository.js';
import { dispensaryInScope } from '../dispensaries/dispensary-scope.js';
import { staffActor } from '../dispensaries/setup-actor.js';
import { CustomerPoints } from './customer-loyalty.js';
import { registerRefundPointsRoute } from './refund-points-route.js';

const PATH = '/v2.0/dispensary/:dispensaryShortName/customers/:id/loyalty';
type Params = { dispensaryShortName: string; id: string };
const ParamsSchema = Type.Object({ dispensaryShortName: Type.String(), id: Type.String({ maxLength: 64 }) });
const common = { tags: ['customers'], security: [{ bearer: [] }] };
const success = { resultCode: 'SUCCESS' as const, resultReason: null };

/**
 * A customer's loyalty points (README "Loyalty"): their balance, tier and ledger for whoever sells
 * (`customer:read`), and a manager's adjustment with a reason (`store:manage`, staff only); what a
 * refund of a sale would move of them (refund-points-route.ts).
 */
export function registerLoyaltyRoutes(app: FastifyInstance, ctx: ServiceContext, auth: AuthService): void {
  const points = new CustomerPoints(ctx.db, ctx.now);
  const dispensaries = new DispensaryRepository(ctx.db);
  registerRefundPointsRoute(app, ctx, auth);

  app.get<{ Params: Params; Querystring: LoyaltyEntriesQuery }>(
    PATH,
    {
      onRequest: auth.guard({ permission: 'customer:read' }),
      schema: {
        ...common,
        summary: "A customer's points: balance, what it is worth, tier, and the ledger newest first",
        params: ParamsSchema,
        querystring: LoyaltyEntriesQuerySchema,
        response: { 200: CustomerLoyaltyResponseSchema, ...failures(400, 401, 403, 404, 429) },
      },
    },
    async (request) => {
      const store = await dispensaryInScope(dispensaries, request.params.dispensaryShortName, request);
      return { ...success, loyalty: await points.view(store, request.params.id, request.query) };
    },
  );

  app.post<{ Params: Params; Body: LoyaltyAdjustment }>(
    `${PATH}/adjustments`,
    {
      onRequest: auth.guard({ permission: 'store:manage', staffOnly: true }),
      config: { consumes: ['application/json'] },
      schema: {
        ...common,
        summary: "A manager adds or takes off a customer's points, with a reason (ledger and audit trail)",
        params: ParamsSchema,
        body: LoyaltyAdjustmentSchema,
        response: { 200: CustomerLoyaltyResponseSchema, ...failures(400, 401, 403, 404, 409, 413, 415, 429) },
      },
    },
    async (request) => {
      const { dispensaryShortName, id } = request.params;
      const actor = staffActor(request.principal!);
      return { ...success, loyalty: await points.adjust(actor, dispensaryShortName, id, request.body) };
    },
  );
}
