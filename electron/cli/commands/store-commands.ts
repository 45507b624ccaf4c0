import type { Command } from 'commander';
import { registerDemoSalesCommand } from './demo-sales-command.js';
import { CASH_MOVEMENT_KINDS } from '../../../shared/contracts/cash.js';
import { roleLabel } from '../../../shared/labels.js';
import { MAX_DEMO_STORES } from '../../server/demo/demo-chain.js';
import { DEMO, loadDemoData } from '../../server/demo/load-demo.js';
import { DispensaryRepository } from '../../server/dispensaries/dispensary-repository.js';
import { parseOpeningHours } from '../../server/dispensaries/dispensary-rules.js';
import { OrganizationRepository } from '../../server/dispensaries/organization-repository.js';
import { OPERATOR } from '../../server/setup/store-setup.js';
import { decimal, wholeNumber, yesNo } from '../arguments.js';
import { action, table } from '../cli-context.js';
import { shownDay, zoneOf } from './shown-times.js';
import { describeStore, storeChanges, type CliStoreChanges } from './store-settings-options.js';

const HOURS_HELP = 'one range for every day, or 7 comma-separated ranges or "closed", Sunday first';
/** A new store's address fields as `dispensaries add` names them (and its hours'). */
const ADDRESS_FIELDS = {
  'address.street': '--street',
  'address.city': '--city',
  'address.state': '--state',
  'address.zip': '--zip',
  'address.latitude': '--lat',
  'address.longitude': '--lng',
};
/** The opening hours' fields (a day's range, its opening or closing time) as the commands name them. */
const HOURS_FIELDS = {
  hours: '--hours',
  'hours[]': '--hours',
  'hours[].open': "--hours' opening time",
  'hours[].close': "--hours' closing time",
};
/** `orgs add`'s and `demo load`'s arguments as the service names them, for refusals. */
const ORG_FIELDS = { name: '<name>' };
const DEMO_FIELDS = { stores: '--stores' };
/** `dispensaries add`'s: "<short> must be kebab case", "--org does not name an organization". */
const ADD_FIELDS = {
  ...ADDRESS_FIELDS,
  ...HOURS_FIELDS,
  shortName: '<short>',
  organizationId: '--org',
  name: '--name',
  timezone: '--timezone',
  preparationMinutes: '--prep-minutes',
};

