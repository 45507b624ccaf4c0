import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { failures, SuccessFields } from '../../../shared/contracts/common.js';
import { ServicePayError } from '../../../shared/errors.js';
import { ROLES } from '../../../shared/permissions.js';
import type { ServiceContext } from '../core/context.js';
import type { AuthService } from './auth-service.js';
import { dummyHash, verifyPassword } from './passwords.js';
import type { Principal } from '../core/principal.js';
import type { UserRecord } from './users-repository.js';
import { roleLabel } from '../../../shared/labels.js';
import { AuditRepository } from '../core/audit-repository.js';
import { registerOf, unlockEvent } from './auth-audit.js';
import type { WriteWork } from '../db/data-layer.js';

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
  const audit = new AuditRepository(ctx.db);
  /** Records a refused unlock at `register`, alone or with `alongside` in one transaction. */
  const refused = (register: Principal, by: UserRecord | undefined, reason: string, alongside?: WriteWork<void>) =>
    ctx.db.write(async (tx) => {
      await alongside?.(tx);
      await audit.record(tx, unlockEvent('unlock_failed', register, by, reason, ctx.now()));
    });

  async function managerUnlock(username: string, password: string, register: Principal): Promise<UserRecord> {
    const now = ctx.now();
    const manager = await auth.users.find(ctx.db, username.trim().toLowerCase());
    if (manager?.lockedUntil && manager.lockedUntil > now.toISOString()) {
      await refused(register, manager, `${manager.username} is locked after failed sign-ins`);
      const retryAfterSeconds = Math.ceil((Date.parse(manager.lockedUntil) - now.getTime()) / 1000);
      throw new ServicePayError('RATE_LIMITED', `${manager.username} is locked after failed logins`, {
        retryAfterSeconds,
      });
    }
    const matches = await verifyPassword(password, manager?.passwordHash ?? (await dummyHash()));
    const ofRegister =
      manager?.organizationId === register.organizationId &&
      (manager.dispensaryId === null || manager.dispensaryId === register.dispensaryId);
    if (!manager || !matches || manager.disabled || !ofRegister) {
      const at = registerOf(register);
      if (manager && !matches) {
        const { maxFailures, lockSeconds } = ctx.config.login;
        const lockUntil = new Date(now.getTime() + lockSeconds * 1000);
        await refused(register, manager, `Wrong manager password at ${at}`, (tx) =>
          auth.users.recordFailure(tx, manager.id, maxFailures, now, lockUntil),
        );
      } else if (!manager) await refused(register, undefined, `Unknown manager username at ${at}`);
      else if (manager.disabled) await refused(register, manager, `${manager.username} is disabled`);
      else await refused(register, manager, `${manager.username} is not a manager of this store`);
      throw new ServicePayError('FORBIDDEN', 'the manager username or password is wrong');
    }
    if (!MANAGERS.has(manager.role)) {
      await refused(register, manager, `${manager.username} is not a manager (${roleLabel(manager.role)})`);
      throw new ServicePayError('FORBIDDEN', "only a manager or an admin can unlock another person's register");
    }
    return manager;
  }

  async function ownUnlock(token: string, register: Principal, password: string): Promise<UserRecord> {
    const { name: username, subjectId: userId } = register;
    const now = ctx.now();
    const waitUntil = await auth.tokens.unlockWaitUntil(ctx.db, token);
    const wait = waitUntil ? Math.ceil((Date.parse(waitUntil) - now.getTime()) / 1000) : 0;
    if (wait > 0) {
      throw new ServicePayError('RATE_LIMITED', `too many wrong passwords; try again in ${wait} s or ask a manager`, {
        retryAfterSeconds: wait,
      });
    }
    const user = await auth.users.find(ctx.db, username);
    const matches = await verifyPassword(password, user?.passwordHash ?? (await dummyHash()));
    if (!user || user.id !== userId || !matches) {
      const until = new Date(now.getTime() + WAIT_SECONDS * 1000);
      await refused(register, user, 'Wrong password', (tx) =>
        auth.tokens.recordWrongUnlock(tx, token, MAX_WRONG, now, until),
      );
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
        ? await ownUnlock(token, principal, password)
        : await managerUnlock(username, password, principal);
      // Unlocked by a manager: the register's own count of wrong passwords starts again too, and
      // the audit trail keeps who unlocked whose register.
      if (!own) {
        await ctx.db.write(async (tx) => {
          await auth.tokens.recordUnlock(tx, token);
          const reason = `Unlocked ${registerOf(principal)}`;
          await audit.record(tx, unlockEvent('manager_unlock', principal, user, reason, ctx.now()));
        });
      }
      return {
        resultCode: 'SUCCESS' as const,
        resultReason: null,
        unlockedBy: { username: user.username, displayName: user.displayName, role: user.role },
      };
    },
  );
}
