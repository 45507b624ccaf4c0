import { InvalidArgumentError, type Command } from 'commander';
import { invalidInput, ServicePayError } from '../../../shared/errors.js';
import { CatalogRepository } from '../../server/catalog/catalog-repository.js';
import { toCatalogItem } from '../../server/catalog/catalog-routes.js';
import { MAX_DEMO_STORES } from '../../server/catalog/demo/demo-chain.js';
import { loadDemoData } from '../../server/catalog/demo/load-demo.js';
import { parseOpeningHours } from '../../server/catalog/dispensary-rules.js';
import { DispensaryRepository } from '../../server/catalog/dispensary-repository.js';
import { importCatalogFile, type ImportOutcome } from '../../server/catalog/import/catalog-import.js';
import type { RowError } from '../../server/catalog/import/import-types.js';
import { terminalProgressBar } from '../../server/catalog/import/progress-bar.js';
import { isProductType, PRODUCT_TYPES, UNIT_TYPES } from '../../server/catalog/product-fields.js';
import { OrganizationRepository } from '../../server/catalog/organization-repository.js';
import { action, table, type CliContext } from '../cli-context.js';

function integer(value: string): number {
  if (!/^\d+$/.test(value)) throw new InvalidArgumentError('must be a whole number');
  return Number(value);
}

function decimal(value: string): number {
  const number = Number(value);
  if (value.trim() === '' || !Number.isFinite(number)) throw new InvalidArgumentError('must be a number');
  return number;
}

const where = (error: RowError) =>
  error.line === 0 ? 'file' : `line ${error.line}${error.index === undefined ? '' : ` (item ${error.index})`}`;

function report(cli: CliContext, outcome: ImportOutcome, shortName: string): void {
  if (outcome.ok) {
    const { rows, created, updated, seconds } = outcome;
    cli.print(
      { resultCode: 'SUCCESS', resultReason: null, dispensary: shortName, ...outcome },
      `Imported ${rows} products into ${shortName}: ${created} created, ${updated} updated in ${seconds.toFixed(2)} s.`,
    );
    return;
  }
  process.exitCode = 1;
  const { errors, errorCount, rows } = outcome;
  if (cli.json) {
    cli.print({ resultCode: 'FAIL', resultReason: 'INVALID_INPUT', rows, errorCount, errors }, '');
    return;
  }
  const lines = errors.map((error) => `${where(error)}: ${error.field}: ${error.message}`);
  if (errorCount > errors.length) lines.push(`... and ${errorCount - errors.length} more`);
  process.stderr.write(`servicepay: ${errorCount} error(s) in the file; nothing was imported\n${lines.join('\n')}\n`);
}

const IMPORT_HELP = `
Columns (CSV header, or JSON field names; the first eight are required):
  sku, type, name, weight, unitType, price, taxClass, quantityOnHand,
  subtype, brand, size, barcodes (separated by |), deli (true/false), packageLabel,
  unitId (UUID), productId (UUID), discountPercent, discountDescription
  type: ${PRODUCT_TYPES.join(', ')}
  unitType: ${UNIT_TYPES.join(', ')}
  price in dollars (12.50); quantityOnHand in units, or grams with up to 3 decimals for deli items.

Example:
  $ servicepay catalog import products.csv --dispensary demo`;

