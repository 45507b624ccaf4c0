import type { Command } from 'commander';
import { ServicePayError } from '../../../shared/errors.js';
import { pointsCount } from '../../../shared/loyalty/loyalty-words.js';
import { storeStamp } from '../../../shared/store-time.js';
import { NodeRole } from '../../server/core/node-role.js';
import type { Dispensary } from '../../server/dispensaries/dispensary.js';
import { PointsExpiry, type ExpiredBalance } from '../../server/loyalty/points-expiry.js';
import { OPERATOR } from '../../server/setup/store-setup.js';
import { action, plainSpaces, table } from '../cli-context.js';

/** Who lost (or would lose) how many points, in words, then each customer. */
function describe(store: Dispensary, balances: readonly ExpiredBalance[], dryRun: boolean): string {
  const { expiryMonths = 0, enabled } = store.loyalty;
  if (!enabled) return `${store.name}: the loyalty programme is off; no points expire.`;
  if (expiryMonths === 0) return `${store.name}: points never expire (loyalty set --expiry-months to change it).`;
  const points = balances.reduce((sum, each) => sum + each.points, 0);
  const customers = `${balances.length} customer${balances.length === 1 ? '' : 's'}`;
  const months = `${expiryMonths} month${expiryMonths === 1 ? '' : 's'}`;
  const lead =
    balances.length === 0
      ? `${store.name}: no points are due to expire (${months} without a visit).`
      : `${store.name}: ${pointsCount(points)} of ${customers} ${dryRun ? 'would expire' : 'expired'} ` +
        `after ${months} without a visit.` +
        (dryRun ? ' Nothing was written (--dry-run).' : '');
  if (balances.length === 0) return lead;
  const rows = balances.map((each) => ({
    customer: each.name,
    points: pointsCount(each.points),
    'last visit': plainSpaces(storeStamp(each.lastVisit, store.timezone)),
  }));
  return [lead, table(rows, ['customer', 'points', 'last visit'])].join('\n');
}

/** `servicepay loyalty expire`: points past the store's expiry, now rather than at the next midnight. */
export function registerLoyaltyExpireCommand(loyalty: Command): void {
  loyalty
    .command('expire')
    .description(
      'Expire the points of customers who have not visited for the programme’s months (the service does it every night)',
    )
    .requiredOption('--dispensary <short>', 'short name of the dispensary')
    .option('--dry-run', 'say who would lose how many points, and write nothing')
    .addHelpText('after', '\nExample:\n  $ servicepay loyalty expire --dispensary demo --dry-run')
    .action(
      action(async (cli, o: { dispensary: string; dryRun?: boolean }) => {
        if (await new NodeRole(cli.db).isRegister()) {
          throw new ServicePayError(
            'CONFLICT',
            'this register is attached to a store server: its server expires points, and the register gets its ledger',
          );
        }
        const store = await cli.setup.access.store(OPERATOR, o.dispensary);
        const dryRun = o.dryRun === true;
        const expired = await new PointsExpiry(cli.db, () => new Date()).ofStore(store, dryRun);
        cli.print({ resultCode: 'SUCCESS', resultReason: null, dryRun, expired }, describe(store, expired, dryRun));
      }),
    );
}
