import type { Command } from 'commander';
import { isProductType, PRODUCT_TYPES } from '../../../shared/catalog/product-types.js';
import { invalidInput, ServicePayError } from '../../../shared/errors.js';
import { categoryLabel } from '../../../shared/labels.js';
import { CatalogRepository } from '../../server/catalog/catalog-repository.js';
import { toCatalogItem } from '../../server/catalog/catalog-routes.js';
import { DispensaryRepository } from '../../server/dispensaries/dispensary-repository.js';
import type { ImportOutcome } from '../../server/catalog/import/catalog-import.js';
import { keptWords } from '../../../shared/catalog/import-kept-words.js';
import type { ImportFormat, RowError } from '../../server/catalog/import/import-types.js';
import { terminalProgressBar } from '../../server/catalog/import/progress-bar.js';
import { holderWords, tagKey } from '../../server/catalog/import/package-tags.js';
import { TagHolders } from '../../server/catalog/import/tag-holders.js';
import { skuTwins, type SkuTwin } from '../../server/catalog/sku-twins.js';
import { UNIT_TYPES } from '../../server/catalog/product-fields.js';
import { OPERATOR } from '../../server/setup/store-setup.js';
import { wholeNumber } from '../arguments.js';
import { action, table, type CliContext } from '../cli-context.js';

/** Where a problem is, for people: items counted from 1 (`index` counts from 0). */
const where = (error: RowError) =>
  error.line === 0 ? 'file' : `line ${error.line}${error.index === undefined ? '' : ` (item ${error.index + 1})`}`;

/** "line 3: packageLabel: is empty: …", the first ones and how many more. */
function listed(problems: RowError[], count: number): string[] {
  const lines = problems.map((problem) => `${where(problem)}: ${problem.field}: ${problem.message}`);
  if (count > problems.length) lines.push(`... and ${count - problems.length} more`);
  return lines;
}

/** "1 product", "2 products": a count and its noun (`many` where an s will not do). */
const counted = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** Prints an import's outcome: into which store by its name (its short name stays in the JSON). */
function report(cli: CliContext, outcome: ImportOutcome, store: { shortName: string; name: string }): void {
  if (!cli.json && outcome.warningCount > 0) {
    const lines = listed(outcome.warnings, outcome.warningCount).join('\n');
    cli.io.stderr.write(`servicepay: ${counted(outcome.warningCount, 'product')} cannot be sold yet:\n${lines}\n`);
  }
  if (!cli.json && outcome.noteCount > 0) {
    const lines = listed(outcome.notes, outcome.noteCount).join('\n');
    cli.io.stderr.write(
      `servicepay: ${counted(outcome.noteCount, 'value')} left as ${outcome.noteCount === 1 ? 'it is' : 'they are'}:\n${lines}\n`,
    );
  }
  if (outcome.ok) {
    const { rows, created, updated, seconds } = outcome;
    const kept = keptWords(outcome);
    cli.print(
      { resultCode: 'SUCCESS', resultReason: null, dispensary: store.shortName, ...outcome },
      `Imported ${counted(rows, 'product')} into ${store.name}: ${created} created, ${updated} updated in ${seconds.toFixed(2)} s.` +
        (kept ? `\n${kept}` : ''),
    );
    return;
  }
  cli.io.fail();
  const { errors, errorCount, rows, warnings, warningCount, notes, noteCount } = outcome;
  if (cli.json) {
    const failure = { resultCode: 'FAIL', resultReason: 'INVALID_INPUT', rows, errorCount, errors };
    cli.print({ ...failure, warningCount, warnings, noteCount, notes }, '');
    return;
  }
  const lines = listed(errors, errorCount).join('\n');
  cli.io.stderr.write(`servicepay: ${counted(errorCount, 'error')} in the file; nothing was imported\n${lines}\n`);
}

/** The options as the service names them, for refusals: "--format must be csv or json". */
const IMPORT_FIELDS = { format: '--format' };
const LIST_FIELDS = { limit: '--limit' };

const IMPORT_HELP = `
Columns (CSV header, or JSON field names; the first eight are required):
  sku, type, name, weight, unitType, price, taxClass, quantityOnHand,
  subtype, brand, size, barcodes (separated by |), deli (true/false), packageLabel,
  unitId (UUID), productId (UUID), discountPercent, discountDescription,
  cannabisWeight (grams per unit, up to 3 decimals), thc (whole milligrams per unit; per gram for deli items),
  tags (separated by | or commas)
  type: ${PRODUCT_TYPES.join(', ')}
  unitType: ${UNIT_TYPES.join(', ')}
  price in dollars (12.50); quantityOnHand in units, or grams with up to 3 decimals for deli items.
  A cannabis product without its packageLabel or cannabisWeight is imported with a warning.
  barcodes: GTIN-8, UPC-A, EAN-13 or GTIN-14 with a valid check digit. An empty packageLabel keeps
  the package's tag; a tag is one package's: one another package of the organization has, or given
  twice in the file, is refused. A product with packages received from a delivery keeps its stock
  and tags (a note says so; change them with a count or an adjustment); its other fields are imported.
  A column left out of the file keeps what each product has (a price list erases nothing); only the
  columns in the file change the products.

Example:
  $ servicepay catalog import products.csv --dispensary demo`;

