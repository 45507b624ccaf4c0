import type { Command } from 'commander';
import type { ReceiptDecision, ReceiptPreview, ReceiptView } from '../../../shared/contracts/receiving.js';
import { invalidInput, ServicePayError } from '../../../shared/errors.js';
import { sureSuggestion } from '../../../shared/inventory/manifest.js';
import { receiptSummary } from '../../../shared/inventory/receipt-summary.js';
import { productWithSku } from '../../../shared/labels.js';
import { formatMoney, parseDecimal } from '../../../shared/money.js';
import { AMOUNT_MAX_CENTS } from '../../../shared/numbers.js';
import { quantityText } from '../../../shared/quantity.js';
import { OPERATOR } from '../../server/setup/store-setup.js';
import { action, table } from '../cli-context.js';
import { readText } from '../read-input.js';
import { labelCopies, labelsAfterReceiving, labelsAfterText } from './receipt-labels-command.js';

type Manifest = NonNullable<ReceiptPreview['manifest']>;
type Suggestion = Manifest['packages'][number]['suggestions'][number];

/** The likeliest product that can take a package (a product that cannot is never offered to take). */
const bestFit = (suggestions: readonly Suggestion[]) => suggestions.find((s) => s.cannotTake === null);

/**
 * How sure the likeliest product is, as the back office says it: "likely" where --match would take
 * it (sureSuggestion: clearly ahead of the next), else only "possibly".
 */
const howSure = (suggestions: readonly Suggestion[]) => (sureSuggestion(suggestions) ? 'likely' : 'possibly');

const collect = (value: string, previous: string[]) => [...previous, value];

/** "453.592 g", "500 ml", "1,200": a quantity of a package in its unit (units unnamed, as a table's column). */
function inUnit(quantity: number, unit: string): string {
  const text = quantityText(quantity);
  return unit === 'grams' ? `${text} g` : unit === 'milliliters' ? `${text} ml` : text;
}

/** `TAG=VALUE` options by tag (upper case), refused in words naming the option. */
function byTag(values: readonly string[], option: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const value of values) {
    const at = value.indexOf('=');
    if (at <= 0 || at === value.length - 1) throw invalidInput(option, `must be TAG=VALUE, not "${value}"`);
    found.set(value.slice(0, at).trim().toUpperCase(), value.slice(at + 1).trim());
  }
  return found;
}

function readFile(path: string): { format: 'csv' | 'json'; text: string } {
  return { format: path.toLowerCase().endsWith('.csv') ? 'csv' : 'json', text: readText(path) };
}

interface ReceiveOptions {
  dispensary: string;
  room?: string;
  product: string[];
  create: string[];
  taxClass: string;
  received: string[];
  refuse: string[];
  match?: boolean;
  preview?: boolean;
  note?: string;
  labels?: boolean;
  copies?: string;
  printer?: string;
}

function previewTable(manifest: Manifest): string {
  const rows = manifest.packages.map((p) => {
    const best = bestFit(p.suggestions);
    // The likeliest product, when it cannot take the package, is said so rather than offered.
    const unfit = p.suggestions[0]?.cannotTake ? p.suggestions[0] : undefined;
    const notes = [
      ...(p.tagInStockAt ? [`tag already at ${p.tagInStockAt}`] : []),
      ...(unfit ? [`not ${productWithSku(unfit.name, unfit.sku)}: it ${unfit.cannotTake!}`] : []),
    ];
    return {
      package: p.label,
      item: p.itemName,
      shipped: inUnit(p.quantity, p.unit),
      product: best ? `${best.sku ?? best.productId} ${best.name} (${howSure(p.suggestions)})` : '',
      note: notes.join('; '),
    };
  });
  return `Manifest ${manifest.manifestNumber} from ${manifest.shipperName ?? manifest.shipperLicense}\n${table(rows, ['package', 'item', 'shipped', 'product', 'note'])}`;
}

/**
 * A package's new product (--create TAG=price): its price in dollars, from $0.00 to the most a
 * product's price may be, refused in the dollars typed; the tax class of --tax-class.
 */
