import { describe, expect, it } from 'vitest';
import type { Queryable } from '../../../electron/server/db/query.js';
import { checkOfflineCap, type RegisterPoints } from '../../../electron/server/loyalty/register-spend.js';
import { DEFAULT_LOYALTY } from '../../../shared/contracts/loyalty.js';

// An attached register whose server did not hold a sale's points spends at most the offline cap
// (README "Loyalty"): the cap is on what the sale takes, the words name what was asked.
const unheard: RegisterPoints = { attached: () => Promise.resolve(true), answers: () => false };
const programme = { ...DEFAULT_LOYALTY, enabled: true, offlineSpendCents: 2000 };
const q = {} as Queryable;
const TAIL = ': it cannot see points spent elsewhere meanwhile';

describe('the offline cap of reward dollars', () => {
  it('refuses what the sale takes over the cap, naming what was asked and what the sale takes of it', async () => {
    await expect(checkOfflineCap(unheard, q, programme, { asked: 5000, takes: 2600 }, false)).rejects.toMatchObject({
      message:
        'rewardDollars may be at most $20.00 a sale while this register cannot reach its store server ' +
        `($50.00 was asked, this sale takes $26.00 of them)${TAIL}`,
    });
    await expect(checkOfflineCap(unheard, q, programme, { asked: 2600, takes: 2600 }, false)).rejects.toMatchObject({
      message: `rewardDollars may be at most $20.00 a sale while this register cannot reach its store server ($26.00 was asked)${TAIL}`,
    });
  });

  it('lets through a sale that takes no more than the cap, however much was asked', async () => {
    await expect(checkOfflineCap(unheard, q, programme, { asked: 5000, takes: 2000 }, false)).resolves.toBeUndefined();
  });
});
