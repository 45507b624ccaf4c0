import { ApiError } from '../../common/http';

/**
 * Why the register did not unlock, for the cashier (or the manager unlocking it, `manager`): a
 * wrong password, a lockout with how long to wait, a login that may not unlock it.
 */
export function unlockRefusal(failure: unknown, manager: boolean): string {
  if (!(failure instanceof ApiError)) return 'The register could not be unlocked. Try again.';
  if (failure.status === 429) {
    const wait = failure.retryAfterSeconds ? ` in ${failure.retryAfterSeconds} seconds` : ' later';
    return manager
      ? `That manager login is locked after failed attempts; try again${wait}.`
      : `Too many wrong passwords. Try again${wait}, or ask a manager to unlock the register.`;
  }
  if (failure.status === 403 && manager) {
    return /only a manager/.test(failure.message)
      ? 'Only a manager or an admin can unlock this register.'
      : 'That manager username or password is not right.';
  }
  if (failure.status === 403) return 'That password is not right. Try again, or ask a manager to unlock.';
  return failure.message;
}