function newProduct(label: string, price: string, taxClass: string) {
  const cents = parseDecimal(price.replace(/^\$/, ''));
  if (cents === undefined)
    throw invalidInput('--create', `must be TAG=price in dollars such as ${label}=12.50, not "${price}"`);
  if (cents < 0 || cents > AMOUNT_MAX_CENTS) {
    const bound = cents < 0 ? `at least ${formatMoney(0)}` : `at most ${formatMoney(AMOUNT_MAX_CENTS)}`;
    throw invalidInput('--create', `must be a price of ${bound} for package ${label}, not "${price}"`);
  }
  return { priceCents: cents, taxClass };
}

/** A package's quantity received (--received TAG=quantity) as typed: a plain decimal number, its range the service's. */
function receivedQuantity(label: string, amount: string): number {
  if (!/^-?\d+(\.\d+)?$/.test(amount)) {
    throw invalidInput('--received', `must be TAG=quantity such as ${label}=8, not "${amount}"`);
  }
  return Number(amount);
}

/**
 * Each package's decision from the options (and, with --match, the sure suggestions); the undecided
 * refused in words — unless the manifest cannot be received whatever is decided (received already, a
 * tag in stock already): then the service's refusal says so first, as it says it to the back office.
 */
function decide(manifest: Manifest, options: ReceiveOptions, refusedAnyway: boolean): ReceiptDecision[] {
  const products = byTag(options.product, '--product');
  const created = byTag(options.create, '--create');
  const received = byTag(options.received, '--received');
  const refused = byTag(options.refuse, '--refuse');
  const undecided: string[] = [];
  const decisions = manifest.packages.map((p): ReceiptDecision => {
    if (refused.has(p.label)) return { label: p.label, refused: refused.get(p.label)! };
    const amount = received.get(p.label);
    const arrived = amount === undefined ? {} : { received: receivedQuantity(p.label, amount) };
    const price = created.get(p.label);
    if (price !== undefined) {
      return { label: p.label, create: newProduct(p.label, price, options.taxClass), ...arrived };
    }
    const best = bestFit(p.suggestions);
    const product = products.get(p.label) ?? (options.match ? sureSuggestion(p.suggestions)?.productId : undefined);
    if (product === undefined) {
      const hint = best ? ` (${howSure(p.suggestions)} ${best.sku ?? best.productId}, ${best.name})` : '';
      undecided.push(`${p.label} (${p.itemName})${hint}`);
      return { label: p.label };
    }
    return { label: p.label, productId: product, ...arrived };
  });
  if (undecided.length > 0 && !refusedAnyway) {
    throw invalidInput(
      '--product',
      `is needed for ${undecided.length === 1 ? 'package' : 'packages'} ${undecided.join('; ')}: ` +
        'give --product TAG=SKU, or --refuse TAG=reason (--match takes the sure suggestions; --create TAG=price makes a new product)',
    );
  }
  return decisions;
}

function receiptTable(receipt: ReceiptView): string {
  const rows = receipt.lines.map((l) => ({
    package: l.label,
    product: l.productName ?? '',
    shipped: inUnit(l.shipped, l.unit),
    received: l.refused ? 'refused' : inUnit(l.received, l.unit),
    note: l.refused ?? (l.shortage > 0 ? `short ${inUnit(l.shortage, l.unit)}` : ''),
  }));
  return `${receiptSummary(receipt)}\n${table(rows, ['package', 'product', 'shipped', 'received', 'note'])}`;
}

/** Whether the preview says the delivery will be refused whatever is decided: received already, or a tag in stock already. */
const cannotBeReceived = (preview: ReceiptPreview) =>
  preview.receivedAlready !== null || (preview.manifest?.packages.some((p) => p.tagInStockAt !== null) ?? false);

/**
 * The service's fields as the command's options give them: "--received is 0: refuse package 1A4…
 * instead". A package's new product (--create TAG=price) takes its name, category, size and SKU
 * (its tag) from the manifest's item: a refusal of one says it is the new product's.
 */
