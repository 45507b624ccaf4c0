/** A register's own sale that was being paid (made, not finished), kept across a reload or a sign-out. */
export interface LeftCheckout {
  orderId: string;
  orderNumber: string;
}

const keyOf = (terminalId: string) => `servicepay.pos.checkout.${terminalId}`;

/** The sale register `terminalId` was paying when its window last closed, if any (what this computer keeps). */
export function loadLeft(terminalId: string, storage: Pick<Storage, 'getItem'> = localStorage): LeftCheckout | null {
  try {
    const kept = JSON.parse(storage.getItem(keyOf(terminalId)) ?? 'null') as Partial<LeftCheckout> | null;
    return typeof kept?.orderId === 'string' && typeof kept.orderNumber === 'string'
      ? { orderId: kept.orderId, orderNumber: kept.orderNumber }
      : null;
  } catch {
    return null;
  }
}

/** Keeps (or, with null, forgets) the sale register `terminalId` is paying. */
export function saveLeft(
  terminalId: string,
  left: LeftCheckout | null,
  storage: Pick<Storage, 'setItem' | 'removeItem'> = localStorage,
): void {
  if (left) storage.setItem(keyOf(terminalId), JSON.stringify(left));
  else storage.removeItem(keyOf(terminalId));
}
