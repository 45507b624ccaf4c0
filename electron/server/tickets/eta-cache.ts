import type { Dispensary } from '../dispensaries/dispensary.js';
import { etaMessage, pickupWindow } from './eta.js';

/**
 * The eta sentence depends only on the store and the current minute, and computing it takes several
 * time-zone conversions; tickets created within the same minute share one computation.
 */
export class EtaCache {
  private readonly entries = new Map<string, { minute: number; message: string }>();

  message(dispensary: Dispensary, now: Date): string {
    const minute = Math.floor(now.getTime() / 60_000);
    const cached = this.entries.get(dispensary.id);
    if (cached && cached.minute === minute) return cached.message;
    const window = pickupWindow(now, dispensary.timezone, dispensary.openingHours, dispensary.preparationMinutes);
    const message = etaMessage(now, dispensary.timezone, window, dispensary.name);
    this.entries.set(dispensary.id, { minute, message });
    return message;
  }
}
