import type { FastifyBaseLogger } from 'fastify';
import type { Reservation } from '../catalog/stock-reservations.js';
import { ServicePayError } from '../../../shared/errors.js';
import type { AllowanceAsk, PurchasesElsewhere } from '../customers/purchases-elsewhere.js';
import type { DealUsesAsked } from '../../../shared/contracts/register-deal-uses.js';
import type { HoldResult, PointsAsk, StockHolder } from '../tickets/stock-holder.js';
import { holdAtServer, purchasesFromServer, releaseAtServer } from './server-client.js';
import type { ServerLink } from './server-link-repository.js';

/** The server's refusals of a hold that refuse the sale itself (the others leave the register to decide alone). */
const SALE_REFUSALS: ReadonlySet<string> = new Set(['PURCHASE_LIMIT', 'ID_NOT_VERIFIED']);

/**
 * An attached register's sales hold their units at the store server while it answers: the one
 * stock of every register and the ecommerce site; and their customer's allowance, so that two
 * registers (or a register and the ecommerce site) selling to one customer at once cannot both pass
 * the purchase limits. When the server does not answer (the link is down, or this request found it
 * down), the sale goes on from the register's own copy, as offline, and the register decides the
 * limits alone: a sale never waits on the network for longer than `serverWaitMs` (a second).
 */
export class RegisterStockHolder implements StockHolder {
  constructor(
    private readonly log: FastifyBaseLogger,
    /**
     * The link while the server answered its last check (read there, outside any write: a hold is
     * asked from inside the sale's write).
     */
    private readonly answering: () => ServerLink | null,
    /** How long a hold waits for the server (config `serverWaitMs`). */
    private readonly waitMs: number,
  ) {}

  ready(): boolean {
    return this.answering() !== null;
  }

  async hold(
    holdId: string,
    reservations: readonly Reservation[],
    allowance?: AllowanceAsk,
    points?: PointsAsk,
    deals?: DealUsesAsked,
  ): Promise<HoldResult> {
    const link = this.answering();
    if (!link) return { outcome: 'unasked' };
    try {
      const request = {
        holdId,
        reservations: [...reservations],
        ...(allowance ? { allowance } : {}),
        ...(points ? { points } : {}),
        ...(deals ? { deals } : {}),
      };
      const answer = await holdAtServer(link.serverUrl, link.registerId, link.secret, request, this.waitMs);
      if (!answer.held) return { outcome: 'short', available: answer.available ?? [] };
      const held: HoldResult = { outcome: 'held', purchases: answer.purchases ?? null, pointsHeld: answer.pointsHeld };
      // The uses left of the deals asked, at the server (README "Deals"; an older server does not say).
      if (deals && answer.deals) held.dealUses = answer.deals;
      return held;
    } catch (error) {
      // The server decided the sale may not be made (the customer's limits, their ID): as it said.
      if (error instanceof ServicePayError && SALE_REFUSALS.has(error.code)) throw error;
      // Reward dollars its customer's points do not cover there (README "Loyalty"): as it said.
      if (error instanceof ServicePayError && error.field === 'rewardDollars') throw error;
      // Held or not, the forwarded sale settles it: its reservation takes a hold it finds, and a
      // hold it does not take goes back when it expires.
      this.log.warn(
        { err: error },
        'the store server did not hold a sale’s stock; the sale goes on from this register’s copy',
      );
      return { outcome: 'unasked' };
    }
  }

  release(holdId: string): void {
    const link = this.answering();
    if (!link) return;
    releaseAtServer(link.serverUrl, link.registerId, link.secret, holdId).catch((error: unknown) =>
      this.log.warn({ err: error }, 'giving back a stock hold failed; it expires on the server'),
    );
  }
}

/**
 * A customer's purchases at the store server, for the limits at an attached register: the other
 * registers' and the ecommerce site's count too. When the server does not answer within `waitMs`,
 * the register counts what it knows (as offline; README "Selling offline").
 */
export function purchasesAtServer(
  log: FastifyBaseLogger,
  answering: () => ServerLink | null,
  waitMs: number,
): PurchasesElsewhere {
  return {
    ready: () => answering() !== null,
    lines: async (customerId, window) => {
      const link = answering();
      if (!link) return null;
      try {
        const query = { customerId, ...window };
        const answer = await purchasesFromServer(link.serverUrl, link.registerId, link.secret, query, waitMs);
        return answer.lines;
      } catch (error) {
        log.warn(
          { err: error },
          'the store server did not answer a customer’s purchases; the limits count this register’s',
        );
        return null;
      }
    },
  };
}