function registerCatalog(program: Command): Command {
  const catalog = program.command('catalog').description('Import, list and check the products of a dispensary');

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
        const bar = cli.io.stderr.isTTY && !cli.json ? terminalProgressBar(cli.io.stderr) : undefined;
        let outcome: ImportOutcome;
        try {
          outcome = await cli.setup.catalog.import(OPERATOR, options.dispensary, file, {
            format: options.format as ImportFormat | undefined,
            onProgress: bar?.update,
          });
        } finally {
          bar?.finish();
        }
        report(cli, outcome, await cli.setup.access.store(OPERATOR, options.dispensary));
      }, IMPORT_FIELDS),
    );

  catalog
    .command('list')
    .description('List products of a dispensary with price and stock, by name')
    .requiredOption('--dispensary <short>', 'short name of the dispensary')
    .option('--search <words>', 'words to find in name, brand, type, subtype, SKU, barcodes or package label')
    .option('--type <type>', 'one category, e.g. FLOWER')
    .option('--limit <n>', 'at most this many products (1-200)', wholeNumber, 50)
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
        const rows = items.map((item) => ({
          ...item,
          category: categoryLabel(item.type),
          'sale price': item.priceSell,
          available: item.quantityAvailable,
          'product id': item.productId,
        }));
        cli.print({ items, nextCursor: page.nextCursor }, () =>
          table(rows, ['sku', 'name', 'brand', 'category', 'price', 'sale price', 'available', 'product id']),
        );
      }, LIST_FIELDS),
    );
  return catalog;
}

/** "FLW-001: Blue Dream as FLW-001; Wedding Cake as flw-001 (archived)": a set of SKU twins in words. */
const twinsWords = (twins: readonly SkuTwin[]) =>
  `${twins[0]!.sku}: ${twins.map((twin) => `${twin.name} as ${twin.sku}${twin.archived ? ' (archived)' : ''}`).join('; ')}`;

/**
 * `catalog check`: the state tags two packages of the organization share (kept by migration 55), and
 * the store's SKUs two products have in different cases (kept by migration 59); exits 1 while any is.
 */
function registerCheck(catalog: Command): void {
  catalog
    .command('check')
    .description(
      "List the state tags more than one package of the dispensary's organization has, however each is spelled " +
        '(tags stored in different cases before they were compared in any case), and the SKUs more than one ' +
        'product of the dispensary has in different cases; exits 1 when there is one',
    )
    .requiredOption('--dispensary <short>', 'short name of a dispensary of the organization')
    .action(
      action(async (cli, options: { dispensary: string }) => {
        const dispensary = await new DispensaryRepository(cli.db).findByShortName(options.dispensary);
        if (!dispensary)
          throw new ServicePayError('NOT_FOUND', `no dispensary has the short name ${options.dispensary}`);
        const shared = await new TagHolders(cli.db, dispensary.organizationId).shared(cli.db);
        const twins = await skuTwins(cli.db, cli.db, dispensary.id);
        const sharedTags = shared.map((holders) => ({
          tag: tagKey(holders[0]!.label),
          packages: holders.map(({ storeName, ...holder }) => ({ ...holder, store: storeName })),
        }));
        const said = shared.map((holders) => {
          const named = holders.map((holder) => `${holderWords(holder, dispensary)} as ${holder.label}`);
          return `${tagKey(holders[0]!.label)}: ${named.join('; ')}`;
        });
        const tagsWords =
          shared.length === 0
            ? 'No two packages of the organization have the same state tag.'
            : `${shared.length === 1 ? 'One state tag is' : `${shared.length} state tags are`} on more than one package; give each package its own tag ` +
              `(the product form, or servicepay products edit <sku> --package-label <tag>):\n${said.join('\n')}`;
        const skuWords =
          twins.length === 0
            ? ''
            : `\n${twins.length === 1 ? 'One SKU is' : `${twins.length} SKUs are`} on more than one product of ${dispensary.name} in different cases ` +
              `(a SKU is the same in any case); give one of each another (servicepay products edit <its SKU as written> --sku <another>):\n` +
              twins.map(twinsWords).join('\n');
        const failing = shared.length > 0 || twins.length > 0;
        if (failing) cli.io.fail();
        cli.print(
          { resultCode: failing ? 'FAIL' : 'SUCCESS', resultReason: null, sharedTags, skuTwins: twins },
          `${tagsWords}${skuWords}`,
        );
      }),
    );
}

/** `catalog import|list|check`: the products of a dispensary. */
export function registerCatalogCommands(program: Command): void {
  registerCheck(registerCatalog(program));
}
