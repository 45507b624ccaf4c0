/** What an authorization takes when it is captured. */
export interface CaptureAmount {
  /** Cents applied to the order. */
  amount: number;
  /** Cents taken in all: the amount, the tip and any cashback on top. */
  charged: number;
}

/**
 * What an authorization captures of its order's final `total` (the order's lines may have changed
 * since it was authorized, within what it authorized): what is left after the money its order's
 * other payments already took (`taken`), at most what it authorized; its tip on top. Null when
 * nothing is left for it to take.
 */
export function captureAmount(
  total: number,
  taken: number,
  authorization: { amount: number; tip: number; cashback: number },
): CaptureAmount | null {
  const amount = Math.min(authorization.amount, total - taken);
  if (amount <= 0) return null;
  return { amount, charged: amount + authorization.tip + authorization.cashback };
}
