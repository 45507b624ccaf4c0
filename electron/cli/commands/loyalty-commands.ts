import type { Command } from 'commander';
import type { CustomerLoyalty, LoyaltyProgramme, LoyaltyProgrammeUpdate } from '../../../shared/contracts/loyalty.js';
import { invalidInput, ServicePayError } from '../../../shared/errors.js';
import { expiresWords } from '../../../shared/loyalty/expiry.js';
import { LOYALTY_KIND_LABELS, pointsWords, programmeWords } from '../../../shared/loyalty/loyalty-words.js';
import { tierProblems } from '../../../shared/loyalty/points.js';
import { storeStamp } from '../../../shared/store-time.js';
import { Customers } from '../../server/customers/customers.js';
import type { Dispensary } from '../../server/dispensaries/dispensary.js';
import { CustomerPoints } from '../../server/loyalty/customer-loyalty.js';
import { OPERATOR } from '../../server/setup/store-setup.js';
import { dollarsAsCents } from '../arguments.js';
import { action, plainSpaces, renamed, table, type CliContext } from '../cli-context.js';
import { registerLoyaltyExpireCommand } from './loyalty-expire-command.js';
import { categoriesOf, tierOf } from './loyalty-options.js';

const DISPENSARY = ['--dispensary <short>', 'short name of the dispensary'] as const;
const SUCCESS = { resultCode: 'SUCCESS', resultReason: null } as const;
const FIELDS = {
  points: 'The points to add or take off',
  reason: '--reason',
  'loyalty.tiers': '--tier',
  'loyalty.excludedTypes': '--exclude',
  'loyalty.offlineSpendCents': '--offline-spend',
  'loyalty.pointsPerDollar': '--points-per-dollar',
  'loyalty.pointsPerRewardDollar': '--reward-dollar-points',
  'loyalty.expiryMonths': '--expiry-months',
};

interface ProgrammeOptions {
  dispensary: string;
  on?: boolean;
  off?: boolean;
  pointsPerDollar?: string;
  rewardDollarPoints?: string;
  exclude?: string;
  tier?: string[];
  offlineSpend?: string;
  expiryMonths?: string;
}

/** A whole number as typed, or refused in words naming `field`. */
function whole(text: string, field: string): number {
  const value = Number(text.trim());
  if (text.trim() === '' || !Number.isInteger(value))
    throw invalidInput(field, `must be a whole number, not "${text}"`);
  return value;
}

/** What the options change of the programme (what is not given stays). */
function programmeChange(o: ProgrammeOptions): LoyaltyProgrammeUpdate {
  if (o.on && o.off) throw invalidInput('--on', 'and --off: give one, not both');
  const change: LoyaltyProgrammeUpdate = {};
  if (o.on || o.off) change.enabled = o.on === true;
  if (o.pointsPerDollar !== undefined) change.pointsPerDollar = whole(o.pointsPerDollar, 'loyalty.pointsPerDollar');
  if (o.rewardDollarPoints !== undefined) {
    change.pointsPerRewardDollar = whole(o.rewardDollarPoints, 'loyalty.pointsPerRewardDollar');
  }
  if (o.exclude !== undefined) change.excludedTypes = categoriesOf(o.exclude);
  if (o.tier !== undefined) change.tiers = o.tier.filter((text) => text.trim() !== 'none').map(tierOf);
  if (o.offlineSpend !== undefined) {
    change.offlineSpendCents = dollarsAsCents('loyalty.offlineSpendCents', o.offlineSpend, { example: '20.00' });
  }
  if (o.expiryMonths !== undefined) change.expiryMonths = whole(o.expiryMonths, 'loyalty.expiryMonths');
  return change;
}

/**
 * A programme that earns no points has no use for tiers: the service refuses it beside its tiers
 * (`loyalty.tiers`), which the command may not have been given. Said here beside what mends it.
 */
function earnsTowardTiers(programme: LoyaltyProgramme): void {
  const problem = tierProblems(programme).find((one) => one.field === 'pointsPerDollar');
  if (!problem) return;
  const tiers = programme.tiers.map((tier) => tier.name).join(', ');
  const words = `--points-per-dollar: ${problem.words} (${tiers}): earn 1 or more, or give --tier none`;
  throw new ServicePayError('INVALID_INPUT', words, { field: '--points-per-dollar' });
}

/** "+250", "−100,000": points added or taken off, as people write them. */
const signed = (points: number) =>
  `${points < 0 ? '−' : points > 0 ? '+' : ''}${Math.abs(points).toLocaleString('en-US')}`;

/** A customer's points in a few lines, then their ledger. */
function describe(loyalty: CustomerLoyalty, timeZone: string): string {
  const tier = loyalty.tier ? ` Tier: ${loyalty.tier.name}.` : '';
  const next = loyalty.nextTier
    ? ` ${loyalty.nextTier.name}: ${loyalty.nextTier.pointsToGo} points still to earn.`
    : '';
  const rows = loyalty.entries.map((entry) => ({
    when: plainSpaces(storeStamp(entry.at, timeZone)),
    what: LOYALTY_KIND_LABELS[entry.kind],
    points: entry.points > 0 ? `+${entry.points}` : String(entry.points),
    order: entry.orderNumber ?? '',
    note: entry.note,
    // The person's name, as the back office says it; the username only when no user has it now.
    by: entry.byName || entry.by,
  }));
  const expiry = loyalty.expiresAt
    ? [`The balance ${expiresWords(loyalty.expiresAt)} unless they earn or spend points before then.`]
    : [];
  return [
    `Balance: ${pointsWords(loyalty.points, loyalty.rewardCents)}.${tier}${next}`,
    ...expiry,
    table(rows, ['when', 'what', 'points', 'order', 'note', 'by']),
    ...(loyalty.more ? ['(older entries: --limit)'] : []),
  ].join('\n');
}

