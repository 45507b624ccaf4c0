import type { Dispensary } from '../dispensaries/dispensary.js';
import { etaMessage, pickupWindow } from './eta.js';

/** A new order's promise: the customer's sentence, and the instant it is promised ready (null: none). */
export interface Eta {
  eta: string;
  promisedAt: string | null;
}

/**
 * The eta depends only on the store and the current minute, and computing it takes several
 * time-zone conversions; tickets created within the same minute share one computation.
 */
export class EtaCache {
  private readonly entries = new Map<string, { minute: number; eta: Eta }>();

  of(dispensary: Dispensary, now: Date): Eta {
    const minute = Math.floor(now.getTime() / 60_000);
    const cached = this.entries.get(dispensary.id);
    if (cached && cached.minute === minute) return cached.eta;
    const window = pickupWindow(now, dispensary.timezone, dispensary.openingHours, dispensary.preparationMinutes);
    const eta = {
      eta: etaMessage(now, dispensary.timezone, window, dispensary.name),
      promisedAt: window ? window.readyAt.toISOString() : null,
    };
    this.entries.set(dispensary.id, { minute, eta });
    return eta;
  }
}
