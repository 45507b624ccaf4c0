import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { failures, SuccessFields } from '../../../shared/contracts/common.js';
import { Count } from '../../../shared/numbers.js';
import { ServicePayError } from '../../../shared/errors.js';
import { PERMISSIONS, ROLES } from '../../../shared/permissions.js';
import { isTerminalId } from '../../../shared/terminal-id.js';
import type { ServiceContext } from '../core/context.js';
import type { AuthService } from './auth-service.js';
import { LoginService } from './login-service.js';
import { dummyHash } from './passwords.js';

const TokenFields = {
  ...SuccessFields,
  token: Type.String({ description: 'Bearer token for the Authorization header.' }),
  tokenType: Type.Literal('Bearer'),
  expiresAt: Type.String({ format: 'date-time' }),
  expiresIn: Count('Seconds until the token expires.'),
};

const LoginResponse = Type.Object({
  ...TokenFields,
  user: Type.Object({
    id: Type.String({ format: 'uuid' }),
    username: Type.String(),
    displayName: Type.String(),
    role: Type.Enum(ROLES),
    permissions: Type.Array(Type.Enum(PERMISSIONS)),
    organizationId: Type.String({ format: 'uuid' }),
    dispensaryId: Type.Union([Type.String(), Type.Null()], {
      description: 'The one store the user works at; null when the user may act for every store of the organization.',
    }),
    employeeReferenceId: Type.Union([Type.String(), Type.Null()]),
  }),
});

const ExchangeResponse = Type.Object({
  ...TokenFields,
  partner: Type.Object({ certId: Type.String(), name: Type.String(), organizationId: Type.String() }),
  role: Type.Union([Type.Literal('integration'), Type.Literal('shopper')], {
    description:
      'What the token acts as: the partner (integration), or its shopper\'s browser (the JWT\'s scope "shopper")',
  }),
});

/** `POST /auth-v2/login` (spec 4.2), `POST /auth-v2/logout` and `POST /auth-v3/token` (partners). */
export function registerAuthRoutes(app: FastifyInstance, ctx: ServiceContext, auth: AuthService): void {
  const logins = new LoginService(ctx, auth);
  // Hashed now, off the first login's time (an unknown name must take as long as a wrong password).
  void dummyHash();

  app.post<{ Body: string; Headers: { 'x-application'?: string; 'x-terminal-id'?: string } }>(
    '/auth-v2/login',
    {
      config: { consumes: ['text/plain'] },
      schema: {
        tags: ['auth'],
        summary: 'Staff login (v2)',
        consumes: ['text/plain'],
        description:
          'The body is the base64 encoding of {"username","password"}, sent as text/plain. ' +
          'Five failures in a row lock the account for 15 minutes (429).',
        headers: Type.Object({
          'x-application': Type.String({ description: 'A registered application name.' }),
          'x-terminal-id': Type.Optional(
            Type.String({ description: 'The register this login is made at (`front-1`); kept with the session.' }),
          ),
        }),
        body: Type.String({ description: 'base64 of {"username":"…","password":"…"}' }),
        response: { 200: LoginResponse, ...failures(400, 401, 413, 415, 429) },
      },
      // The header is checked by the login itself, so its absence is a 401 rather than a schema 400.
      attachValidation: true,
    },
    async (request) => {
      // A terminal id that breaks the rule is ignored: it only names the register in the audit trail.
      const terminal = request.headers['x-terminal-id'];
      const terminalId = typeof terminal === 'string' && isTerminalId(terminal) ? terminal : null;
      return logins.login(request.headers['x-application'], request.body, terminalId);
    },
  );

  app.post(
    '/auth-v2/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'Revoke the bearer token presented',
        security: [{ bearer: [] }],
        response: { 200: Type.Object(SuccessFields), ...failures(401) },
      },
    },
    async (request) => {
      if (!(await logins.logout(auth.bearerToken(request)))) {
        throw new ServicePayError('UNAUTHENTICATED', 'bearer token is not valid (unknown or already revoked)');
      }
      return { resultCode: 'SUCCESS' as const, resultReason: null };
    },
  );

  app.post(
    '/auth-v3/token',
    {
      schema: {
        tags: ['auth'],
        summary: 'Exchange a partner JWT (v3) for an access token',
        description:
          'Authorization: Bearer <JWT signed by the partner key>. Each JWT is accepted once. A JWT with the ' +
          'claim `"scope": "shopper"` gives a token for a shopper\'s browser: it pays and cancels its payments, nothing else.',
        security: [{ bearer: [] }],
        response: { 200: ExchangeResponse, ...failures(401, 429) },
      },
    },
    async (request) => logins.exchange(auth.bearerToken(request)),
  );
}
