import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { failures } from '../../../shared/contracts/common.js';
import {
  StateAdjustmentResponseSchema,
  StatePackageRecordResponseSchema,
  StateRecordResponseSchema,
  StateRecordsQuerySchema,
  StateRecordsResponseSchema,
  StateReportingInputSchema,
  StateReportingResponseSchema,
  type StateReportingInput,
} from '../../../shared/contracts/state-reporting.js';
import type { AuthService } from '../auth/auth-service.js';
import { staffActor } from '../dispensaries/setup-actor.js';
import { SETUP_PATH, success, type setupRoutes } from '../dispensaries/setup-route.js';
import type { StateReportingSetup } from './state-reporting-setup.js';

/**
 * Seed-to-sale reporting of a store, under `/v2.0/dispensary/<short>/setup/state-reporting`
 * (`store:manage`): its settings, the day's records (JSON and CSV) and the retry of a failed one.
 */
export function registerStateReportingRoutes(
  app: FastifyInstance,
  auth: AuthService,
  route: ReturnType<typeof setupRoutes>,
  reporting: StateReportingSetup,
): void {
  route(
    {
      method: 'GET',
      path: '/state-reporting',
      summary: "The store's state reporting (keys shown by their last 4 characters only)",
      response: StateReportingResponseSchema,
    },
    async ({ actor, params }) => success({ stateReporting: await reporting.view(actor, params.dispensaryShortName) }),
  );
  route<StateReportingInput>(
    {
      method: 'PUT',
      path: '/state-reporting',
      summary: "Set the store's state system (base URL, keys, licence number) and turn reporting on or off",
      description: 'Fields left out stay as they were. Nothing is sent until enabled is true.',
      body: StateReportingInputSchema,
      response: StateReportingResponseSchema,
    },
    async ({ actor, params, body }) =>
      success({ stateReporting: await reporting.set(actor, params.dispensaryShortName, body) }),
  );
  route(
    {
      method: 'GET',
      path: '/state-reporting/records',
      summary:
        "The state records written on one of the store's days, oldest first: sales, voids, refunds; package adjustments; deliveries received and packages moved",
      querystring: StateRecordsQuerySchema,
      response: StateRecordsResponseSchema,
    },
    async ({ actor, params, query }) =>
      success(await reporting.records(actor, params.dispensaryShortName, query.day as string | undefined)),
  );
  route(
    {
      method: 'POST',
      path: '/state-reporting/records/:recordId/retry',
      summary: 'Send a failed state record again (a fresh round of tries, starting now)',
      params: { recordId: Type.String({ maxLength: 100 }) },
      response: StateRecordResponseSchema,
    },
    async ({ actor, params }) =>
      success({ record: await reporting.retry(actor, params.dispensaryShortName, params.recordId!) }),
  );
  route(
    {
      method: 'POST',
      path: '/state-reporting/adjustments/:recordId/retry',
      summary: "Send a failed package adjustment's state record again (a fresh round of tries, starting now)",
      params: { recordId: Type.String({ maxLength: 100 }) },
      response: StateAdjustmentResponseSchema,
    },
    async ({ actor, params }) =>
      success({ adjustment: await reporting.retryAdjustment(actor, params.dispensaryShortName, params.recordId!) }),
  );
  route(
    {
      method: 'POST',
      path: '/state-reporting/package-records/:recordId/retry',
      summary: "Send a failed delivery's or package move's state record again (a fresh round of tries, starting now)",
      params: { recordId: Type.String({ maxLength: 100 }) },
      response: StatePackageRecordResponseSchema,
    },
    async ({ actor, params }) =>
      success({
        packageRecord: await reporting.retryPackageRecord(actor, params.dispensaryShortName, params.recordId!),
      }),
  );
  app.route({
    method: 'GET',
    url: `${SETUP_PATH}/state-reporting/records.csv`,
    onRequest: auth.guard({ permission: 'store:manage', staffOnly: true }),
    schema: {
      tags: ['setup'],
      summary: "The store day's state records as CSV (one row per package line)",
      security: [{ bearer: [] }],
      params: Type.Object({ dispensaryShortName: Type.String({ maxLength: 100 }) }),
      querystring: StateRecordsQuerySchema,
      produces: ['text/csv'],
      response: { 200: Type.String({ description: 'text/csv' }), ...failures(400, 401, 403, 404, 429) },
    },
    handler: async (request, reply) => {
      const { dispensaryShortName } = request.params as { dispensaryShortName: string };
      const { day } = request.query as { day?: string };
      const csv = await reporting.csv(staffActor(request.principal!), dispensaryShortName, day);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${csv.fileName}"`)
        .send(csv.text);
    },
  });
}
