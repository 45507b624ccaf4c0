import { tagWords } from '../../../shared/inventory/package-words.js';
import type { Command } from 'commander';
import type { PackageView, Room } from '../../../shared/contracts/rooms.js';
import { invalidInput } from '../../../shared/errors.js';
import { OPERATOR } from '../../server/setup/store-setup.js';
import { action, table } from '../cli-context.js';
import { quantityText } from '../../../shared/quantity.js';

const DISPENSARY = ['--dispensary <short>', 'short name of the dispensary'] as const;
const SUCCESS = { resultCode: 'SUCCESS', resultReason: null } as const;

/** The rooms by name, as people tell them apart (and as `room set` and `move --room` take them); `--json` keeps the ids. */
function roomsTable(rooms: readonly Room[]): string {
  const rows = rooms.map((room) => ({
    room: room.name,
    kind: room.kindName,
    sells: room.sells ? 'yes' : 'no',
    packages: String(room.packages),
    state: room.archived ? 'archived' : '',
  }));
  return table(rows, ['room', 'kind', 'sells', 'packages', 'state']);
}

function packagesTable(packages: readonly PackageView[]): string {
  const rows = packages.map((p) => ({
    package: tagWords(p.label),
    room: p.room.name,
    'on hand': quantityText(p.onHand),
    held: p.held === 0 ? '' : quantityText(p.held),
    packaged: p.packagedOn ?? '',
    expires: p.expiresOn ?? '',
    lab: p.labWords,
    next: p.sellsNext ? 'sells next' : '',
  }));
  return table(rows, ['package', 'room', 'on hand', 'held', 'packaged', 'expires', 'lab', 'next']);
}