function registerCatalog(program: Command): void {
  const catalog = program.command('catalog').description('Import and list the products of a dispensary');

  catalog
    .command('import <file>')
    .description(
      'Import products from a CSV (header row) or JSON (array) file. Every row is validated first; if any is bad, ' +
        'nothing is imported and the errors are listed with their line numbers. Products are matched by sku: ' +
        'a product already imported is updated, not duplicated.',
    )
    .requiredOption('--dispensary <short>', 'short name of the dispensary')
    .option('--format <format>', 'csv or json (default: from the file extension)')
    .addHelpText('after', IMPORT_HELP)
    .action(
      action(async (cli, file: string, options: { dispensary: string; format?: string }) => {
        const bar = process.stderr.isTTY && !cli.json ? terminalProgressBar(process.stderr) : undefined;
        let outcome: ImportOutcome;
        try {
          outcome = await importCatalogFile(cli.db, {
            dispensaryShortName: options.dispensary,
            file,
            format: options.format as 'csv' | 'json' | undefined,
            now: new Date(),
            onProgress: bar?.update,
          });
        } finally {
          bar?.finish();
        }
        report(cli, outcome, options.dispensary);
      }),
    );

  catalog
    .command('list')
    .description('List products of a dispensary with price and stock, by name')
    .requiredOption('--dispensary <short>', 'short name of the dispensary')
    .option('--search <words>', 'words to find in name, brand, type, subtype, SKU, barcodes or package label')
    .option('--type <type>', 'one category, e.g. FLOWER')
    .option('--limit <n>', 'at most this many products (1-200)', integer, 50)
    .action(
      action(async (cli, options: { dispensary: string; search?: string; type?: string; limit: number }) => {
        const dispensary = await new DispensaryRepository(cli.db).findByShortName(options.dispensary);
        if (!dispensary)
          throw new ServicePayError('NOT_FOUND', `no dispensary has the short name ${options.dispensary}`);
        const type = options.type?.toUpperCase();
        if (type !== undefined && !isProductType(type))
          throw invalidInput('--type', `must be one of ${PRODUCT_TYPES.join(', ')}`);
        const query = { search: options.search, type, limit: options.limit };
        const page = await new CatalogRepository(cli.db).search(
          cli.db,
          dispensary.id,
          dispensary.primaryLocationId,
          query,
        );
        const items = page.items.map(toCatalogItem);
        cli.print({ items, nextCursor: page.nextCursor }, () =>
          table(items, ['sku', 'name', 'brand', 'type', 'price', 'priceSell', 'quantityAvailable', 'productId']),
        );
      }),
    );
}

function registerDispensaries(program: Command): void {
  const dispensaries = program.command('dispensaries').description('Add and list dispensaries (stores)');

  dispensaries
    .command('list')
    .description('List every dispensary')
    .action(
      action(async (cli) => {
        const all = await new DispensaryRepository(cli.db).list();
        const rows = all.map((d) => ({ ...d, city: d.address.city, state: d.address.state }));
        cli.print(all, () => table(rows, ['shortName', 'name', 'timezone', 'city', 'state', 'organizationId', 'id']));
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
    .option('--prep-minutes <n>', 'minutes to prepare an order', integer, 15)
    .option(
      '--hours <hours>',
      'one range for every day, or 7 comma-separated ranges or "closed", Sunday first',
      '09:00-21:00',
    )
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
        cli.print(dispensary, `Added dispensary ${dispensary.shortName} (${dispensary.id}).`);
      }),
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
      }),
    );
  orgs
    .command('list')
    .description('List every organization')
    .action(
      action(async (cli) => {
        const all = await new OrganizationRepository(cli.db).list(cli.db);
        cli.print(all, () =>
          table(
            all.map((org) => ({ ...org })),
            ['id', 'name', 'createdAt'],
          ),
        );
      }),
    );
}

function registerDemo(program: Command): void {
  const demo = program.command('demo').description('The demo dispensary "demo" (Green Valley Dispensary)');
  demo
    .command('load')
    .description(
      'Load the demo organization, dispensary, taxes, 48 products, logins and API client into an empty database; ' +
        'with --stores N, a chain of N stores of that organization (demo, demo-2, …), each with its catalog, ' +
        'payment configuration and store-level staff',
    )
    .option('--stores <n>', `how many stores (1 to ${MAX_DEMO_STORES})`, integer, 1)
    .action(
      action(async (cli, options: { stores: number }) => {
        const result = await loadDemoData(cli.db, new Date(), { stores: options.stores });
        const { users, application, clientId, clientSecret } = result.logins;
        const chain = result.stores
          .slice(1)
          .flatMap((store) => store.users.map((user) => ({ store: store.shortName, name: store.name, ...user })));
        cli.print(result, () =>
          [
            `Loaded dispensary ${result.shortName} (${result.dispensaryId}) with ${result.products} products.`,
            `Organization: ${result.organizationId}`,
            `Application (x-application): ${application}`,
            `API client: client_id=${clientId} client_secret=${clientSecret}`,
            '',
            table(users, ['username', 'password', 'role']),
            ...(chain.length > 0
              ? [
                  '',
                  `And ${result.stores.length - 1} more stores, each with its own staff:`,
                  table(chain, ['store', 'name', 'username', 'password', 'role']),
                ]
              : []),
          ].join('\n'),
        );
      }),
    );
}

/** `catalog`, `dispensaries`, `orgs` and `demo` commands of the admin CLI. */
export function registerCatalogCommands(program: Command): void {
  registerCatalog(program);
  registerDispensaries(program);
  registerOrganizations(program);
  registerDemo(program);
}
