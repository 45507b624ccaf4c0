import type { OrderUpdatePayment } from '../../../shared/contracts/live';

/**
 * Who paid an online order this register was taking payment for, as its live update tells it:
 * this register (`here`: its counter or its pole display), another register (it hands the order
 * over), or no register (online, the back office: the order is paid, nobody is handing it over yet).
 */
export type PaidBy = 'here' | 'register' | 'elsewhere';

const REGISTER_CHANNELS: ReadonlySet<string> = new Set(['pos', 'ffd']);

/** Who took `payment`, seen from register `terminalId`. */
export function paidBy(payment: OrderUpdatePayment, terminalId: string): PaidBy {
  if (payment.terminalId === terminalId) return 'here';
  return REGISTER_CHANNELS.has(payment.channel) ? 'register' : 'elsewhere';
}

/** Where `payment` was taken, in words ("at register front-2", "online"). */
export function placeWords(payment: OrderUpdatePayment): string {
  if (REGISTER_CHANNELS.has(payment.channel)) {
    return payment.terminalId ? `at register ${payment.terminalId}` : 'at another register';
  }
  if (payment.channel === 'virtual_terminal') return 'on the back office’s virtual terminal';
  return 'online';
}

/**
 * What the register says when another payment paid the order it was taking payment for: nothing
 * more is taken here; another register hands it over, else it may be handed over here.
 */
export function paidElsewhereWords(orderNumber: string, payment: OrderUpdatePayment): string {
  const paid = `Order ${orderNumber} was paid ${placeWords(payment)} meanwhile: nothing more is taken here`;
  if (!REGISTER_CHANNELS.has(payment.channel)) return `${paid}. Hand it over when the customer is ready.`;
  return payment.terminalId ? `${paid}, and register ${payment.terminalId} hands it over.` : `${paid}.`;
}
