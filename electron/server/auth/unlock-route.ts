import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { failures, SuccessFields } from '../../../shared/contracts/common.js';
import { ServicePayError } from '../../../shared/errors.js';
import { ROLES } from '../../../shared/permissions.js';
import type { ServiceContext } from '../context.js';
import type { AuthService } from './auth-service.js';
import { DUMMY_HASH_PROMISE, verifyPassword } from './passwords.js';
import type { Principal } from './principal.js';
import type { UserRecord } from './users-repository.js';

/** Wrong own passwords on one locked register before it waits (a manager can still unlock it). */
const MAX_WRONG = 5;
const WAIT_SECONDS = 60;
const MANAGERS = new Set(['manager', 'admin']);

const UnlockRequest = Type.Object(
  {
    password: Type.String({ minLength: 1, maxLength: 1024 }),
    username: Type.Optional(
      Type.String({ minLength: 1, maxLength: 64, description: 'A manager or admin unlocking; omit for your own.' }),
    ),
  },
  { additionalProperties: false },
);

const UnlockResponse = Type.Object({
  ...SuccessFields,
  unlockedBy: Type.Object({ username: Type.String(), displayName: Type.String(), role: Type.Enum(ROLES) }),
});

/**
 * `POST /auth-v2/unlock`: unlocks a locked register (its session's bearer token) with the
 * signed-in user's own password, or with a manager's or admin's username and password. Unlocking
 * is not a login: a wrong own password never counts towards locking the account (the cashier can
 * still sign in elsewhere) and the open sale is never held; after five in a row the register waits
 * a minute, while a manager can unlock it at once. The count is kept on the session's token row, so
 * every service instance sees it. A manager's wrong password counts against the manager's account as
 * a login would, and only a manager of the register's organization (and store) may unlock it.
 */
export function registerUnlockRoute(app: FastifyInstance, ctx: ServiceContext, auth: AuthService): void {
  async function managerUnlock(username: string, password: string, register: Principal): Promise<UserRecord> {
    const now = ctx.now();
    const manager = await auth.users.find(ctx.db, username.trim().toLowerCase());
    if (manager?.lockedUntil && manager.lockedUntil > now.toISOString()) {
      const retryAfterSeconds = Math.ceil((Date.parse(manager.lockedUntil) - now.getTime()) / 1000);
      throw new ServicePayError('RATE_LIMITED', `${manager.username} is locked after failed logins`, {
        retryAfterSeconds,
      });
    }
    const matches = await verifyPassword(password, manager?.passwordHash ?? (await DUMMY_HASH_PROMISE));
    const ofRegister =
      manager?.organizationId === register.organizationId &&
      (manager.dispensaryId === null || manager.dispensaryId === register.dispensaryId);
    if (!manager || !matches || manager.disabled || !ofRegister) {
      if (manager && !matches) {
        const { maxFailures, lockSeconds } = ctx.config.login;
        const lockUntil = new Date(now.getTime() + lockSeconds * 1000);
        await ctx.db.write((tx) => auth.users.recordFailure(tx, manager.id, maxFailures, now, lockUntil));
      }
      throw new ServicePayError('FORBIDDEN', 'the manager username or password is wrong');
    }
    if (!MANAGERS.has(manager.role)) {
      throw new ServicePayError('FORBIDDEN', "only a manager or an admin can unlock another person's register");
    }
    return manager;
  }

  async function ownUnlock(token: string, username: string, userId: string, password: string): Promise<UserRecord> {
    const now = ctx.now();
    const waitUntil = await auth.tokens.unlockWaitUntil(ctx.db, token);
    const wait = waitUntil ? Math.ceil((Date.parse(waitUntil) - now.getTime()) / 1000) : 0;
    if (wait > 0) {
      throw new ServicePayError('RATE_LIMITED', `too many wrong passwords; try again in ${wait} s or ask a manager`, {
        retryAfterSeconds: wait,
      });
    }
    const user = await auth.users.find(ctx.db, username);
    const matches = await verifyPassword(password, user?.passwordHash ?? (await DUMMY_HASH_PROMISE));
    if (!user || user.id !== userId || !matches) {
      const until = new Date(now.getTime() + WAIT_SECONDS * 1000);
      await ctx.db.write((tx) => auth.tokens.recordWrongUnlock(tx, token, MAX_WRONG, now, until));
      throw new ServicePayError('FORBIDDEN', 'the password is wrong');
    }
    await ctx.db.write((tx) => auth.tokens.recordUnlock(tx, token));
    return user;
  }

  app.post<{ Body: { password: string; username?: string } }>(
    '/auth-v2/unlock',
    {
      onRequest: auth.guard({ staffOnly: true }),
      config: { consumes: ['application/json'] },
      schema: {
        tags: ['auth'],
        summary: "Unlock a locked register: the user's own password, or a manager's login",
        security: [{ bearer: [] }],
        body: UnlockRequest,
        response: { 200: UnlockResponse, ...failures(400, 401, 403, 415, 429) },
      },
    },
    async (request) => {
      const principal = request.principal!;
      const { password, username } = request.body;
      const own = !username || username.trim().toLowerCase() === principal.name;
      const token = auth.bearerToken(request);
      const user = own
        ? await ownUnlock(token, principal.name, principal.subjectId, password)
        : await managerUnlock(username, password, principal);
      // Unlocked by a manager: the register's own count of wrong passwords starts again too.
      if (!own) await ctx.db.write((tx) => auth.tokens.recordUnlock(tx, token));
      return {
        resultCode: 'SUCCESS' as const,
        resultReason: null,
        unlockedBy: { username: user.username, displayName: user.displayName, role: user.role },
      };
    },
  );
}
