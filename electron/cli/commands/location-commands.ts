import type { Command } from 'commander';
import { OPERATOR } from '../../server/setup/store-setup.js';
import { action, table } from '../cli-context.js';

const DISPENSARY = ['--dispensary <short>', 'short name of the dispensary'] as const;

/** `servicepay locations add|list|rename`: where a store takes payments. */
export function registerLocationCommands(program: Command): void {
  const locations = program
    .command('locations')
    .description(
      'Locations of a dispensary. Its primary location (made with it) holds the catalog stock; payment methods ' +
        'and PIN pads are set per location',
    );
  locations
    .command('list')
    .description('List the locations of a dispensary, the primary first')
    .requiredOption(...DISPENSARY)
    .action(
      action(async (cli, options: { dispensary: string }) => {
        const listed = await cli.setup.locations.list(OPERATOR, options.dispensary);
        const rows = listed.map((location) => ({ ...location, primary: location.primary ? 'yes' : '' }));
        cli.print(listed, () => table(rows, ['name', 'primary', 'id']));
      }),
    );
  locations
    .command('add <name>')
    .description('Add a location (its name is unique in the dispensary)')
    .requiredOption(...DISPENSARY)
    .addHelpText('after', '\nExample:\n  $ servicepay locations add "Drive-up window" --dispensary mesa')
    .action(
      action(
        async (cli, name: string, options: { dispensary: string }) => {
          const location = await cli.setup.locations.add(OPERATOR, options.dispensary, name);
          const store = await cli.setup.access.store(OPERATOR, options.dispensary);
          cli.print(location, `Added location ${location.name} (id ${location.id}) to ${store.name}.`);
        },
        { name: '<name>' },
      ),
    );
  locations
    .command('rename <locationId> <name>')
    .description('Rename a location')
    .requiredOption(...DISPENSARY)
    .action(
      action(
        async (cli, locationId: string, name: string, options: { dispensary: string }) => {
          const before = await cli.setup.locations.list(OPERATOR, options.dispensary);
          const location = await cli.setup.locations.rename(OPERATOR, options.dispensary, locationId, name);
          const was = before.find((one) => one.id === location.id)?.name ?? location.id;
          cli.print(location, `Location ${was} is now ${location.name}.`);
        },
        { name: '<name>' },
      ),
    );
}
