import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { AuditDaySchema } from '../../../shared/contracts/audit.js';
import { failures } from '../../../shared/contracts/common.js';
import type { AuthService } from '../auth/auth-service.js';
import { DispensaryRepository } from '../dispensaries/dispensary-repository.js';
import type { ServiceContext } from '../core/context.js';
import { dispensaryInScope } from '../dispensaries/dispensary-scope.js';
import { AuditRepository } from '../core/audit-repository.js';
import { auditDay } from './audit-trail.js';

const DayQuery = Type.Object({
  dispensaryShortName: Type.String({ minLength: 1, maxLength: 10 }),
  date: Type.Optional(
    Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: "The store's date; default today." }),
  ),
});

/** `GET /v2.0/audit`: a store's day of the audit trail, for managers and admins (`audit:read`). */
export function registerAuditRoutes(app: FastifyInstance, ctx: ServiceContext, auth: AuthService): void {
  const audit = new AuditRepository(ctx.db);
  const dispensaries = new DispensaryRepository(ctx.db);
  app.get<{ Querystring: { dispensaryShortName: string; date?: string } }>(
    '/v2.0/audit',
    {
      onRequest: auth.guard({ permission: 'audit:read', staffOnly: true }),
      schema: {
        tags: ['audit'],
        summary: "A store's day of the audit trail (voids, refunds, cancels, refused sign-ins and unlocks)",
        security: [{ bearer: [] }],
        querystring: DayQuery,
        response: { 200: AuditDaySchema, ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { dispensaryShortName, date } = request.query;
      const dispensary = await dispensaryInScope(dispensaries, dispensaryShortName, request);
      return auditDay(ctx.db, audit, dispensary, date, ctx.now());
    },
  );
}
