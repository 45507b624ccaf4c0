import type { Command } from 'commander';
import { PAYMENT_METHODS } from '../../../shared/contracts/payment.js';
import { invalidInput } from '../../../shared/errors.js';
import type { DataLayer } from '../../server/db/data-layer.js';
import { DispensaryRepository } from '../../server/catalog/dispensary-repository.js';
import { DevicesRepository } from '../../server/payments/store/devices-repository.js';
import { LocationsRepository, type LocationRecord } from '../../server/payments/store/locations-repository.js';
import { switchMethod } from '../../server/payments/config/location-methods.js';
import { checkMethod, MethodsRepository } from '../../server/payments/store/methods-repository.js';
import { ProcessorsRepository } from '../../server/payments/store/processors-repository.js';
import { action, table } from '../cli-context.js';

interface Where {
  location?: string;
  dispensary?: string;
}

/** The location named by `--location <id>`, or the primary location of `--dispensary <short>`. */
async function locationOf(db: DataLayer, where: Where): Promise<LocationRecord> {
  if ((where.location === undefined) === (where.dispensary === undefined)) {
    throw invalidInput('--location', 'or --dispensary is required (exactly one of them)');
  }
  const locations = new LocationsRepository(db);
  if (where.location) return locations.require(db, where.location, '--location');
  const dispensary = await new DispensaryRepository(db).findByShortName(where.dispensary!);
  if (!dispensary) throw invalidInput('--dispensary', `does not name a dispensary: ${where.dispensary}`);
  return locations.require(db, dispensary.primaryLocationId, '--dispensary');
}

const WHERE_HELP = ['--location <id>', 'the location (see `servicepay dispensaries list`)'] as const;
const DISPENSARY_HELP = ['--dispensary <short>', "the dispensary's primary location, instead of --location"] as const;

function registerMethods(program: Command): void {
  const methods = program
    .command('methods')
    .description(`Payment methods each location takes, per processor (${PAYMENT_METHODS.join(', ')})`);
  for (const [name, enabled] of [
    ['enable', true],
    ['disable', false],
  ] as const) {
    methods
      .command(`${name} <method>`)
      .description(`${enabled ? 'Offer' : 'Stop offering'} a method at a location through a processor`)
      .option(...WHERE_HELP)
      .option(...DISPENSARY_HELP)
      .requiredOption('--processor <name>', 'the processor (of the location’s entity)')
      .addHelpText('after', `\nExample:\n  $ servicepay methods ${name} ACH --dispensary demo --processor paynet`)
      .action(
        action(async (cli, method: string, options: Where & { processor: string }) => {
          const checked = checkMethod(method, '<method>');
          const location = await locationOf(cli.db, options);
          const processor = await new ProcessorsRepository(cli.db).require(
            cli.db,
            location.organizationId,
            options.processor,
            '--processor',
          );
          await cli.db.write((tx) =>
            switchMethod(
              cli.db,
              tx,
              { locationId: location.id, processorId: processor.id },
              checked,
              enabled,
              new Date(),
            ),
          );
          const result = { locationId: location.id, processor: processor.name, method: checked, enabled };
          cli.print(
            result,
            `${checked} ${enabled ? 'enabled' : 'disabled'} at ${location.name} (${location.dispensaryShortName}) through ${processor.name}.`,
          );
        }),
      );
  }
  methods
    .command('list')
    .description('List the method switches (every entity, one entity, or one location)')
    .option('--org <organizationId>', 'only this entity')
    .option(...WHERE_HELP)
    .action(
      action(async (cli, options: { org?: string; location?: string }) => {
        const filter = { organizationId: options.org, locationId: options.location };
        const rows = await new MethodsRepository(cli.db).list(cli.db, filter);
        cli.print(rows, () =>
          table(rows, ['dispensaryShortName', 'locationName', 'processorName', 'method', 'enabled', 'locationId']),
        );
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
      action(async (cli, name: string, options: Where & { processor: string; model: string; serial: string }) => {
        const location = await locationOf(cli.db, options);
        const processor = await new ProcessorsRepository(cli.db).require(
          cli.db,
          location.organizationId,
          options.processor,
          '--processor',
        );
        const device = await cli.db.write((tx) =>
          new DevicesRepository(cli.db).add(
            tx,
            {
              locationId: location.id,
              processorId: processor.id,
              name,
              model: options.model,
              serialNumber: options.serial,
            },
            new Date(),
          ),
        );
        cli.print(device, `Added PIN pad ${device.name} (${device.id}) at ${location.name} for ${processor.name}.`);
      }),
    );
  devices
    .command('list')
    .description('List device configurations (PIN pads, card not present, cash drawer)')
    .option('--org <organizationId>', 'only this entity')
    .option(...WHERE_HELP)
    .action(
      action(async (cli, options: { org?: string; location?: string }) => {
        const filter = { organizationId: options.org, locationId: options.location };
        const rows = await new DevicesRepository(cli.db).list(cli.db, filter);
        cli.print(rows, () =>
          table(rows, ['name', 'kind', 'processorName', 'model', 'serialNumber', 'disabled', 'id']),
        );
      }),
    );
  devices
    .command('disable <deviceId>')
    .description('Disable a PIN pad (its card-present methods become unavailable until another is added)')
    .action(
      action(async (cli, deviceId: string) => {
        if (!/^[0-9a-f-]{36}$/i.test(deviceId)) throw invalidInput('<deviceId>', 'must be a PIN pad id (a UUID)');
        const device = await cli.db.write((tx) => new DevicesRepository(cli.db).disable(tx, deviceId));
        cli.print(device, `PIN pad ${device.name} disabled.`);
      }),
    );
}

/** `servicepay methods|devices …` */
export function registerPaymentDeviceCommands(program: Command): void {
  registerMethods(program);
  registerDevices(program);
}
