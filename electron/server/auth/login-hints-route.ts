import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { SuccessFields } from '../../../shared/contracts/common.js';
import { ROLES } from '../../../shared/permissions.js';
import type { ServiceContext } from '../core/context.js';
import { DEMO_USERS } from './demo-logins.js';
import { UsersRepository } from './users-repository.js';

const LoginHints = Type.Object({
  ...SuccessFields,
  logins: Type.Array(Type.Object({ username: Type.String(), password: Type.String(), role: Type.Enum(ROLES) })),
});

/**
 * `GET /auth-v2/login-hints`: the demo logins, for the login screens of a service running on demo
 * data (`--demo`, or the app's first start). Empty otherwise, and for demo users someone removed.
 */
export function registerLoginHintsRoute(app: FastifyInstance, ctx: ServiceContext): void {
  const users = new UsersRepository(ctx.db);
  app.get(
    '/auth-v2/login-hints',
    {
      schema: { tags: ['auth'], summary: 'Demo logins to show on login screens', response: { 200: LoginHints } },
    },
    async () => {
      const enabled = ctx.config.demo
        ? new Set((await users.list(ctx.db)).filter((u) => !u.disabled).map((u) => u.username))
        : new Set();
      const logins = DEMO_USERS.filter((user) => enabled.has(user.username)).map(({ username, password, role }) => ({
        username,
        password,
        role,
      }));
      return { resultCode: 'SUCCESS' as const, resultReason: null, logins };
    },
  );
}
