/**
 * The Idempotency-Key of one refund attempt. The same request sent again (a double click, a retry
 * after the service did not answer) goes with the same key, so the service gives the money back
 * once; another amount, reason or choice of items, or a new try after the service answered (refused, declined), is a
 * new attempt with a new key (the service keeps a key's answer for good).
 */
export class RefundAttempt {
  private key = '';
  private request = '';

  constructor(private readonly newKey: () => string = () => crypto.randomUUID()) {}

  /** The key to send `request` with. */
  keyFor(request: {
    paymentId: string;
    amount: number;
    reason: string;
    /** A refund by items: what comes back, and whether it goes back in stock. */
    lines?: readonly { itemId: string; quantity: number }[];
    restock?: boolean;
    /** A return split over payments: the others and what each gives back. */
    rest?: readonly { paymentId: string; amount: number }[];
  }): string {
    const items = request.lines ? [request.lines.map((line) => [line.itemId, line.quantity]), !!request.restock] : [];
    if (request.rest) items.push(request.rest.map((part) => [part.paymentId, part.amount]));
    const text = JSON.stringify([request.paymentId, request.amount, request.reason, ...items]);
    if (text !== this.request || this.key === '') {
      this.request = text;
      this.key = this.newKey();
    }
    return this.key;
  }

  /** The service answered the attempt: whatever is sent next is a new attempt. */
  answered(): void {
    this.key = '';
  }
}