const RECEIVE_FIELDS = {
  room: '--room',
  'packages[].productId': '--product',
  'packages[].received': '--received',
  'packages[].refused': '--refuse',
  'packages[].create': '--create',
  'packages[].create.priceCents': '--create',
  'packages[].create.taxClass': '--tax-class',
  'packages[].create.sku': "--create: the new product's SKU (the package's tag)",
  'packages[].create.name': "--create: the new product's name (the manifest's item)",
  'packages[].create.type': "--create: the new product's category",
  'packages[].create.size': "--create: the new product's size",
  'packages[].create.weight': "--create: the new product's weight",
  'packages[].create.unitType': "--create: the new product's unit",
};

/** `servicepay inventory receive FILE`: a delivery read from the shipper's manifest and received whole. */
export function registerReceiveCommand(inventory: Command): void {
  inventory
    .command('receive <file>')
    .description('Receive a delivery from its manifest (Metrc’s JSON, ours, or CSV): every package at once, or none')
    .requiredOption('--dispensary <short>', 'short name of the dispensary')
    .option('--room <room>', 'where the packages go: a room, or "Sales floor" (needed unless --preview)')
    .option('--product <tag=sku>', 'the product a package is (repeat for each)', collect, [])
    .option(
      '--create <tag=price>',
      'receive a package as a new product: named as the manifest names the item, its price in dollars (repeat for each)',
      collect,
      [],
    )
    .option('--tax-class <code>', 'the tax class of the products --create makes', 'cannabis')
    .option('--received <tag=quantity>', 'what arrived of a package, when less than shipped', collect, [])
    .option('--refuse <tag=reason>', 'refuse a package, with the reason', collect, [])
    .option('--match', 'take each package’s likeliest product where it is clearly the likeliest (the preview shows it)')
    .option('--preview', 'read and match the manifest only; receive nothing')
    .option('--note <words>', 'a note kept with the receipt')
    .option('--labels', 'then print a package label of each package received (servicepay inventory labels)')
    .option('--copies <n>', 'with --labels: labels of each package, 1 to 50 (default 1)')
    .option('--printer <register>', "with --labels: the register whose printer prints them (default: the store's only)")
    .addHelpText(
      'after',
      '\nExamples:\n  $ servicepay inventory receive delivery.csv --dispensary demo --preview\n' +
        '  $ servicepay inventory receive delivery.csv --dispensary demo --room Quarantine --match \\\n' +
        '      --received 1A4FF0100000022000000202=8 --refuse 1A4FF0100000022000000203="Seal broken"\n' +
        '  $ servicepay inventory receive delivery.csv --dispensary demo --room Vault --match \\\n' +
        '      --create 1A4FF0100000022000000202=24.00',
    )
    .action(
      action(async (cli, path: string, options: ReceiveOptions) => {
        const source = readFile(path);
        const preview = await cli.setup.receiving.preview(OPERATOR, options.dispensary, source);
        if (!preview.manifest) {
          const problems = preview.problems.map((p) => `  ${p.where}: ${p.message}`).join('\n');
          throw new ServicePayError('INVALID_INPUT', `${path} cannot be received: it has problems\n${problems}`);
        }
        if (options.preview) {
          const already = preview.receivedAlready ? `\nThis manifest was ${preview.receivedAlready}.` : '';
          cli.print(preview, previewTable(preview.manifest) + already);
          return;
        }
        if (options.room === undefined) throw invalidInput('--room', 'is needed: where the packages go (or --preview)');
        if (!options.labels && (options.copies ?? options.printer) !== undefined) {
          throw invalidInput('--labels', 'is needed with --copies and --printer: they say how its labels print');
        }
        const copies = options.labels ? labelCopies(options.copies) : undefined;
        const receipt = await cli.setup.receiving.receive(OPERATOR, options.dispensary, {
          ...source,
          room: options.room,
          packages: decide(preview.manifest, options, cannotBeReceived(preview)),
          ...(options.note !== undefined ? { note: options.note } : {}),
        });
        const answer = { resultCode: 'SUCCESS', resultReason: null, receipt };
        if (copies === undefined) return cli.print(answer, receiptTable(receipt));
        const labels = await labelsAfterReceiving(cli, options.dispensary, receipt.receiptId, {
          copies,
          printer: options.printer,
        });
        cli.print({ ...answer, ...labels }, () => `${receiptTable(receipt)}\n\n${labelsAfterText(labels)}`);
        if (!labels.labels?.printed) cli.io.fail();
      }, RECEIVE_FIELDS),
    );
}