/** `servicepay inventory rooms|room add|room set|packages|move`: a store's rooms and the packages in them. */
export function registerRoomCommands(inventory: Command): void {
  inventory
    .command('rooms')
    .description('The store’s sales floor and rooms, with the packages with stock in each')
    .requiredOption(...DISPENSARY)
    .action(
      action(async (cli, options: { dispensary: string }) => {
        const rooms = await cli.setup.rooms.list(OPERATOR, options.dispensary);
        cli.print({ ...SUCCESS, rooms }, roomsTable(rooms));
      }),
    );
  const room = inventory.command('room').description('Add or change a room of the store');
  room
    .command('add <name>')
    .description('Add a room whose stock does not sell: --kind storage (a vault, a back room) or quarantine')
    .requiredOption(...DISPENSARY)
    .option('--kind <kind>', 'storage or quarantine', 'storage')
    .action(
      action(
        async (cli, name: string, options: { dispensary: string; kind: string }) => {
          const kind = options.kind as 'storage' | 'quarantine';
          const added = await cli.setup.rooms.add(OPERATOR, options.dispensary, { name, kind });
          // In words, as the other room commands say a room (by its name); `--json` keeps the id.
          cli.print(
            { ...SUCCESS, room: added },
            `Added ${added.name}, a ${added.kindName.toLowerCase()} room: its stock does not sell.`,
          );
        },
        { name: '<name>', kind: '--kind' },
      ),
    );
  room
    .command('set <room>')
    .description('Rename a room (by its id or name), or archive it once empty (--archive) or bring it back (--restore)')
    .requiredOption(...DISPENSARY)
    .option('--name <name>', 'its new name')
    .option('--archive', 'archive it: it takes no package (refused while stock is in it)')
    .option('--restore', 'bring it back')
    .action(
      action(
        async (
          cli,
          ref: string,
          options: { dispensary: string; name?: string; archive?: boolean; restore?: boolean },
        ) => {
          if (options.archive && options.restore) {
            throw invalidInput('--archive', 'and --restore cannot be given together: archive it, or bring it back');
          }
          if (options.name === undefined && !options.archive && !options.restore) {
            throw invalidInput('--name', 'or --archive or --restore is needed: what changes?');
          }
          const rooms = await cli.setup.rooms.list(OPERATOR, options.dispensary);
          const found = rooms.find((r) => r.id === ref || r.name.toLowerCase() === ref.trim().toLowerCase());
          const archived = options.archive ? true : options.restore ? false : undefined;
          const changed = await cli.setup.rooms.update(OPERATOR, options.dispensary, found?.id ?? ref, {
            ...(options.name !== undefined ? { name: options.name } : {}),
            ...(archived !== undefined ? { archived } : {}),
          });
          cli.print({ ...SUCCESS, room: changed }, `${changed.name}${changed.archived ? ' (archived)' : ''}.`);
        },
        { name: '--name' },
      ),
    );
  inventory
    .command('packages <product>')
    .description('A product’s packages (by its id or SKU) in every room, the one its next sale takes first')
    .requiredOption(...DISPENSARY)
    .action(
      action(async (cli, product: string, options: { dispensary: string }) => {
        const packages = await cli.setup.moves.packagesOf(OPERATOR, options.dispensary, product);
        cli.print({ ...SUCCESS, packages }, packagesTable(packages));
      }),
    );
  inventory
    .command('package')
    .description('A package’s details from the state')
    .command('set <package>')
    .description('Set a package’s (by its id or state tag) packaged date, expiry date or lab results')
    .requiredOption(...DISPENSARY)
    .option('--packaged <date>', 'its packaged date, YYYY-MM-DD ("" clears it)')
    .option('--expires <date>', 'its expiry date, YYYY-MM-DD ("" clears it): the first to expire sells first')
    .option('--lab <words>', 'its lab results, one line ("" clears them)')
    .addHelpText(
      'after',
      '\nExample:\n  $ servicepay inventory package set 1A4060300003D12000000001 --dispensary demo --expires 2027-03-31 --lab "THC 21.4%, CBD 0.1%, passed"',
    )
    .action(
      action(
        async (
          cli,
          ref: string,
          options: { dispensary: string; packaged?: string; expires?: string; lab?: string },
        ) => {
          const changed = await cli.setup.packageDetails.set(OPERATOR, options.dispensary, ref, {
            ...(options.packaged !== undefined ? { packagedOn: options.packaged } : {}),
            ...(options.expires !== undefined ? { expiresOn: options.expires } : {}),
            ...(options.lab !== undefined ? { labResults: options.lab } : {}),
          });
          const words = [
            `packaged ${changed.packagedOn ?? 'not known'}`,
            `expires ${changed.expiresOn ?? 'not known'}`,
            `lab results ${changed.labWords || 'not known'}`,
          ];
          cli.print(
            { ...SUCCESS, package: changed },
            `${changed.productName} (${changed.label || changed.packageId}): ${words.join('; ')}.`,
          );
        },
        { packagedOn: '--packaged', expiresOn: '--expires', labResults: '--lab', package: '<package>' },
      ),
    );
  inventory
    .command('move <package>')
    .description('Move a whole package (by its id or state tag) to another room, or to the sales floor')
    .requiredOption(...DISPENSARY)
    .requiredOption('--room <room>', 'where to: a room’s name or id, or "Sales floor"')
    .option('--note <words>', 'why, in a sentence')
    .addHelpText(
      'after',
      '\nExamples:\n  $ servicepay inventory move 1A4060300003D12000000001 --dispensary demo --room Vault --note "Recall hold"\n' +
        '  $ servicepay inventory move 1A4060300003D12000000001 --dispensary demo --room "Sales floor"',
    )
    .action(
      action(
        async (cli, pkg: string, options: { dispensary: string; room: string; note?: string }) => {
          const answer = await cli.setup.moves.move(OPERATOR, options.dispensary, {
            package: pkg,
            room: options.room,
            ...(options.note !== undefined ? { note: options.note } : {}),
          });
          const { move } = answer;
          cli.print(
            { ...SUCCESS, ...answer },
            `Moved ${move.productName} (${move.packageLabel || move.packageId}): ${move.from} → ${move.to}.`,
          );
        },
        { package: '<package>', room: '--room', note: '--note' },
      ),
    );
}