function registerDispensaries(program: Command): void {
  const dispensaries = program.command('dispensaries').description('Add, list and change dispensaries (stores)');

  dispensaries
    .command('list')
    .description('List every dispensary')
    .action(
      action(async (cli) => {
        const all = await new DispensaryRepository(cli.db).list();
        const organizations = new Map(
          (await new OrganizationRepository(cli.db).list(cli.db)).map((org) => [org.id, org.name]),
        );
        const rows = all.map((d) => ({
          ...d,
          'short name': d.shortName,
          'time zone': d.timezone,
          city: d.address.city,
          state: d.address.state,
          organization: organizations.get(d.organizationId) ?? '',
          'organization id': d.organizationId,
        }));
        cli.print(all, () =>
          table(rows, ['name', 'short name', 'time zone', 'city', 'state', 'organization', 'organization id', 'id']),
        );
      }),
    );

  dispensaries
    .command('add <short>')
    .description('Add a dispensary with its address and primary location. <short>: kebab case, at most 10 characters')
    .requiredOption('--name <name>', 'name shown to customers')
    .requiredOption('--org <orgId>', 'id of the owning organization (see: servicepay orgs list)')
    .requiredOption('--timezone <tz>', 'IANA time zone, e.g. America/Los_Angeles')
    .requiredOption('--street <street>', 'street and number')
    .requiredOption('--city <city>', 'city')
    .requiredOption('--state <state>', 'state, e.g. CA')
    .requiredOption('--zip <zip>', 'ZIP code')
    .option('--apt <apt>', 'suite or unit', '')
    .option('--county <county>', 'county')
    .option('--country <country>', 'country code', 'US')
    .option('--lat <latitude>', 'latitude', decimal)
    .option('--lng <longitude>', 'longitude', decimal)
    .option('--prep-minutes <n>', 'minutes to prepare an order', wholeNumber, 15)
    .option('--hours <hours>', HOURS_HELP, '09:00-21:00')
    .action(
      action(async (cli, shortName: string, o: Record<string, string | number | undefined>) => {
        const text = (key: string) => (o[key] === undefined ? null : String(o[key]));
        const repository = new DispensaryRepository(cli.db);
        const dispensary = await cli.db.write((tx) =>
          repository.create(
            tx,
            {
              organizationId: String(o.org),
              shortName,
              name: String(o.name),
              timezone: String(o.timezone),
              preparationMinutes: Number(o.prepMinutes),
              openingHours: parseOpeningHours(String(o.hours)),
              address: {
                street: String(o.street),
                city: String(o.city),
                state: String(o.state),
                zip: String(o.zip),
                apt: String(o.apt),
                county: text('county'),
                country: text('country'),
                type: 'STORE',
                comment: '',
                latitude: o.lat === undefined ? null : Number(o.lat),
                longitude: o.lng === undefined ? null : Number(o.lng),
              },
            },
            new Date(),
          ),
        );
        cli.print(
          dispensary,
          `Added dispensary ${dispensary.name} (short name ${dispensary.shortName}, id ${dispensary.id}).\n` +
            `Next: its tax classes (the catalog import needs them): servicepay taxes add --help`,
        );
      }, ADD_FIELDS),
    );

  dispensaries
    .command('set <short>')
    .description(
      "Change a dispensary's name, time zone, preparation time, opening hours, cash policy, stored-card caps or pickup hold (the rest stays)",
    )
    .option('--name <name>', 'name shown to customers')
    .option('--timezone <tz>', 'IANA time zone, e.g. America/Denver')
    .option('--prep-minutes <n>', 'minutes to prepare an order (0-1440)', wholeNumber)
    .option('--hours <hours>', HOURS_HELP)
    .option(
      '--blind-close <yes|no>',
      'every drawer closes blind: the cashier counts without seeing the expected cash',
      yesNo,
    )
    .option(
      '--compliance <profile>',
      'state rules enforced at ticket creation: a loaded state profile (us-ca, us-co, or one of --profiles: see servicepay profiles list), or none',
    )
    .option('--licence <number>', "the store's state licence number, printed on its receipts, or none")
    .option('--manager-approval <kinds>', `movements needing a manager's PIN: ${CASH_MOVEMENT_KINDS.join(',')} or none`)
    .option(
      '--offline-card-max <dollars>',
      'the most one credit card payment may be stored for at a register while the card processor does not answer; 0 stores none',
    )
    .option(
      '--offline-card-total <dollars>',
      'the most the payments a register stored and has not sent yet may add up to',
    )
    .option(
      '--pickup-hold <hours>',
      'hours an order packed and ready is held for pickup (1-720, default 48); past them an unpaid one is canceled and its stock returned',
    )
    .option(
      '--adjustment-pin <quantity>',
      "inventory adjustments needing a manager's PIN: those of more than this many units (grams when weighed), 0 for every one, none for no PIN",
    )
    .option(
      '--manual-discount-pin <percent>',
      "a cashier's manual discounts needing a manager's PIN: those taking more than this percent off a sale, 0 for every one (the default), none for no PIN",
    )
    .addHelpText(
      'after',
      '\nExamples (closed on Sunday, longer on Friday and Saturday; blind closes, a PIN for paid-outs;\n' +
        'cards stored offline up to $150.00 each, $600.00 in all; ready orders held 72 hours):\n' +
        '  $ servicepay dispensaries set mesa --hours "closed,10:00-20:00,10:00-20:00,10:00-20:00,10:00-20:00,10:00-22:00,10:00-22:00"\n' +
        '  $ servicepay dispensaries set mesa --blind-close yes --manager-approval paid_out,no_sale\n' +
        '  $ servicepay dispensaries set mesa --offline-card-max 150.00 --offline-card-total 600.00\n' +
        '  $ servicepay dispensaries set mesa --pickup-hold 72\n' +
        '  $ servicepay dispensaries set mesa --adjustment-pin 5',
    )
    .action(
      action(
        async (cli, shortName: string, o: CliStoreChanges) => {
          const changes = storeChanges(o);
          const store = await cli.setup.store.update(OPERATOR, shortName, changes);
          cli.print(store, () => `Changed ${store.name}.\n${describeStore(store)}`);
        },
        {
          name: '--name',
          timezone: '--timezone',
          preparationMinutes: '--prep-minutes',
          blindClose: '--blind-close',
          managerApproval: '--manager-approval',
          complianceProfile: '--compliance',
          licenceNumber: '--licence',
          'offlineCards.maxCents': '--offline-card-max',
          'offlineCards.totalCents': '--offline-card-total',
          pickupHoldHours: '--pickup-hold',
          adjustmentPinAbove: '--adjustment-pin',
          manualDiscountPinAbove: '--manual-discount-pin',
          ...HOURS_FIELDS,
        },
      ),
    );
}

