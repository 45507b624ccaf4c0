import type { PaymentMethod } from '../../../../shared/contracts/payment.js';

/** The card the simulated PIN pad reads: what a real one reports (brand and last four only). */
export interface PresentedCard {
  brand: string;
  last4: string;
}

const CARDS: Record<PaymentMethod, PresentedCard> = {
  Credit: { brand: 'Visa', last4: '4242' },
  Debit: { brand: 'Mastercard Debit', last4: '8210' },
  ATM: { brand: 'Visa Debit', last4: '5556' },
  ACH: { brand: 'Bank account', last4: '6789' },
  Cash: { brand: 'Cash', last4: '0000' },
};

interface Waiting {
  timer: NodeJS.Timeout;
  card: PresentedCard;
  settle: (card: PresentedCard | null) => void;
}

/**
 * The simulated PIN pad: it "reads a card" `delayMs` after the prompt is shown, or as soon as it is
 * told one was presented (`presentCard`, the sandbox's tap). A cancel while it waits ends the wait
 * with no card, so no processor is ever called for that payment.
 */
export class PinPadSimulator {
  private readonly waiting = new Map<string, Waiting>();

  constructor(private readonly delayMs: number) {}

  /** Shows the prompt for `paymentId`; resolves with the card, or null when canceled first. */
  present(paymentId: string, method: PaymentMethod): Promise<PresentedCard | null> {
    this.cancel(paymentId);
    return new Promise((resolve) => {
      const settle = (card: PresentedCard | null) => {
        const current = this.waiting.get(paymentId);
        if (current) clearTimeout(current.timer);
        this.waiting.delete(paymentId);
        resolve(card);
      };
      const card = CARDS[method];
      const timer = setTimeout(() => settle(card), this.delayMs);
      this.waiting.set(paymentId, { timer, card, settle });
    });
  }

  /** Reads the card for `paymentId` now, as if the customer tapped it; false when not waiting for it. */
  presentCard(paymentId: string): boolean {
    const current = this.waiting.get(paymentId);
    if (!current) return false;
    current.settle(current.card);
    return true;
  }

  /** Ends the wait for `paymentId` with no card; false when the PIN pad was not waiting for it. */
  cancel(paymentId: string): boolean {
    const current = this.waiting.get(paymentId);
    if (!current) return false;
    current.settle(null);
    return true;
  }

  /** True while the PIN pad waits for a card for `paymentId`. */
  isWaiting(paymentId: string): boolean {
    return this.waiting.has(paymentId);
  }

  /** Cancels every wait (the service is closing). */
  close(): void {
    for (const id of [...this.waiting.keys()]) this.cancel(id);
  }
}
