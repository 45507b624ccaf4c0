import type { Command } from 'commander';
import { Value } from 'typebox/value';
import { DealCreateSchema, type DealCreate, type DealView } from '../../../shared/contracts/deals.js';
import { usesWords } from '../../../shared/deals/use-words.js';
import { invalidInput, ServicePayError } from '../../../shared/errors.js';
import { fromValidation } from '../../server/http/validation-errors.js';
import { OPERATOR } from '../../server/setup/store-setup.js';
import { action, table, type CliContext } from '../cli-context.js';
import { readJson } from '../read-input.js';
import { DEAL_FIELDS, dealFieldOptions, dealFields, type DealOptions } from './deal-options.js';

const DISPENSARY = ['--dispensary <short>', 'short name of the dispensary'] as const;
const SUCCESS = { resultCode: 'SUCCESS', resultReason: null } as const;

/** "active", "paused", "used up", "active; warning: …": a listed deal's state. */
function stateOf(deal: DealView, archived: boolean): string {
  if (archived) return 'archived';
  if (!deal.active) return 'paused';
  const state = deal.usedUp ? 'used up' : 'active';
  return deal.warning ? `${state}; warning: ${deal.warning}` : state;
}

/**
 * The deals as a table, with their uses so far where one has a limit ("used 1 of 1: used up");
 * `archived` when they are the archived ones (`--status archived`: no other list holds them).
 */
function dealsTable(deals: readonly DealView[], archived: boolean): string {
  const rows = deals.map((deal) => ({
    deal: deal.name,
    gives: deal.summary,
    uses: usesWords(deal).toLowerCase(),
    state: stateOf(deal, archived),
    id: deal.id,
  }));
  // Uses are counted only for deals with a limit: a store without one has no column for them.
  const counted = deals.some((deal) => deal.uses !== null);
  return table(rows, counted ? ['deal', 'gives', 'uses', 'state', 'id'] : ['deal', 'gives', 'state', 'id']);
}

/** "Wednesday edibles: 20 % off Edibles, Wednesdays.", or "… at Green Valley Dispensary: …" given the store's name. */
const said = (deal: DealView, storeName?: string) =>
  `${deal.name}${storeName ? ` at ${storeName}` : ''}: ${deal.summary}${deal.active ? '' : ' (paused)'}` +
  `${deal.uses === null ? '' : ` (${usesWords(deal).toLowerCase()})`}.` +
  (deal.warning ? `\nWarning: ${deal.warning}.` : '');

/** What `set`, `pause` and `resume` say: the deal as it now is, and that nothing changed when it already was so. */
const changeSaid = (before: DealView, after: DealView) =>
  `${after.updatedAt === before.updatedAt ? 'Nothing to change: ' : ''}${said(after)}`;

/** The store's name, as people read it ("Green Valley Dispensary"), from the short name typed. */
const storeName = async (cli: CliContext, shortName: string) =>
  (await cli.setup.access.store(OPERATOR, shortName)).name;

/** A refusal of the deal a command names, in words (never the field's name). */
const refused = (words: string) => new ServicePayError('INVALID_INPUT', words, { field: 'deal' });

/** The store's deal `ref`: its id, or its name (case-insensitive); refused in words when none is. */
async function dealNamed(cli: CliContext, store: string, ref: string): Promise<DealView> {
  const deals = await cli.setup.deals.list(OPERATOR, store);
  const byId = deals.find((deal) => deal.id === ref);
  const named = deals.filter((deal) => deal.name.toLowerCase() === ref.trim().toLowerCase());
  // Names are one deal's each (store-deals.ts); deals added before that may share one.
  if (!byId && named.length > 1) {
    const ids = named.map((deal) => deal.id).join(', ');
    throw refused(`${named.length} deals are called "${named[0]!.name}": give one's id (${ids})`);
  }
  const found = byId ?? named[0];
  if (!found) throw refused(`No deal "${ref}" at ${await storeName(cli, store)} (servicepay deals list)`);
  return found;
}

