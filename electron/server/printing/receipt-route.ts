import type { FastifyInstance } from 'fastify';
import { Type, type Static } from 'typebox';
import { failures } from '../../../shared/contracts/common.js';
import { ReceiptQuerySchema, ReceiptResponseSchema, type ReceiptResponse } from '../../../shared/contracts/receipts.js';
import type { AuthService } from '../auth/auth-service.js';
import { DispensaryRepository } from '../dispensaries/dispensary-repository.js';
import type { ServiceContext } from '../core/context.js';
import { dispensaryInScope } from '../dispensaries/dispensary-scope.js';
import { SaleReceipts } from './sale-receipts.js';

const Params = Type.Object({ dispensaryShortName: Type.String(), orderId: Type.String({ format: 'uuid' }) });

/**
 * `GET /v2.0/dispensary/<short>/orders/<id>/receipt[?reprint=1]`: a sale's receipt as the service
 * lays it out, for the print dialog of the POS and the back office; the receipt printer prints the
 * same. Staff who sell at that store (cashiers, managers, admins): a pole display or a partner may not.
 */
export function registerReceiptRoute(app: FastifyInstance, ctx: ServiceContext, auth: AuthService): void {
  const dispensaries = new DispensaryRepository(ctx.db);
  const receipts = new SaleReceipts(ctx.db, ctx.now, ctx.profiles);
  app.get<{ Params: Static<typeof Params>; Querystring: Static<typeof ReceiptQuerySchema> }>(
    '/v2.0/dispensary/:dispensaryShortName/orders/:orderId/receipt',
    {
      onRequest: auth.guard({ permission: 'ticket:create', staffOnly: true }),
      schema: {
        tags: ['printers'],
        security: [{ bearer: [] }],
        summary: "A sale's receipt, laid out for printing",
        description:
          'The lines the receipt prints: the store and its state licence, the order, its lines with their ' +
          'package tags, the totals and payments; where the store sells under state rules, each line’s ' +
          'cannabis weight (THC for edibles, drinks, tinctures and capsules), the taxes by layer, the ' +
          'customer’s type and the state’s warning. reprint=1 marks a copy.',
        params: Params,
        querystring: ReceiptQuerySchema,
        response: { 200: ReceiptResponseSchema, ...failures(400, 401, 403, 404, 429) },
      },
    },
    async (request): Promise<ReceiptResponse> => {
      const dispensary = await dispensaryInScope(dispensaries, request.params.dispensaryShortName, request);
      const receipt = await receipts.document(dispensary, request.params.orderId, request.query.reprint === '1');
      return { resultCode: 'SUCCESS', resultReason: null, receipt };
    },
  );
}
