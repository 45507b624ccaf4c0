import type { Command } from 'commander';
import { PAYMENT_METHODS } from '../../../shared/contracts/payment.js';
import { invalidInput } from '../../../shared/errors.js';
import { deviceKindLabel, methodLabel } from '../../../shared/labels.js';
import { checkMethod } from '../../server/payments/store/methods-repository.js';
import { OPERATOR } from '../../server/setup/store-setup.js';
import { action, table, type CliContext } from '../cli-context.js';
import { storeNamer } from './store-names.js';

interface Where {
  location?: string;
  dispensary?: string;
}

/** The store and location named by `--location <id>`, or the primary location of `--dispensary <short>`. */
async function whereOf(cli: CliContext, where: Where): Promise<{ shortName: string; locationId?: string }> {
  if ((where.location === undefined) === (where.dispensary === undefined)) {
    throw invalidInput('--location', 'or --dispensary is required (exactly one of them)');
  }
  if (where.dispensary !== undefined) return { shortName: where.dispensary };
  const location = await cli.setup.locations.locations.require(cli.db, where.location!, '--location');
  return { shortName: location.dispensaryShortName, locationId: location.id };
}

const WHERE_HELP = ['--location <id>', 'the location (see `servicepay locations list`)'] as const;
const DISPENSARY_HELP = ['--dispensary <short>', "the dispensary's primary location, instead of --location"] as const;
const FIELDS = { processorName: '--processor', locationId: '--location', method: '<method>' };

function registerMethods(program: Command): void {
  const methods = program
    .command('methods')
    .description(`Payment methods each location takes, per processor (${PAYMENT_METHODS.join(', ')})`);
  for (const [name, enabled] of [
    ['enable', true],
    ['disable', false],
  ] as const) {
    methods
      .command(`${name} <methods...>`)
      .description(`${enabled ? 'Offer' : 'Stop offering'} methods at a location through a processor`)
      .option(...WHERE_HELP)
      .option(...DISPENSARY_HELP)
      .requiredOption('--processor <name>', 'the processor (of the location’s entity)')
      .addHelpText(
        'after',
        `\nExample:\n  $ servicepay methods ${name} Credit Debit Cash --dispensary demo --processor sandbox`,
      )
      .action(
        action(async (cli, names: string[], options: Where & { processor: string }) => {
          const checked = names.map((method) => checkMethod(method, '<method>'));
          const { shortName, locationId } = await whereOf(cli, options);
          const change = { locationId, processorName: options.processor, enabled };
          const changed = await cli.setup.methods.set(OPERATOR, shortName, change, checked);
          const results = changed.map(({ locationId: id, processorName, method }) => ({
            locationId: id,
            processor: processorName,
            method,
            enabled,
          }));
          const where = `${changed[0]!.locationName} (${shortName}) through ${options.processor}`;
          cli.print(
            results.length === 1 ? results[0] : results,
            `${checked.map(methodLabel).join(', ')} ${enabled ? 'enabled' : 'disabled'} at ${where}.`,
          );
        }, FIELDS),
      );
  }
  methods
    .command('list')
    .description('List the method switches (every entity, one entity, one dispensary or one location)')
    .option('--org <organizationId>', 'only this entity')
    .option('--dispensary <short>', 'only this dispensary')
    .option(...WHERE_HELP)
    .action(
      action(async (cli, options: { org?: string; location?: string; dispensary?: string }) => {
        const filter = { organizationId: options.org, locationId: options.location };
        const rows = (await cli.setup.methods.listEverywhere(OPERATOR, filter)).filter(
          (row) => options.dispensary === undefined || row.dispensaryShortName === options.dispensary,
        );
        const storeName = await storeNamer(cli, '');
        const listed = rows.map((row) => ({
          store: storeName(row.dispensaryShortName),
          location: row.locationName,
          processor: row.processorName,
          method: methodLabel(row.method),
          enabled: row.enabled ? 'yes' : 'no',
          'location id': row.locationId,
        }));
        cli.print(rows, () => table(listed, ['store', 'location', 'processor', 'method', 'enabled', 'location id']));
      }),
    );
}

function registerDevices(program: Command): void {
  const devices = program
    .command('devices')
    .description(
      'Payment device configurations of locations: PIN pads, and the card-not-present and cash-drawer ones the service keeps',
    );
  devices
    .command('add <name>')
    .description('Add a PIN pad; card-present methods (Credit, Debit, ATM at pos and ffd) need one')
    .option(...WHERE_HELP)
    .option(...DISPENSARY_HELP)
    .requiredOption('--processor <name>', 'the processor the PIN pad sends card payments to')
    .requiredOption('--model <model>', 'the device model')
    .requiredOption('--serial <serial>', 'the serial number (unique per processor)')
    .addHelpText(
      'after',
      '\nExample:\n  $ servicepay devices add "Back counter" --dispensary demo --processor sandbox --model P400 --serial SIM-2',
    )
    .action(
      action(
        async (cli, name: string, options: Where & { processor: string; model: string; serial: string }) => {
          const { shortName, locationId } = await whereOf(cli, options);
          const { model, serial: serialNumber, processor: processorName } = options;
          const added = await cli.setup.pinPads.add(OPERATOR, shortName, {
            name,
            locationId,
            processorName,
            model,
            serialNumber,
          });
          const { locationName, ...device } = added;
          cli.print(device, `Added PIN pad ${device.name} (${device.id}) at ${locationName} for ${processorName}.`);
        },
        { ...FIELDS, name: '<name>', model: '--model', serialNumber: '--serial' },
      ),
    );
  devices
    .command('list')
    .description('List device configurations (PIN pads, card not present, cash drawer)')
    .option('--org <organizationId>', 'only this entity')
    .option(...WHERE_HELP)
    .action(
      action(async (cli, options: { org?: string; location?: string }) => {
        const filter = { organizationId: options.org, locationId: options.location };
        const rows = await cli.setup.pinPads.listEverywhere(OPERATOR, filter);
        const listed = rows.map((device) => ({
          name: device.name,
          kind: deviceKindLabel(device.kind),
          processor: device.processorName,
          model: device.model,
          'serial number': device.serialNumber,
          disabled: device.disabled ? 'yes' : '',
          id: device.id,
        }));
        cli.print(rows, () => table(listed, ['name', 'kind', 'processor', 'model', 'serial number', 'disabled', 'id']));
      }),
    );
  devices
    .command('disable <deviceId>')
    .description('Disable a PIN pad (its card-present methods become unavailable until another is added)')
    .action(
      action(async (cli, deviceId: string) => {
        if (!/^[0-9a-f-]{36}$/i.test(deviceId)) throw invalidInput('<deviceId>', 'must be a PIN pad id (a UUID)');
        const device = await cli.setup.pinPads.disable(OPERATOR, deviceId);
        cli.print(device, `PIN pad ${device.name} disabled.`);
      }),
    );
}

/** `servicepay methods|devices …` */
export function registerPaymentDeviceCommands(program: Command): void {
  registerMethods(program);
  registerDevices(program);
}
