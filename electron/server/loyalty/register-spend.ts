import type { LoyaltyProgramme } from '../../../shared/contracts/loyalty.js';
import { invalidInput } from '../../../shared/errors.js';
import type { RewardAsked } from '../../../shared/loyalty/points.js';
import { formatMoney } from '../../../shared/money.js';
import type { Queryable } from '../db/query.js';

/**
 * How the points a sale spends stand with a store server (app.ts wires it): on an attached register,
 * a sale holds them at its server with its units (README "Loyalty"); one whose points were not held
 * there (the server did not answer the hold in time, or at all) spends at most the programme's
 * offline cap, whatever the link's monitor says.
 */
export interface RegisterPoints {
  /** Whether this node is a register attached to a store server (`q`: the caller's transaction). */
  attached(q: Queryable): Promise<boolean>;
  /** Whether its server answers now: a quote is checked as its sale would be (held there while it answers). */
  answers(): boolean;
}

/** A standalone register or a store server: its ledger is its own, nothing is capped. */
export const NOT_ATTACHED: RegisterPoints = { attached: () => Promise.resolve(false), answers: () => true };

/**
 * Refuses in words reward dollars over the programme's offline cap that an attached register spends
 * without its server holding their points (`held`: whether the sale's points were held there; null,
 * a quote: as its sale would be now). Such a sale cannot see points spent elsewhere meanwhile. What
 * the sale takes is capped; the words name what was asked too, when more.
 */
export async function checkOfflineCap(
  register: RegisterPoints,
  q: Queryable,
  programme: LoyaltyProgramme,
  reward: RewardAsked,
  held: boolean | null,
): Promise<void> {
  if (reward.takes <= programme.offlineSpendCents || (held ?? register.answers())) return;
  if (!(await register.attached(q))) return;
  const asked =
    reward.asked > reward.takes
      ? `${formatMoney(reward.asked)} was asked, this sale takes ${formatMoney(reward.takes)} of them`
      : `${formatMoney(reward.takes)} was asked`;
  throw invalidInput(
    'rewardDollars',
    `may be at most ${formatMoney(programme.offlineSpendCents)} a sale while this register cannot reach its ` +
      `store server (${asked}): it cannot see points spent elsewhere meanwhile`,
  );
}
