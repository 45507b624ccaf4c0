import type { FastifyInstance } from 'fastify';
import { failures } from '../../../shared/contracts/common.js';
import { TerminalClientRequestSchema, TerminalClientResponseSchema } from '../../../shared/contracts/display.js';
import type { ServiceContext } from '../core/context.js';
import type { AuthService } from './auth-service.js';
import { TERMINAL_CLIENT_PREFIX } from './api-clients-repository.js';
import { writeChangingCached } from '../db/epoch-cache.js';

/**
 * `POST /auth-v2/terminal-client`: a signed-in staff user enrolls the terminal they work at and
 * receives API client credentials for it, which the ticket API needs beside the bearer token. The
 * POS and back-office windows call it right after login; enrolling again replaces the credentials.
 * Staff only (partners hold their own clients), and only users who may create tickets.
 */
export function registerTerminalClientRoutes(app: FastifyInstance, ctx: ServiceContext, auth: AuthService): void {
  app.post<{ Body: { terminalId: string } }>(
    '/auth-v2/terminal-client',
    {
      onRequest: auth.guard({ permission: 'ticket:create', staffOnly: true }),
      config: { consumes: ['application/json'] },
      schema: {
        tags: ['auth'],
        summary: "Enroll a terminal: API client credentials for a staff user's POS window",
        security: [{ bearer: [] }],
        body: TerminalClientRequestSchema,
        response: { 200: TerminalClientResponseSchema, ...failures(400, 401, 403, 415) },
      },
    },
    async (request) => {
      const { terminalId } = request.body;
      const { organizationId, dispensaryId } = request.principal!;
      // A store-level login enrolls a terminal of its store: the client is limited to that store.
      // The session works at this terminal from now on: the audit trail names it.
      const token = auth.bearerToken(request);
      const issued = await writeChangingCached(ctx.db, async (tx) => {
        await auth.tokens.setTerminal(tx, token, terminalId);
        return auth.clients.replaceNamed(
          tx,
          { organizationId, dispensaryId, name: `${TERMINAL_CLIENT_PREFIX}${terminalId}` },
          ctx.now(),
        );
      });
      return {
        resultCode: 'SUCCESS' as const,
        resultReason: null,
        clientId: issued.clientId,
        clientSecret: issued.clientSecret,
        terminalId,
      };
    },
  );
}