function registerOrganizations(program: Command): void {
  const orgs = program.command('orgs').description('Add and list organizations (the owners of dispensaries)');
  orgs
    .command('add <name>')
    .description('Add an organization; prints its id')
    .action(
      action(async (cli, name: string) => {
        const organization = await cli.db.write((tx) =>
          new OrganizationRepository(cli.db).create(tx, name, new Date()),
        );
        cli.print(organization, `Added organization ${organization.name}: ${organization.id}`);
      }, ORG_FIELDS),
    );
  orgs
    .command('list')
    .description('List every organization')
    .action(
      action(async (cli) => {
        const all = await new OrganizationRepository(cli.db).list(cli.db);
        const stores = await new DispensaryRepository(cli.db).list();
        // The day each was added, in its stores' zone (named when they have several, or it has none).
        const rows = all.map((org) => ({
          ...org,
          created: shownDay(org.createdAt, zoneOf(stores, { organizationId: org.id })),
        }));
        cli.print(all, () => table(rows, ['name', 'created', 'id']));
      }),
    );
}

function registerDemo(program: Command): void {
  const demo = program.command('demo').description('The demo dispensary "demo" (Green Valley Dispensary)');
  registerDemoSalesCommand(demo);
  demo
    .command('load')
    .description(
      'Load the demo organization, dispensary, taxes, 48 products, logins and API client into an empty database; ' +
        'with --stores N, a chain of N stores of that organization (demo, demo-2, …), each with its catalog, ' +
        'payment configuration and store-level staff',
    )
    .option('--stores <n>', `how many stores (1 to ${MAX_DEMO_STORES})`, wholeNumber, 1)
    .action(
      action(async (cli, options: { stores: number }) => {
        const result = await loadDemoData(cli.db, new Date(), { stores: options.stores });
        const { users, application, clientId, clientSecret } = result.logins;
        const withRole = <T extends { role: string }>(user: T) => ({ ...user, role: roleLabel(user.role) });
        const chain = result.stores
          .slice(1)
          .flatMap((store) =>
            store.users.map((user) => ({ store: store.name, 'short name': store.shortName, ...withRole(user) })),
          );
        const [first] = result.stores;
        cli.print(result, () =>
          [
            `Loaded dispensary ${first?.name ?? result.shortName} (short name ${result.shortName}, ` +
              `id ${result.dispensaryId}) with ${result.products} products.`,
            `Organization: ${DEMO.organizationName} (id ${result.organizationId})`,
            `Application (x-application): ${application}`,
            `API client: client_id=${clientId} client_secret=${clientSecret}`,
            '',
            table(users.map(withRole), ['username', 'password', 'role']),
            ...(chain.length > 0
              ? [
                  '',
                  `And ${result.stores.length - 1} more stores, each with its own staff:`,
                  table(chain, ['store', 'short name', 'username', 'password', 'role']),
                ]
              : []),
          ].join('\n'),
        );
      }, DEMO_FIELDS),
    );
}

/** `dispensaries`, `orgs` and `demo` commands of the admin CLI. */
export function registerStoreCommands(program: Command): void {
  registerOrganizations(program);
  registerDispensaries(program);
  registerDemo(program);
}