/** `servicepay deals list|add|set|pause|resume|archive`: the store's deals (README "Deals"). */
export function registerDealCommands(program: Command): void {
  const deals = program.command('deals').description('The store’s deals: percent or amount off, bundles, promo codes');
  deals
    .command('list')
    .description('The store’s deals, with what each gives and when')
    .requiredOption(...DISPENSARY)
    .option('--status <status>', 'active, paused, archived or all (active and paused)', 'all')
    .action(
      action(
        async (cli, options: { dispensary: string; status: string }) => {
          // The service refuses a status it does not know, by the name the API gives it (`status`).
          const status = options.status as 'all';
          const listed = await cli.setup.deals.list(OPERATOR, options.dispensary, { status });
          cli.print(
            { ...SUCCESS, deals: listed, count: listed.length },
            dealsTable(listed, options.status === 'archived'),
          );
        },
        { status: '--status' },
      ),
    );
  dealFieldOptions(
    deals
      .command('add')
      .description('Add a deal (or all of one from --file, the API’s JSON body)')
      .requiredOption(...DISPENSARY)
      .option('--file <deal.json>', 'the deal as the API takes it'),
  )
    .addHelpText(
      'after',
      '\nExamples:\n' +
        '  $ servicepay deals add --dispensary demo --name "Wednesday edibles" --kind percent --percent 20 --categories EDIBLE --days wed\n' +
        '  $ servicepay deals add --dispensary demo --name "3 pre-rolls for $20" --kind bundle --bundle 3 --bundle-price 20.00 --products PRE-001,PRE-002\n' +
        '  $ servicepay deals add --dispensary demo --name "Spring code" --kind percent --percent 10 --trigger code --code SPRING10',
    )
    .action(
      action(async (cli, options: DealOptions & { file?: string }) => {
        const body = options.file ? dealFromFile(options.file) : (dealFields(options) as DealCreate);
        if (!body.name) throw invalidInput('name', 'says what the deal is called, such as "Wednesday edibles"');
        if (!body.kind)
          throw invalidInput('kind', `is one of percent, amount, fixed_price, buy_get, bundle, weight_break`);
        const added = await cli.setup.deals.add(OPERATOR, options.dispensary, body);
        cli.print({ ...SUCCESS, deal: added }, `Added ${said(added, await storeName(cli, options.dispensary))}`);
      }, DEAL_FIELDS),
    );
  dealFieldOptions(
    deals
      .command('set <deal>')
      .description('Change a deal (by its id or name): only what is given changes')
      .requiredOption(...DISPENSARY),
  ).action(
    action(async (cli, ref: string, options: DealOptions) => {
      const deal = await dealNamed(cli, options.dispensary, ref);
      const changed = await cli.setup.deals.update(OPERATOR, options.dispensary, deal.id, dealFields(options, deal));
      cli.print({ ...SUCCESS, deal: changed }, changeSaid(deal, changed));
    }, DEAL_FIELDS),
  );
  for (const [name, active, words] of [
    ['pause', false, 'Pause a deal (by its id or name): kept, never applied until resumed'],
    ['resume', true, 'Resume a paused deal'],
  ] as const) {
    deals
      .command(`${name} <deal>`)
      .description(words)
      .requiredOption(...DISPENSARY)
      .action(
        action(async (cli, ref: string, options: { dispensary: string }) => {
          const deal = await dealNamed(cli, options.dispensary, ref);
          // Resuming checks the deal again: a refusal names the option that mends it, as `add` and `set` do.
          const changed = await cli.setup.deals.update(OPERATOR, options.dispensary, deal.id, { active });
          cli.print({ ...SUCCESS, deal: changed }, changeSaid(deal, changed));
        }, DEAL_FIELDS),
      );
  }
  deals
    .command('archive <deal>')
    .description('Archive a deal: it no longer applies; sales that used it keep its name')
    .requiredOption(...DISPENSARY)
    .action(
      action(async (cli, ref: string, options: { dispensary: string }) => {
        const deal = await dealNamed(cli, options.dispensary, ref);
        const archived = await cli.setup.deals.archive(OPERATOR, options.dispensary, deal.id);
        const at = await storeName(cli, options.dispensary);
        cli.print({ ...SUCCESS, deal: archived }, `Archived ${archived.name} at ${at}.`);
      }, DEAL_FIELDS),
    );
}

/**
 * The deal a `--file` holds, checked as the API checks its body (a scope that is not an object, a
 * price that is not a number): refused in the API's words, naming the file and the field.
 */
function dealFromFile(path: string): DealCreate {
  const body = readJson(path, '--file');
  if (Value.Check(DealCreateSchema, body)) return body;
  const refusal = fromValidation([...Value.Errors(DealCreateSchema, body)], 'body');
  // Said as the file's, not as the option a field of the same name has (--price).
  throw new ServicePayError('INVALID_INPUT', `--file ${path}: ${refusal.message}`);
}
