import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type, type Static } from 'typebox';
import { ManagerApprovalSchema } from '../../../shared/contracts/cash.js';
import { failures } from '../../../shared/contracts/common.js';
import {
  PrintRequestSchema,
  PrintResultSchema,
  REGISTER_PARAMS,
  type PrintRequest,
} from '../../../shared/contracts/printers.js';
import type { AuthService } from '../auth/auth-service.js';
import type { QueueElsewhere } from '../pickup/queue-elsewhere.js';
import type { CashDrawers } from '../cash/cash-drawers.js';
import { DispensaryRepository } from '../dispensaries/dispensary-repository.js';
import type { ServiceContext } from '../core/context.js';
import { dispensaryInScope } from '../dispensaries/dispensary-scope.js';
import { namedDrawerActor } from '../cash/drawer-access.js';
import { PrintService } from './print-service.js';

const PATH = '/v2.0/dispensary/:dispensaryShortName/registers/:terminalId/printer';
const Params = Type.Object(REGISTER_PARAMS);
type Params = { dispensaryShortName: string; terminalId: string };
const common = { tags: ['printers'], security: [{ bearer: [] }] };

const OpenDrawerBody = Type.Object(
  {
    reason: Type.String({ minLength: 1, maxLength: 200, description: 'Why the drawer opens with no sale.' }),
    approval: Type.Optional(ManagerApprovalSchema),
  },
  { additionalProperties: false },
);

/**
 * A register's receipt printer: print a sale's receipt (or a reprint), a shift's X or Z report or a
 * test page, and open the cash drawer for a recorded no-sale. Staff at that register or a manager.
 * A printer that fails never fails the request: 200 with `printed: false` and the problem in words.
 */
export function registerPrinterRoutes(
  app: FastifyInstance,
  ctx: ServiceContext,
  auth: AuthService,
  drawers: Pick<CashDrawers, 'report' | 'movement'>,
  elsewhere?: QueueElsewhere,
): void {
  const dispensaries = new DispensaryRepository(ctx.db);
  const printing = new PrintService(
    { db: ctx.db, now: ctx.now, printerTimeoutMs: ctx.config.printerTimeoutMs, profiles: ctx.profiles },
    drawers,
    elsewhere,
  );
  const guard = auth.guard({ permission: 'payment:create', staffOnly: true });
  const at = async (request: FastifyRequest<{ Params: Params }>) => {
    const { terminalId } = request.params;
    const dispensary = await dispensaryInScope(dispensaries, request.params.dispensaryShortName, request);
    const drawer = await namedDrawerActor(auth.users, ctx.db, request.principal!, terminalId, 'printer');
    return { dispensary, terminalId, person: { drawer } };
  };
  const response = { 200: PrintResultSchema, ...failures(400, 401, 403, 404, 409, 413, 415, 429) };

  app.post<{ Params: Params; Body: PrintRequest }>(
    `${PATH}/print`,
    {
      onRequest: guard,
      config: { consumes: ['application/json'] },
      schema: {
        ...common,
        summary: "Print a sale's receipt, bag labels, a shift's report or a test page on the register's printer",
        description:
          'Exactly one of receipt {orderId, reprint?}, bagLabel {orderId, bags?} (a packed online order: one ' +
          'label a bag, its number as a Code 128 barcode), report {shiftId} or test: true. openDrawer: true kicks the ' +
          'cash drawer first (when the printer is set to open it on cash), only with the receipt of a sale that ' +
          "took or gave back cash in the register's open shift, and only the first time it reaches the printer: " +
          'asked with a test page, a report, a reprint or any other receipt, it is refused (403) and nothing ' +
          'prints; open the drawer otherwise with open-drawer (a recorded no-sale). printed: false with a ' +
          'problem when the printer did not take it; configured: false when the register has no printer.',
        params: Params,
        body: PrintRequestSchema,
        response,
      },
    },
    async (request) => {
      const { dispensary, terminalId, person } = await at(request);
      return printing.print(dispensary, terminalId, request.body, person);
    },
  );

  app.post<{ Params: Params; Body: Static<typeof OpenDrawerBody> }>(
    `${PATH}/open-drawer`,
    {
      onRequest: guard,
      config: { consumes: ['application/json'] },
      schema: {
        ...common,
        summary: 'Open the cash drawer with no sale: recorded as a no-sale on the open shift, then the drawer kick',
        params: Params,
        body: OpenDrawerBody,
        response,
      },
    },
    async (request) => {
      const { dispensary, terminalId, person } = await at(request);
      return printing.noSale(dispensary, terminalId, request.body, person.drawer);
    },
  );
}
