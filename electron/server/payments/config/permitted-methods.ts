import type { PaymentMethod, PaymentSession } from '../../../../shared/contracts/payment.js';
import { METHOD_PERMISSION } from '../../../../shared/permissions.js';
import type { Principal } from '../../core/principal.js';

/**
 * The methods `principal` may take (ACH needs invoice:create; cards, cashless ATM and cash
 * payment:create): the widget offers nothing its token would then be refused.
 */
export function permittedMethods<T extends { paymentMethod: PaymentMethod }>(
  methods: readonly T[],
  principal: Principal,
): T[] {
  return methods.filter((method) => principal.permissions.has(METHOD_PERMISSION[method.paymentMethod]));
}

/** An answer carrying a session, as `principal` sees it: only the methods it may take. */
export function withPermittedMethods<T extends { session: PaymentSession }>(answer: T, principal: Principal): T {
  const { session } = answer;
  return { ...answer, session: { ...session, methods: permittedMethods(session.methods, principal) } };
}
