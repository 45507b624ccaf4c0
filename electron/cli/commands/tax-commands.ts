import type { Command } from 'commander';
import type { TaxClassView, TaxRateInput } from '../../../shared/contracts/setup.js';
import { invalidInput } from '../../../shared/errors.js';
import { OPERATOR } from '../../server/setup/store-setup.js';
import { action, table } from '../cli-context.js';

/**
 * `--rate "State excise=15"`: a rate's name and percent, split at the last `=`. Read in the command's
 * action, not as commander parses the option: a refusal there is the command's own one line.
 */
function rateOf(value: string): TaxRateInput {
  const at = value.lastIndexOf('=');
  if (at <= 0) throw invalidInput('--rate', `must be "name=percent", such as "State sales tax=7.25", not "${value}"`);
  return { name: value.slice(0, at).trim(), percent: value.slice(at + 1).trim() };
}

const collect = (value: string, previous: string[] = []) => [...previous, value];

/** "cannabis  Cannabis  23.75 %  State excise 15 % + State sales 7.25 % + Local 1.5 %". */
function describe(classes: readonly TaxClassView[]): string {
  const rows = classes.map((taxClass) => ({
    code: taxClass.code,
    name: taxClass.name,
    total: `${taxClass.percent} %`,
    rates: taxClass.rates.map((rate) => `${rate.name} ${rate.percent} %`).join(' + ') || '(no rates: untaxed)',
    products: taxClass.productCount,
  }));
  return table(rows, ['code', 'name', 'total', 'rates', 'products']);
}

const FIELDS = {
  'rate.percent': '--rate',
  'rate.name': '--rate',
  'rate.ratePpm': '--rate',
  'rates[].percent': '--rate',
  'rates[].name': '--rate',
  name: '--name',
  code: '<code>',
};
const DISPENSARY = ['--dispensary <short>', 'short name of the dispensary'] as const;
const RATE_HELP = 'a rate, "name=percent" (repeat it: the rates of a class add up), e.g. "State excise=15"';

/** `servicepay taxes add|list|set-rate|remove-rate|remove`: tax classes and their layered rates. */
export function registerTaxCommands(program: Command): void {
  const taxes = program
    .command('taxes')
    .description(
      'Tax classes of a dispensary and their layered rates: a product names its class (taxClass in the catalog ' +
        'import) and each line is taxed at the sum of the class’s rates',
    );

  taxes
    .command('add <code>')
    .description('Add a tax class. <code>: what the catalog import names in taxClass (kebab case, e.g. cannabis)')
    .requiredOption(...DISPENSARY)
    .requiredOption('--name <name>', 'name people read, e.g. "Cannabis products"')
    .option('--rate <name=percent>', RATE_HELP, collect)
    .addHelpText(
      'after',
      '\nExample:\n  $ servicepay taxes add cannabis --dispensary mesa --name Cannabis \\\n' +
        '      --rate "State marijuana tax=15" --rate "State sales tax=2.9" --rate "Denver sales tax=4.81"',
    )
    .action(
      action(async (cli, code: string, options: { dispensary: string; name: string; rate?: string[] }) => {
        const rates = (options.rate ?? []).map(rateOf);
        const added = await cli.setup.taxes.addClass(OPERATOR, options.dispensary, { code, name: options.name, rates });
        cli.print(added, `Added tax class ${added.code} (${added.name}) at ${added.percent} %.\n${describe([added])}`);
      }, FIELDS),
    );

  taxes
    .command('list')
    .description('List the tax classes of a dispensary with their rates and how many products each taxes')
    .requiredOption(...DISPENSARY)
    .action(
      action(async (cli, options: { dispensary: string }) => {
        const classes = await cli.setup.taxes.list(OPERATOR, options.dispensary);
        cli.print(classes, () => describe(classes));
      }),
    );

  taxes
    .command('set-rate <code>')
    .description('Add rates to a class, or change the rate of the same name. New orders use them at once.')
    .requiredOption(...DISPENSARY)
    .requiredOption('--rate <name=percent>', RATE_HELP, collect)
    .addHelpText(
      'after',
      '\nExample:\n  $ servicepay taxes set-rate cannabis --dispensary mesa --rate "Denver marijuana tax=5.5"',
    )
    .action(
      action(async (cli, code: string, options: { dispensary: string; rate: string[] }) => {
        let changed: TaxClassView | undefined;
        for (const rate of options.rate.map(rateOf))
          changed = await cli.setup.taxes.setRate(OPERATOR, options.dispensary, code, rate);
        cli.print(changed, () => `Tax class ${code} is now ${changed!.percent} %.\n${describe([changed!])}`);
      }, FIELDS),
    );

  taxes
    .command('remove-rate <code> <rateName>')
    .description('Remove a rate (by its name, any case) from a tax class')
    .requiredOption(...DISPENSARY)
    .action(
      action(async (cli, code: string, rateName: string, options: { dispensary: string }) => {
        const changed = await cli.setup.taxes.removeRate(OPERATOR, options.dispensary, code, rateName);
        cli.print(changed, `Removed ${rateName} from ${code}: it is now ${changed.percent} %.`);
      }, FIELDS),
    );

  taxes
    .command('remove <code>')
    .description('Remove a tax class that no product is taxed by')
    .requiredOption(...DISPENSARY)
    .action(
      action(async (cli, code: string, options: { dispensary: string }) => {
        await cli.setup.taxes.removeClass(OPERATOR, options.dispensary, code);
        cli.print({ code, removed: true }, `Removed tax class ${code}.`);
      }, FIELDS),
    );
}