const points = (cli: CliContext) => new CustomerPoints(cli.db, () => new Date());

/** The store's customer `ref` names: their customer id, or the number on their ID (one customer's). */
async function customerIdOf(cli: CliContext, store: Dispensary, ref: string): Promise<string> {
  const customers = new Customers({ db: cli.db, now: () => new Date(), profiles: cli.profiles });
  const byId = await customers.get(store, ref).catch(() => undefined);
  if (byId) return byId.id;
  const found = (await customers.search(store, { q: ref, limit: 2 })).customers;
  const one = found.length === 1 ? found[0] : found.find((c) => c.idNumber === ref.trim().toUpperCase());
  if (!one) {
    const words = `No customer "${ref}" at ${store.name}: give their customer id, or the number on their ID`;
    throw new ServicePayError('INVALID_INPUT', words, { field: 'customer' });
  }
  return one.id;
}

/** `servicepay loyalty set|show|adjust|expire`: the store's programme and its customers' points (README "Loyalty"). */
export function registerLoyaltyCommands(program: Command): void {
  const loyalty = program.command('loyalty').description('The store’s loyalty programme and its customers’ points');
  loyalty
    .command('set')
    .description('Change the programme: only what is given changes')
    .requiredOption(...DISPENSARY)
    .option('--on', 'turn it on')
    .option('--off', 'turn it off (points stay; none are earned, reward dollars are not checked)')
    .option('--points-per-dollar <n>', 'points earned per whole dollar paid')
    .option('--reward-dollar-points <n>', 'points one reward dollar costs (100: a point is worth 1¢)')
    .option('--exclude <categories>', 'categories that earn no points, comma-separated ("accessories"; "" for none)')
    .option('--tier <NAME:POINTS:BONUS>', 'a tier (repeat for each; "none" for no tiers)', (v, all: string[] = []) => [
      ...all,
      v,
    ])
    .option('--offline-spend <dollars>', 'the most reward dollars a sale spends at a register offline')
    .option('--expiry-months <n>', 'points expire this many months after the customer’s last visit (0: never)')
    .addHelpText(
      'after',
      '\nExample:\n  $ servicepay loyalty set --dispensary demo --on --exclude accessories --tier Gold:1000:50',
    )
    .action(
      action(async (cli, o: ProgrammeOptions) => {
        const change = programmeChange(o);
        earnsTowardTiers({ ...(await cli.setup.access.store(OPERATOR, o.dispensary)).loyalty, ...change });
        const store = await cli.setup.store.update(OPERATOR, o.dispensary, { loyalty: change });
        cli.print(
          { ...SUCCESS, loyalty: store.loyalty },
          `The loyalty programme of ${store.name}:\n${programmeWords(store.loyalty)}`,
        );
      }, FIELDS),
    );
  loyalty
    .command('show <customer>')
    .description(
      "A customer's points (their customer id, or the number on their ID): balance, tier and ledger, newest first",
    )
    .requiredOption(...DISPENSARY)
    .option('--limit <n>', 'how many entries (1 to 200, default 50)')
    .action(
      action(async (cli, ref: string, o: { dispensary: string; limit?: string }) => {
        const store = await cli.setup.access.store(OPERATOR, o.dispensary, 'customer:read');
        const customerId = await customerIdOf(cli, store, ref);
        const limit = o.limit === undefined ? undefined : whole(o.limit, '--limit');
        if (limit !== undefined && (limit < 1 || limit > 200)) throw invalidInput('--limit', 'must be from 1 to 200');
        const answer = await points(cli).view(store, customerId, { limit });
        cli.print({ ...SUCCESS, loyalty: answer }, describe(answer, store.timezone));
      }),
    );
  loyalty
    .command('adjust <customer> <points>')
    .description('Add (or take off, with a minus sign) points by hand, with a reason the audit trail keeps')
    .requiredOption(...DISPENSARY)
    .requiredOption('--reason <words>', 'why the points change')
    .addHelpText(
      'after',
      '\nExample:\n  $ servicepay loyalty adjust <customer id> 250 --dispensary demo --reason "Welcome bonus"',
    )
    .action(
      action(async (cli, ref: string, count: string, o: { dispensary: string; reason: string }) => {
        const store = await cli.setup.access.store(OPERATOR, o.dispensary);
        const change = { points: whole(count, 'points'), reason: o.reason };
        const customerId = await customerIdOf(cli, store, ref);
        // "The adjustment of −100,000 points would take Maria's balance below zero: …"
        const answer = await points(cli)
          .adjust(OPERATOR, o.dispensary, customerId, change)
          .catch((error: unknown) => {
            throw renamed(error, { points: `The adjustment of ${signed(change.points)} points` });
          });
        cli.print(
          { ...SUCCESS, loyalty: answer },
          describe({ ...answer, entries: answer.entries.slice(0, 1) }, store.timezone),
        );
      }, FIELDS),
    );
  registerLoyaltyExpireCommand(loyalty);
}
